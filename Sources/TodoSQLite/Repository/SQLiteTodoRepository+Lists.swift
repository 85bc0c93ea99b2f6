import TodoCore
import TodoHistory

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
            let created = ListRow(name: name, createdAt: timestamp())
            do {
                try db.cached("INSERT INTO lists (name, created_at) VALUES (?, ?)").bind(created.values).run()
            } catch let error as SQLiteError where error.isUniqueViolation {
                throw TodoError.listExists(name)
            }
            let id = db.lastInsertedRowID
            try recorder?.list(id, before: nil, after: created, .listCreated(name))
            return TodoList(id: id, name: name, openCount: 0, doneCount: 0)
        }
    }

    public func renameList(_ id: TodoList.ID, to name: String) throws -> TodoList {
        try translatingErrors {
            guard let before = try listRow(id) else { throw TodoError.listNotFound(String(id)) }
            do {
                try db.run("UPDATE lists SET name = ? WHERE id = ?", name, id)
            } catch let error as SQLiteError where error.isUniqueViolation {
                throw TodoError.listExists(name)
            }
            guard let list = try list(id: id) else { throw TodoError.listNotFound(String(id)) }
            if before.name != name {
                try recorder?.list(id, before: before, after: ListRow(name: name, createdAt: before.createdAt),
                                   .listRenamed(from: before.name, to: name))
            }
            return list
        }
    }

    public func deleteList(_ id: TodoList.ID, force: Bool) throws -> TodoList {
        try translatingErrors {
            try db.transaction {
                guard let list = try list(id: id) else { throw TodoError.listNotFound(String(id)) }
                let taskCount = list.taskCount
                guard force || taskCount == 0 else { throw TodoError.listNotEmpty(list.name, taskCount: taskCount) }
                if let recorder {
                    // Its tasks go with it (ON DELETE CASCADE): each is recorded, for undo.
                    try db.cached("SELECT t.id, \(TaskRow.selected) FROM tasks AS t WHERE t.list_id = ?")
                        .bind([id]).forEachRow { row in try recorder.task(row.int64(0), before: TaskRow.read(row, from: 1), after: nil) }
                    try recorder.list(id, before: listRow(id), after: nil, .listDeleted(list.name, tasks: taskCount))
                }
                try db.run("DELETE FROM lists WHERE id = ?", id)
                return list
            }
        }
    }
}
