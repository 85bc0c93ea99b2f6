import TodoCore

extension SQLiteTodoRepository {
    /// Streams records into `tasks` with one prepared statement, inside one transaction (joined
    /// to the command's), so a bad record anywhere leaves nothing behind.
    public func importTasks(keepingIDs: Bool, _ produce: ((ImportedTask) throws -> Void) throws -> Void) throws -> ImportSummary {
        try translatingErrors {
            try db.transaction {
                // Ids up to this were handed out at some time, even if deleted since.
                let highestAssigned = try db.cached("SELECT seq FROM sqlite_sequence WHERE name = 'tasks'")
                    .bind([]).first { $0.int64(0) } ?? 0
                let insert = try db.cached("""
                    INSERT INTO tasks (id, list_id, title, notes, due, priority, done, created_at, updated_at, completed_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """)
                var listIDs: [String: TodoList.ID] = [:]
                var summary = ImportSummary(imported: 0, listsCreated: 0)
                let now = timestamp()
                try produce { record in
                    if keepingIDs {
                        guard let id = record.id else {
                            throw TodoError.invalidRecord(line: record.line, reason: "--keep-ids needs an id in every record")
                        }
                        guard id > highestAssigned else { throw TodoError.idAlreadyAssigned(id, line: record.line) }
                    }
                    let listID = try importedListID(record.listName, cache: &listIDs, summary: &summary)
                    let created = record.createdAt ?? now
                    let completed = record.isDone ? (record.completedAt ?? record.updatedAt ?? created) : nil
                    do {
                        try insert.bind([
                            keepingIDs ? record.id : nil, listID, record.title, record.notes, record.due?.description,
                            record.priority.rawValue, record.isDone, created, record.updatedAt ?? created, completed,
                        ]).run()
                    } catch let error as SQLiteError where error.isUniqueViolation {
                        throw TodoError.invalidRecord(line: record.line, reason: "task id \(record.id ?? 0) appears more than once")
                    } catch let error as SQLiteError where error.isConstraintViolation {
                        throw TodoError.invalidRecord(line: record.line, reason: error.message)
                    }
                    summary.imported += 1
                }
                return summary
            }
        }
    }

    /// The id of the list a record names, created the first time it is seen; remembered by
    /// name folded the way the database folds it (ASCII case only), so lookups happen once.
    private func importedListID(_ name: String, cache: inout [String: TodoList.ID], summary: inout ImportSummary) throws -> TodoList.ID {
        let key = String(decoding: name.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
        if let id = cache[key] { return id }
        let id: TodoList.ID
        if let list = try list(named: name) {
            id = list.id
        } else {
            id = try createList(named: name).id
            summary.listsCreated += 1
        }
        cache[key] = id
        return id
    }
}
