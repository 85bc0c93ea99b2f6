#if PostgreSQL
import TodoCore

/// A row of `tasks` exactly as stored, with its tags as one text: what the history records and
/// what undo puts back, as the SQLite module's `TaskRow` is for the file.
struct ServerTaskRow: Equatable {
    var listID: Int64
    var title: String
    var notes: String?
    var due: String?
    var priority: String
    var done: Bool
    var createdAt: String
    var updatedAt: String
    var completedAt: String?
    /// Space-separated, in listing order; empty when it has none.
    var tags: String
    var `repeat`: String?
    var repeatFrom: String

    /// The fields in the order history_tasks pairs them (before_, after_ of each).
    static let fields = ["list_id", "title", "notes", "due", "priority", "done", "created_at", "updated_at", "completed_at",
                         "tags", "repeat", "repeat_from"]
    /// The columns of `tasks` besides `id` and `search` (tags are rows of `task_tags`).
    static let columns = fields.filter { $0 != "tags" }

    /// A task's tags as one text, sorted as the SQLite file sorts them (ASCII case folded, then
    /// by bytes), from a query with `id` in scope.
    static func tagsOf(_ id: String) -> String {
        "coalesce((SELECT string_agg(tag, ' ' ORDER BY todo_nocase(tag) COLLATE \"C\") FROM task_tags WHERE task_id = \(id)), '')"
    }

    /// What selects `fields` of the task `t`.
    static let selected = fields.map { $0 == "tags" ? tagsOf("t.id") : "t." + $0 }.joined(by: ", ")

    /// Reads `fields.count` columns from `first`; nil when they are NULL (the side of a history
    /// row where the task did not exist).
    static func read(_ row: ServerRow, from first: Int) throws -> ServerTaskRow? {
        guard !row.isNull(first + 1) else { return nil }
        return ServerTaskRow(
            listID: try row.int64(first), title: try row.text(first + 1), notes: try row.optionalText(first + 2),
            due: try row.optionalText(first + 3), priority: try row.text(first + 4), done: try row.bool(first + 5),
            createdAt: try row.text(first + 6), updatedAt: try row.text(first + 7), completedAt: try row.optionalText(first + 8),
            tags: try row.optionalText(first + 9) ?? "", repeat: try row.optionalText(first + 10),
            repeatFrom: try row.optionalText(first + 11) ?? "due")
    }

    /// The values of `fields`, in order.
    var values: [ServerValue] {
        [listID, title, notes, due, priority, done, createdAt, updatedAt, completedAt, tags, `repeat`, repeatFrom]
    }

    /// The values of `columns`, in order.
    var columnValues: [ServerValue] {
        [listID, title, notes, due, priority, done, createdAt, updatedAt, completedAt, `repeat`, repeatFrom]
    }

    static var nothing: [ServerValue] { Array(repeating: nil, count: fields.count) }
}

/// A row of `lists` as stored (its counts are the triggers' business).
struct ServerListRow: Equatable {
    var name: String
    var createdAt: String

    static func read(_ row: ServerRow, from first: Int) throws -> ServerListRow? {
        row.isNull(first) ? nil : ServerListRow(name: try row.text(first), createdAt: try row.text(first + 1))
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
