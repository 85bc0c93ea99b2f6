import TodoCore
import TodoHistory
import TodoSQL

/// How the file reads and binds the rows the history records (`TaskRow`, `ListRow`).
extension TaskRow {
    /// A task's tags as one text, from a query with `id` in scope.
    static func tagsOf(_ id: String) -> String {
        SQLiteDialect().tags(ofTask: id)
    }

    /// What selects `fields` of the task `t`.
    static let selected = selected(SQLiteDialect())

    /// Reads the row from `fields.count` columns starting at `first`; nil when they are NULL
    /// (`title` never is in a task: a NULL there is the side of a history row with no task).
    static func read(_ row: Statement, from first: Int32) -> TaskRow? {
        guard !row.isNull(first + 1) else { return nil }
        return TaskRow(
            listID: row.int64(first), title: row.text(first + 1), notes: row.optionalText(first + 2),
            due: row.optionalText(first + 3), priority: row.text(first + 4), done: row.bool(first + 5),
            createdAt: row.text(first + 6), updatedAt: row.text(first + 7), completedAt: row.optionalText(first + 8),
            tags: row.optionalText(first + 9) ?? "", repeat: row.optionalText(first + 10), repeatFrom: row.optionalText(first + 11) ?? "due")
    }
}

extension ListRow {
    static func read(_ row: Statement, from first: Int32) -> ListRow? {
        row.isNull(first) ? nil : ListRow(name: row.text(first), createdAt: row.text(first + 1))
    }

    var values: [(any SQLBindable)?] { [name, createdAt] }
}
