#if PostgreSQL
import TodoCore
import TodoHistory
import TodoSQL

/// How the server reads and binds the rows the history records (`TaskRow`, `ListRow`).
extension TaskRow {
    /// A task's tags as one text, from a query with `id` in scope.
    static func tagsOf(_ id: String) -> String {
        PostgresDialect().tags(ofTask: id)
    }

    /// What selects `fields` of the task `t`.
    static let selected = selected(PostgresDialect())

    /// Reads `fields.count` columns from `first`; nil when they are NULL (the side of a history
    /// row where the task did not exist).
    static func read(_ row: ServerRow, from first: Int) throws -> TaskRow? {
        guard !row.isNull(first + 1) else { return nil }
        return TaskRow(
            listID: try row.int64(first), title: try row.text(first + 1), notes: try row.optionalText(first + 2),
            due: try row.optionalText(first + 3), priority: try row.text(first + 4), done: try row.bool(first + 5),
            createdAt: try row.text(first + 6), updatedAt: try row.text(first + 7), completedAt: try row.optionalText(first + 8),
            tags: try row.optionalText(first + 9) ?? "", repeat: try row.optionalText(first + 10),
            repeatFrom: try row.optionalText(first + 11) ?? "due")
    }
}

extension ListRow {
    static func read(_ row: ServerRow, from first: Int) throws -> ListRow? {
        row.isNull(first) ? nil : ListRow(name: try row.text(first), createdAt: try row.text(first + 1))
    }

    var values: [ServerValue] { [name, createdAt] }
}

/// The `$1, $2, …` of a statement, numbered as values are added.
struct Placeholders {
    private(set) var values: [ServerValue] = []

    /// The next placeholder, standing for `value`.
    mutating func add(_ value: ServerValue) -> String {
        values.append(value)
        return "$\(values.count)"
    }

    /// `$n, $n+1, …` for each of `values`.
    mutating func list(_ values: [ServerValue]) -> String {
        values.map { add($0) }.joined(by: ", ")
    }
}
#endif
