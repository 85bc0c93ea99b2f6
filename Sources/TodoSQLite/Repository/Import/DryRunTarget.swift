import TodoCore
import TodoHistory

/// A dry run's import: every check the real one makes, with nothing written to the file.
///
/// Rolling a real import back would not be enough: a large transaction spills pages into the
/// write-ahead log before it ends, so the log would grow even though nothing is committed. What
/// the checks need to remember (ids seen, lists that would be created) goes to temporary
/// tables instead, which live outside the file and vanish with the transaction.
struct DryRunTarget: ImportTarget {
    private let db: Connection
    private let keepingIDs: Bool

    init(db: Connection, keepingIDs: Bool) throws {
        self.db = db
        self.keepingIDs = keepingIDs
        try db.execute("""
            CREATE TEMP TABLE import_ids (id INTEGER PRIMARY KEY);
            CREATE TEMP TABLE import_uuids (uuid TEXT PRIMARY KEY) WITHOUT ROWID;
            CREATE TEMP TABLE import_lists (name TEXT PRIMARY KEY COLLATE NOCASE) WITHOUT ROWID
            """)
    }

    /// An existing list's id, or a stand-in (never stored) for one the import would create.
    func list(named name: String, repository: SQLiteTodoRepository) throws -> (TodoList.ID, created: Bool) {
        if let list = try repository.list(named: name) { return (list.id, false) }
        try db.run("INSERT OR IGNORE INTO temp.import_lists (name) VALUES (?)", name)
        return (0, db.changes == 1)
    }

    mutating func insert(_ rows: [ImportRow]) throws {
        for row in rows {
            if let uuid = row.record.uuid { try check(uuid, line: row.record.line) }
            guard keepingIDs, let id = row.record.id else { continue }
            do {
                try db.run("INSERT INTO temp.import_ids (id) VALUES (?)", id)
            } catch let error as SQLiteError where error.isUniqueViolation {
                throw TodoError.invalidRecord(line: row.record.line, reason: "task id \(id) appears more than once")
            }
        }
    }

    var writes: Bool { false }

    func noteMerged(_ uuid: TodoUUID, task: TodoTask.ID, line: Int) throws {
        try check(uuid, line: line)
    }

    /// A uuid no record before had (one a task here has is merged, and never gets here).
    private func check(_ uuid: TodoUUID, line: Int) throws {
        do {
            try db.run("INSERT INTO temp.import_uuids (uuid) VALUES (?)", uuid.text)
        } catch let error as SQLiteError where error.isUniqueViolation {
            throw TodoError.invalidRecord(line: line, reason: ImportedTask.uuidRepeated(uuid))
        }
    }

    func finish() throws {}

    func end() {
        try? db.execute("DROP TABLE IF EXISTS temp.import_ids; DROP TABLE IF EXISTS temp.import_lists; DROP TABLE IF EXISTS temp.import_uuids")
    }
}
