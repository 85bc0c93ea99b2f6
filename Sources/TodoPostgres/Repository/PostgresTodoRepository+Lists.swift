#if PostgreSQL
import TodoCore
import TodoHistory

extension PostgresTodoRepository {
    static let listColumns = "id, name, open_count, done_count"

    static func readList(_ row: ServerRow) throws -> TodoList {
        TodoList(id: try row.int64(0), name: try row.text(1), openCount: try row.int(2), doneCount: try row.int(3))
    }

    public func forEachList(_ body: (TodoList) throws -> Void) throws {
        try translatingErrors {
            // The order of the SQLite file's NOCASE: ASCII case folded, then by bytes.
            try server.forEachRow("SELECT \(Self.listColumns) FROM lists ORDER BY todo_nocase(name) COLLATE \"C\", id") {
                try body(Self.readList($0))
            }
        }
    }

    public func list(named name: String) throws -> TodoList? {
        try translatingErrors {
            try server.first("SELECT \(Self.listColumns) FROM lists WHERE todo_nocase(name) = todo_nocase($1)", [name], Self.readList)
        }
    }

    func list(id: TodoList.ID) throws -> TodoList? {
        try server.first("SELECT \(Self.listColumns) FROM lists WHERE id = $1", [id], Self.readList)
    }

    func listRow(_ id: Int64) throws -> ListRow? {
        try server.first("SELECT name, created_at FROM lists WHERE id = $1", [id]) { try ListRow.read($0, from: 0) } ?? nil
    }

    public func createList(named name: String) throws -> TodoList {
        try translatingErrors {
            try server.transaction {
                // Looked up first: a refused insert would end the whole transaction.
                if try list(named: name) != nil { throw TodoError.listExists(name) }
                let created = ListRow(name: name, createdAt: timestamp())
                guard let id = try server.first("INSERT INTO lists (name, created_at) VALUES ($1, $2) RETURNING id", created.values, { try $0.int64(0) })
                else { throw ServerError.refused("no id came back for the new list") }
                try recorder?.list(id, before: nil, after: created, .listCreated(name))
                return TodoList(id: id, name: name, openCount: 0, doneCount: 0)
            }
        }
    }

    public func renameList(_ id: TodoList.ID, to name: String) throws -> TodoList {
        try translatingErrors {
            try server.transaction {
                guard let before = try listRow(id) else { throw TodoError.listNotFound(String(id)) }
                if let other = try list(named: name), other.id != id { throw TodoError.listExists(name) }
                try server.run("UPDATE lists SET name = $1 WHERE id = $2", [name, id])
                guard let list = try list(id: id) else { throw TodoError.listNotFound(String(id)) }
                if before.name != name {
                    try recorder?.list(id, before: before, after: ListRow(name: name, createdAt: before.createdAt),
                                       .listRenamed(from: before.name, to: name))
                }
                return list
            }
        }
    }

    public func deleteList(_ id: TodoList.ID, force: Bool) throws -> TodoList {
        try translatingErrors {
            try server.transaction {
                guard let list = try list(id: id) else { throw TodoError.listNotFound(String(id)) }
                let taskCount = list.taskCount
                guard force || taskCount == 0 else { throw TodoError.listNotEmpty(list.name, taskCount: taskCount) }
                if let recorder {
                    // Its tasks go with it (ON DELETE CASCADE): each is recorded, for undo. Read a
                    // page at a time, as the record may be written out meanwhile on this connection.
                    var after: Int64 = 0
                    while true {
                        let page = try server.rows(
                            "SELECT t.id, \(TaskRow.selected) FROM tasks AS t WHERE t.list_id = $1 AND t.id > $2 ORDER BY t.id LIMIT 256",
                            [id, after])
                        for row in page {
                            after = try row.int64(0)
                            try recorder.task(after, before: try TaskRow.read(row, from: 1), after: nil)
                        }
                        if page.count < 256 { break }
                    }
                    try recorder.list(id, before: listRow(id), after: nil, .listDeleted(list.name, tasks: taskCount))
                }
                try server.run("DELETE FROM lists WHERE id = $1", [id])
                return list
            }
        }
    }
}
#endif
