#if PostgreSQL
import TodoCore
import TodoHistory

extension PostgresTodoRepository {
    static let listColumns = "id, name, open_count, done_count"

    static func readList(_ row: ServerRow) throws -> TodoList {
        TodoList(id: try row.int64(0), name: try row.text(1), openCount: try row.int(2), doneCount: try row.int(3))
    }

    public func forEachList(offset: Int, limit: Int?, _ body: (TodoList) throws -> Void) throws {
        try translatingErrors {
            // The order of the SQLite file's NOCASE: ASCII case folded, then by bytes.
            try server.forEachRow("SELECT \(Self.listColumns) FROM lists ORDER BY todo_nocase(name) COLLATE \"C\", id LIMIT $1 OFFSET $2",
                                  [limit.map(Int64.init), Int64(offset)]) {
                try body(Self.readList($0))
            }
        }
    }

    public func listPosition(of id: TodoList.ID) throws -> Int? {
        try translatingErrors {
            try server.first("""
                SELECT (SELECT count(*) FROM lists WHERE todo_nocase(name) COLLATE "C" < todo_nocase(l.name) COLLATE "C")
                FROM lists AS l WHERE l.id = $1
                """, [id]) { try $0.int(0) }
        }
    }

    public func list(named name: String) throws -> TodoList? {
        try translatingErrors {
            try server.first("SELECT \(Self.listColumns) FROM lists WHERE todo_nocase(name) = todo_nocase($1)", [name], Self.readList)
        }
    }

    package func list(id: TodoList.ID) throws -> TodoList? {
        try server.first("SELECT \(Self.listColumns) FROM lists WHERE id = $1", [id], Self.readList)
    }

    public func createList(named name: String) throws -> TodoList {
        try translatingErrors { try server.transaction { try applyCreateList(named: name) } }
    }

    public func renameList(_ id: TodoList.ID, to name: String) throws -> TodoList {
        try translatingErrors { try server.transaction { try applyRename(id, to: name) } }
    }

    public func deleteList(_ id: TodoList.ID, force: Bool) throws -> TodoList {
        try translatingErrors { try server.transaction { try applyDeleteList(id, force: force) } }
    }
}

/// Writing a list, in this server's SQL; the rules are `ListWriting`'s.
extension PostgresTodoRepository: ListWriting {
    package func listRow(_ id: Int64) throws -> ListRow? {
        try server.first("SELECT name, created_at FROM lists WHERE id = $1", [id]) { try ListRow.read($0, from: 0) } ?? nil
    }

    /// The name is looked up first: a refused insert would end the whole transaction.
    package func insertList(_ row: ListRow) throws -> TodoList.ID {
        if try list(named: row.name) != nil { throw TodoError.listExists(row.name) }
        guard let id = try server.first("INSERT INTO lists (name, created_at) VALUES ($1, $2) RETURNING id", row.values, { try $0.int64(0) })
        else { throw ServerError.refused("no id came back for the new list") }
        return id
    }

    package func writeName(_ name: String, ofList id: TodoList.ID) throws {
        if let other = try list(named: name), other.id != id { throw TodoError.listExists(name) }
        try server.run("UPDATE lists SET name = $1 WHERE id = $2", [name, id])
    }

    /// Its tasks go with it (ON DELETE CASCADE).
    package func deleteListRow(_ id: TodoList.ID) throws {
        try server.run("DELETE FROM lists WHERE id = $1", [id])
    }
}
#endif
