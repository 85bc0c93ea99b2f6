import TodoCore
import TodoSQL
import TodoHistory

extension SQLiteTodoRepository {
    static let listColumns = "id, name, open_count, done_count"

    static func readList(_ row: Statement) -> TodoList {
        TodoList(id: row.int64(0), name: row.text(1), openCount: row.int(2), doneCount: row.int(3))
    }

    public func forEachList(offset: Int, limit: Int?, _ body: (TodoList) throws -> Void) throws {
        try translatingErrors {
            // Served by the unique index on name, which uses the same NOCASE collation.
            try db.cached("SELECT \(Self.listColumns) FROM lists ORDER BY name, id LIMIT ? OFFSET ?").bind([limit ?? -1, offset])
                .forEachRow { try body(Self.readList($0)) }
        }
    }

    public func listPosition(of id: TodoList.ID) throws -> Int? {
        try translatingErrors {
            // Names are unique (ignoring case), so the ones before it are those that sort before.
            try db.cached("""
                SELECT (SELECT count(*) FROM lists WHERE name < l.name) FROM lists AS l WHERE l.id = ?
                """).bind([id]).first { $0.int(0) }
        }
    }

    public func list(named name: String) throws -> TodoList? {
        try translatingErrors {
            try db.cached("SELECT \(Self.listColumns) FROM lists WHERE name = ?").bind([name]).first(Self.readList)
        }
    }

    package func list(id: TodoList.ID) throws -> TodoList? {
        try db.cached("SELECT \(Self.listColumns) FROM lists WHERE id = ?").bind([id]).first(Self.readList)
    }

    public func createList(named name: String) throws -> TodoList {
        try translatingErrors { try db.transaction { try applyCreateList(named: name) } }
    }

    public func renameList(_ id: TodoList.ID, to name: String) throws -> TodoList {
        try translatingErrors { try db.transaction { try applyRename(id, to: name) } }
    }

    public func deleteList(_ id: TodoList.ID, force: Bool) throws -> TodoList {
        try translatingErrors { try db.transaction { try applyDeleteList(id, force: force) } }
    }
}

/// Writing a list, in this file's SQL; the rules are `ListWriting`'s.
extension SQLiteTodoRepository: ListWriting {
    package func insertList(_ row: ListRow) throws -> TodoList.ID {
        do {
            try db.cached("INSERT INTO lists (name, created_at) VALUES (?, ?)").bind(row.values).run()
        } catch let error as SQLiteError where error.isUniqueViolation {
            throw TodoError.listExists(row.name)
        }
        return db.lastInsertedRowID
    }

    package func writeName(_ name: String, ofList id: TodoList.ID) throws {
        do {
            try db.run("UPDATE lists SET name = ? WHERE id = ?", name, id)
        } catch let error as SQLiteError where error.isUniqueViolation {
            throw TodoError.listExists(name)
        }
    }

    /// Its tasks go with it (ON DELETE CASCADE). When they outnumber the rest, they go first,
    /// in slices of 50,000 ids with the indexes and triggers derived from tasks set aside and
    /// rebuilt once (`BulkLoad`): the cascade would run the search and count triggers for each
    /// and gather every rowid in memory first (39 MiB and 9 s for a million).
    package func deleteListRow(_ id: TodoList.ID) throws {
        let (tasks, stored) = try db.cached("""
            SELECT (SELECT open_count + done_count FROM lists WHERE id = ?), coalesce(sum(open_count) + sum(done_count), 0) FROM lists
            """).bind([id]).first { ($0.int(0), $0.int(1)) } ?? (0, 0)
        if BulkLoad.pays(for: tasks, in: stored, .deleting) {
            let bulk = try BulkLoad.start(db, .deleting)
            // Each slice ends at its 50,000th task, whatever gaps someone left between ids by
            // hand (Int64.min and .max included). The list holds most of the table, so walking
            // the rowids (NOT INDEXED: no sort of the list's index) finds it in one pass.
            var low: Int64 = .min
            while true {
                let high = try db.cached("SELECT id FROM tasks NOT INDEXED WHERE list_id = ? AND id >= ? ORDER BY id LIMIT 1 OFFSET 49999")
                    .bind([id, low]).first { $0.int64(0) } ?? .max
                try db.run("DELETE FROM tasks WHERE list_id = ? AND id >= ? AND id <= ?", id, low, high)
                if high == .max { break }
                low = high + 1
            }
            try bulk.finish()
        }
        try db.run("DELETE FROM lists WHERE id = ?", id)
    }
}
