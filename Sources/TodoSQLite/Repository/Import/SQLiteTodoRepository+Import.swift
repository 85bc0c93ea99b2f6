import TodoCore

extension SQLiteTodoRepository {
    /// Streams records into `tasks` inside one transaction (joined to the command's), so a bad
    /// record anywhere leaves nothing behind.
    public func importTasks(keepingIDs: Bool, _ produce: ((ImportedTask) throws -> Void) throws -> Void) throws -> ImportSummary {
        try translatingErrors {
            try db.transaction {
                var importer = try TaskImporter(repository: self, keepingIDs: keepingIDs, now: timestamp())
                try produce { try importer.add($0) }
                try importer.finish()
                return importer.summary
            }
        }
    }
}

/// Inserts imported records in batches of many rows per INSERT.
///
/// One row per statement would be slow: every statement on `tasks` runs triggers, so SQLite
/// opens a statement savepoint for it, and FTS5 writes its pending index out at each savepoint,
/// one tiny segment per row, which it then spends most of the import merging.
struct TaskImporter {
    private static let batchSize = 500
    private static let columns = "(id, list_id, title, notes, due, priority, done, created_at, updated_at, completed_at)"

    private let repository: SQLiteTodoRepository
    private let keepingIDs: Bool
    private let now: String
    /// Ids up to this were handed out at some time, even if deleted since.
    private let highestAssigned: Int64
    private var batch: [(ImportedTask, TodoList.ID)] = []
    private var listIDs: [String: TodoList.ID] = [:]
    private(set) var summary = ImportSummary(imported: 0, listsCreated: 0)

    init(repository: SQLiteTodoRepository, keepingIDs: Bool, now: String) throws {
        self.repository = repository
        self.keepingIDs = keepingIDs
        self.now = now
        highestAssigned = try repository.db.cached("SELECT seq FROM sqlite_sequence WHERE name = 'tasks'")
            .bind([]).first { $0.int64(0) } ?? 0
        batch.reserveCapacity(Self.batchSize)
    }

    mutating func add(_ record: ImportedTask) throws {
        if keepingIDs {
            guard let id = record.id else {
                throw TodoError.invalidRecord(line: record.line, reason: "--keep-ids needs an id in every record")
            }
            guard id > highestAssigned else { throw TodoError.idAlreadyAssigned(id, line: record.line) }
        }
        batch.append((record, try listID(record.listName)))
        if batch.count == Self.batchSize { try flush() }
    }

    mutating func finish() throws {
        try flush()
    }

    private mutating func flush() throws {
        guard !batch.isEmpty else { return }
        do {
            try insert(batch)
        } catch let error as SQLiteError where error.isConstraintViolation {
            // The batch went back as a whole; row by row, the failing record names its line.
            for row in batch { try insertNamingTheRecord(row) }
        }
        summary.imported += batch.count
        batch.removeAll(keepingCapacity: true)
    }

    private func insertNamingTheRecord(_ row: (ImportedTask, TodoList.ID)) throws {
        do {
            try insert([row])
        } catch let error as SQLiteError where error.isUniqueViolation {
            throw TodoError.invalidRecord(line: row.0.line, reason: "task id \(row.0.id ?? 0) appears more than once")
        } catch let error as SQLiteError where error.isConstraintViolation {
            throw TodoError.invalidRecord(line: row.0.line, reason: error.message)
        }
    }

    /// One INSERT for all of `rows`; its statement is prepared once per batch size.
    private func insert(_ rows: [(ImportedTask, TodoList.ID)]) throws {
        let values = Array(repeating: "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", count: rows.count).joined(separator: ", ")
        let statement = try repository.db.cached("INSERT INTO tasks \(Self.columns) VALUES \(values)")
        statement.reset()
        var index: Int32 = 0
        func next(_ value: (any SQLBindable)?) throws {
            index += 1
            try statement.bind(value, at: index)
        }
        for (record, listID) in rows {
            let created = record.createdAt ?? now
            try next(keepingIDs ? record.id : nil)
            try next(listID)
            try next(record.title)
            try next(record.notes)
            try next(record.due?.description)
            try next(record.priority.rawValue)
            try next(record.isDone)
            try next(created)
            try next(record.updatedAt ?? created)
            try next(record.isDone ? (record.completedAt ?? record.updatedAt ?? created) : nil)
        }
        try statement.run()
    }

    /// The id of the list a record names, created the first time it is seen; remembered by
    /// name folded the way the database folds it (ASCII case only), so lookups happen once.
    private mutating func listID(_ name: String) throws -> TodoList.ID {
        let key = String(decoding: name.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
        if let id = listIDs[key] { return id }
        let (list, created) = try repository.listCreatingIfNeeded(named: name)
        if created { summary.listsCreated += 1 }
        listIDs[key] = list.id
        return list.id
    }
}
