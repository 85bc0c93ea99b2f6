import TodoCore
import TodoSQL

/// What a row of the hub must still be for a sync to write it: as the sync read it (its
/// transaction, `changed_in`), or, for a row the sync did not read, unchanged since the sync's
/// snapshot.
struct Unchanged {
    let condition: (Int) -> String
    let value: SQLValue

    static func readIn(_ transaction: String) -> Unchanged {
        Unchanged(condition: { "changed_in = $\($0)::xid8" }, value: .text(transaction))
    }

    static func since(_ snapshot: String) -> Unchanged {
        Unchanged(condition: { "pg_visible_in_snapshot(changed_in, $\($0)::pg_snapshot)" }, value: .text(snapshot))
    }
}

/// One side of a sync, this file or the hub: the same statements write both, as every rule
/// written once for both backends does (their SQL differs only where the dialect says).
struct SyncSide {
    let session: any SQLSession
    /// When rows this sync creates were created.
    let now: String
    let isHub: Bool

    func listID(_ uuid: String) throws -> Int64? {
        try session.first("SELECT id FROM lists WHERE uuid = $1", [.text(uuid)]) { try $0.int64(0) }
    }

    /// The list's name, and when it was created. A name that is not UTF-8 (written by hand
    /// into a file) stops the sync: it would reach the hub with U+FFFD in place of its bytes.
    func list(_ uuid: String) throws -> (name: String, createdAt: String)? {
        try session.first("SELECT name, created_at, id FROM lists WHERE uuid = $1", [.text(uuid)]) { row in
            guard row.isUTF8(0) else { throw SyncFailure.listNameNotUTF8(try row.int64(2)) }
            return (try row.text(0), try row.text(1))
        }
    }

    /// The list of this name, whatever its case.
    func list(named name: String) throws -> (id: Int64, uuid: String)? {
        try session.first("SELECT id, uuid FROM lists WHERE \(session.dialect.sameName("name", "$1"))", [.text(name)]) {
            (try $0.int64(0), try $0.text(1))
        }
    }

    @discardableResult
    func createList(_ uuid: String, name: String, createdAt: String?) throws -> Int64 {
        try session.insert("INSERT INTO lists (name, created_at, uuid) VALUES ($1, $2, $3)", [.text(name), .text(createdAt ?? now), .text(uuid)])
    }

    func renameList(_ uuid: String, to name: String, _ unchanged: Unchanged? = nil) throws {
        try guarded(unchanged, "UPDATE lists SET name = $1 WHERE uuid = $2", [.text(name), .text(uuid)])
    }

    func deleteList(_ uuid: String, _ unchanged: Unchanged? = nil) throws {
        try guarded(unchanged, "DELETE FROM lists WHERE uuid = $1", [.text(uuid)])
    }

    func hasTasks(inList uuid: String) throws -> Bool {
        try session.first("SELECT 1 FROM tasks AS t JOIN lists AS l ON l.id = t.list_id WHERE l.uuid = $1 LIMIT 1", [.text(uuid)]) { _ in true } ?? false
    }

    /// The task as this side has it.
    func task(_ uuid: String) throws -> SyncedRow? {
        try session.first("SELECT \(SyncedRows.fields) FROM \(SyncedRows.live(session.dialect)) AS s WHERE uuid = $1", [.text(uuid)]) {
            try SyncedRows.read($0)
        }
    }

    /// Stores a task this side does not have, with its id; false when the id is another task's.
    func insert(_ uuid: String, _ row: SyncedRow, list: Int64) throws -> Bool {
        let t = row.task
        let stored = try session.run("""
            INSERT INTO tasks (id, list_id, title, notes, due, priority, done, completed_at, created_at, updated_at, repeat, repeat_from, uuid)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT (id) DO NOTHING
            """, Self.insertValues(uuid, row, list: list))
        guard stored == 1 else { return false }
        // A new row has no tags yet: no need to read them first.
        for tag in t.tags { try session.run("INSERT INTO task_tags (task_id, tag) VALUES ($1, $2)", [.integer(row.id), .text(tag)]) }
        return true
    }

    /// The values of an INSERT of a task, in `insert`'s order of columns.
    static func insertValues(_ uuid: String, _ row: SyncedRow, list: Int64) -> [SQLValue] {
        let t = row.task
        return [.integer(row.id), .integer(list), .text(t.title), SQLValue(t.notes), SQLValue(t.due), .text(t.priority), .bool(t.done),
                SQLValue(t.completedAt), .text(t.createdAt), .text(t.updatedAt), SQLValue(t.repeat), .text(t.repeatFrom), .text(uuid)]
    }

    /// Writes every field of a task this side has (found by its uuid), its tags too. (The hub's
    /// are written many to a statement: `HubTaskWrites`.)
    func update(_ uuid: String, _ row: SyncedRow, list: Int64) throws {
        let t = row.task
        try session.run("""
            UPDATE tasks SET list_id = $1, title = $2, notes = $3, due = $4, priority = $5, done = $6, completed_at = $7,
                created_at = $8, updated_at = $9, repeat = $10, repeat_from = $11 WHERE uuid = $12
            """, [.integer(list), .text(t.title), SQLValue(t.notes), SQLValue(t.due), .text(t.priority), .bool(t.done), SQLValue(t.completedAt),
                  .text(t.createdAt), .text(t.updatedAt), SQLValue(t.repeat), .text(t.repeatFrom), .text(uuid)])
        try setTags(t.tags, of: row.id)
    }

    func deleteTask(_ uuid: String) throws {
        try session.run("DELETE FROM tasks WHERE uuid = $1", [.text(uuid)])
    }

    /// Runs a write of one row, on the hub only if no one changed the row since the sync read it
    /// (psql takes none of todo's locks): otherwise the sync stops, and nothing of it is kept.
    private func guarded(_ unchanged: Unchanged?, _ sql: String, _ values: [SQLValue]) throws {
        guard let unchanged else {
            try session.run(sql, values)
            return
        }
        let written = try session.run(sql + " AND " + unchanged.condition(values.count + 1), values + [unchanged.value])
        if written == 0 { throw SyncFailure.hubChangedMeanwhile }
    }

    /// The task's tags become `tags`, each spelled as given (the merge chose the spelling).
    private func setTags(_ tags: [String], of id: Int64) throws {
        let now = try session.first("SELECT \(session.dialect.tags(ofTask: "$1"))", [.integer(id)]) { try $0.text(0) } ?? ""
        guard !now.hasSameScalars(as: SyncedRows.text(of: tags)) else { return }
        try session.run("DELETE FROM task_tags WHERE task_id = $1", [.integer(id)])
        for tag in tags { try session.run("INSERT INTO task_tags (task_id, tag) VALUES ($1, $2)", [.integer(id), .text(tag)]) }
    }
}

extension SyncSide {
    /// Hands each uuid of `table` (where `condition` holds) to `body` in order, read a few hundred
    /// at a time, so that no count of lists or tasks is held in memory at once, and `body` may
    /// write to the tables it reads.
    func forEachUUID(in table: String, where condition: String = "1 = 1", _ body: (String) throws -> Void) throws {
        var last = ""
        while true {
            var batch: [String] = []
            try session.forEachRow("SELECT uuid FROM \(table) WHERE uuid > $1 AND \(condition) ORDER BY uuid LIMIT 500", [.text(last)]) {
                batch.append(try $0.text(0))
            }
            for uuid in batch { try body(uuid) }
            guard batch.count == 500, let end = batch.last else { return }
            last = end
        }
    }
}
