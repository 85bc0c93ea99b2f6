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

/// Writing a list: the rules and statements are `ListWriting`'s.
extension PostgresTodoRepository: ListWriting {}
#endif
