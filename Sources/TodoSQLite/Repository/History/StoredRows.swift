/// A row of `tasks` exactly as stored, nothing read into the domain's types or normalised: what
/// a change recorded and what undo puts back, byte for byte.
struct TaskRow: Equatable {
    var listID: Int64
    var title: String
    var notes: String?
    var due: String?
    var priority: String
    var done: Int64
    var createdAt: String
    var updatedAt: String
    var completedAt: String?

    /// The columns of `tasks` (besides `id`), in the order of the fields above.
    static let columns = ["list_id", "title", "notes", "due", "priority", "done", "created_at", "updated_at", "completed_at"]

    /// Reads the row from `columns.count` columns starting at `first`; nil when they are NULL
    /// (`title` never is in a task: a NULL there is the side of a history row with no task).
    static func read(_ row: Statement, from first: Int32) -> TaskRow? {
        guard !row.isNull(first + 1) else { return nil }
        return TaskRow(
            listID: row.int64(first), title: row.text(first + 1), notes: row.optionalText(first + 2),
            due: row.optionalText(first + 3), priority: row.text(first + 4), done: row.int64(first + 5),
            createdAt: row.text(first + 6), updatedAt: row.text(first + 7), completedAt: row.optionalText(first + 8))
    }

    var values: [(any SQLBindable)?] {
        [listID, title, notes, due, priority, done, createdAt, updatedAt, completedAt]
    }

    /// The values of no task: the side of a history row where the task did not exist.
    static var nothing: [(any SQLBindable)?] { Array(repeating: nil, count: columns.count) }
}

/// A row of `lists` exactly as stored (its counts are the triggers' business).
struct ListRow: Equatable {
    var name: String
    var createdAt: String

    static let columns = ["name", "created_at"]

    static func read(_ row: Statement, from first: Int32) -> ListRow? {
        row.isNull(first) ? nil : ListRow(name: row.text(first), createdAt: row.text(first + 1))
    }

    var values: [(any SQLBindable)?] { [name, createdAt] }
}

extension SQLiteTodoRepository {
    func taskRow(_ id: Int64) throws -> TaskRow? {
        try db.cached("SELECT \(TaskRow.columns.joined(separator: ", ")) FROM tasks WHERE id = ?")
            .bind([id]).first { TaskRow.read($0, from: 0) } ?? nil
    }

    func listRow(_ id: Int64) throws -> ListRow? {
        try db.cached("SELECT name, created_at FROM lists WHERE id = ?").bind([id]).first { ListRow.read($0, from: 0) } ?? nil
    }
}
