import TodoCore
import TodoSQL

/// Reading lists, once for every backend: by name (ignoring ASCII case), by id, a window of them
/// in name order, and where one stands in that order. The repositories' public methods hand over
/// to these.
extension SQLRepository {
    private static var columns: String { "id, name, open_count, done_count, uuid" }
    private static var listOfTask: String { "SELECT l.id, l.name, l.open_count, l.done_count, l.uuid FROM lists AS l JOIN tasks AS t ON t.list_id = l.id WHERE t.id = $1" }

    private static func list(_ row: any SQLRow) throws -> TodoList {
        let id = try row.int64(0)
        let uuid = try row.optionalText(4)
        guard let uuid, let read = TodoUUID(stored: uuid) else {
            throw TodoError.unreadableList(id, field: "uuid", value: uuid ?? "NULL", expected: "a uuid in lowercase")
        }
        return TodoList(id: id, uuid: read, name: try row.text(1), openCount: try row.int(2), doneCount: try row.int(3))
    }

    /// `limit` lists (all, when nil) from `offset`, in name order, then by id.
    package func forEachStoredList(offset: Int, limit: Int?, _ body: (TodoList) throws -> Void) throws {
        let dialect = session.dialect
        try session.forEachRow("SELECT \(Self.columns) FROM lists ORDER BY \(dialect.nameOrder("name")), id LIMIT $1 OFFSET $2",
                               [dialect.limit(limit), .integer(Int64(offset))]) { try body(Self.list($0)) }
    }

    /// How many lists come before list `id` in name order (names are unique ignoring case, so
    /// those whose name sorts before it); nil when there is no such list.
    package func storedListPosition(of id: TodoList.ID) throws -> Int? {
        let dialect = session.dialect
        return try session.first("""
            SELECT (SELECT count(*) FROM lists WHERE \(dialect.nameOrder("name")) < \(dialect.nameOrder("l.name"))) FROM lists AS l WHERE l.id = $1
            """, [.integer(id)]) { try $0.int(0) }
    }

    /// The list with this name, ignoring ASCII case.
    package func storedList(named name: String) throws -> TodoList? {
        try session.first("SELECT \(Self.columns) FROM lists WHERE \(session.dialect.sameName("name", "$1"))", [.text(name)], Self.list)
    }

    public func list(id: TodoList.ID) throws -> TodoList? {
        try translatingErrors { try session.first("SELECT \(Self.columns) FROM lists WHERE id = $1", [.integer(id)], Self.list) }
    }

    public func list(ofTask id: TodoTask.ID) throws -> TodoList? {
        try translatingErrors { try session.first(Self.listOfTask, [.integer(id)], Self.list) }
    }
}
