import TodoCore

/// Every task's tags for a listing in id order (export), read in one pass over `task_tags` in
/// its key order beside the tasks, instead of one subquery per task: a million subqueries made
/// `todo export` half again as slow as `sqlite3` printing the rows.
final class TagMerge {
    private let statement: Statement
    /// The row the tag cursor is on, if it is on one.
    private var current: (taskID: Int64, tag: String)?

    init(_ db: Connection) throws {
        // The key (task_id, tag COLLATE NOCASE) is in the order tags are listed in.
        statement = try db.cached("SELECT task_id, tag FROM task_tags ORDER BY task_id, tag")
        current = try Self.read(statement)
    }

    /// Only a listing in id order can be merged with tags in id order.
    static func applies(to query: TaskQuery) -> Bool {
        query.inIDOrder && !query.openFirst && query.tags.isEmpty
    }

    /// The tags of task `id`; the ids asked for must go up.
    func of(_ id: TodoTask.ID) throws -> [String]? {
        var tags: [String] = []
        while let row = current, row.taskID <= id {
            if row.taskID == id { tags.append(row.tag) }
            current = try Self.read(statement)
        }
        return tags
    }

    /// Leaves the statement ready for the next time.
    func finish() { statement.reset() }

    private static func read(_ statement: Statement) throws -> (Int64, String)? {
        try statement.step() ? (statement.int64(0), statement.text(1)) : nil
    }
}
