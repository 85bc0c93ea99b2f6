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

/// Writing a list: the rules and statements are `ListWriting`'s.
extension SQLiteTodoRepository: ListWriting {}
