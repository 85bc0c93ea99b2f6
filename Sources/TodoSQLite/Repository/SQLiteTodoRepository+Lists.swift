import TodoCore

extension SQLiteTodoRepository {
    static let listColumns = "id, name, open_count, done_count"

    static func readList(_ row: Statement) -> TodoList {
        TodoList(id: row.int64(0), name: row.text(1), openCount: row.int(2), doneCount: row.int(3))
    }

    public func forEachList(_ body: (TodoList) throws -> Void) throws {
        try translatingErrors {
            // Served by the unique index on name, which uses the same NOCASE collation.
            try db.cached("SELECT \(Self.listColumns) FROM lists ORDER BY name, id").bind([])
                .forEachRow { try body(Self.readList($0)) }
        }
    }

    public func list(named name: String) throws -> TodoList? {
        try translatingErrors {
            try db.cached("SELECT \(Self.listColumns) FROM lists WHERE name = ?").bind([name]).first(Self.readList)
        }
    }

    func list(id: TodoList.ID) throws -> TodoList? {
        try db.cached("SELECT \(Self.listColumns) FROM lists WHERE id = ?").bind([id]).first(Self.readList)
    }

    public func createList(named name: String) throws -> TodoList {
        try translatingErrors {
            do {
                try db.run("INSERT INTO lists (name, created_at) VALUES (?, ?)", name, timestamp())
            } catch let error as SQLiteError where error.isUniqueViolation {
                throw TodoError.listExists(name)
            }
            return TodoList(id: db.lastInsertedRowID, name: name, openCount: 0, doneCount: 0)
        }
    }

    public func renameList(_ id: TodoList.ID, to name: String) throws -> TodoList {
        try translatingErrors {
            do {
                try db.run("UPDATE lists SET name = ? WHERE id = ?", name, id)
            } catch let error as SQLiteError where error.isUniqueViolation {
                throw TodoError.listExists(name)
            }
            guard db.changes == 1, let list = try list(id: id) else { throw TodoError.listNotFound(String(id)) }
            return list
        }
    }

    public func deleteList(_ id: TodoList.ID, force: Bool) throws -> TodoList {
        try translatingErrors {
            try db.transaction {
                guard let list = try list(id: id) else { throw TodoError.listNotFound(String(id)) }
                let taskCount = list.taskCount
                guard force || taskCount == 0 else { throw TodoError.listNotEmpty(list.name, taskCount: taskCount) }
                // Its tasks go with it: ON DELETE CASCADE.
                try db.run("DELETE FROM lists WHERE id = ?", id)
                return list
            }
        }
    }
}
