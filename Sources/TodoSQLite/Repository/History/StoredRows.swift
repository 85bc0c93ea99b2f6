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

extension SQLiteTodoRepository {
    func taskRow(_ id: Int64) throws -> TaskRow? {
        try db.cached("SELECT \(TaskRow.selected) FROM tasks AS t WHERE t.id = ?")
            .bind([id]).first { TaskRow.read($0, from: 0) } ?? nil
    }

    package func listRow(_ id: Int64) throws -> ListRow? {
        try db.cached("SELECT name, created_at FROM lists WHERE id = ?").bind([id]).first { ListRow.read($0, from: 0) } ?? nil
    }

    /// Gives task `id` exactly `tags` (space-separated), each in the spelling the database
    /// already knows it by, if any.
    func setTags(_ tags: String, of id: Int64) throws {
        try db.run("DELETE FROM task_tags WHERE task_id = ?", id)
        for tag in StoredTask.tags(tags) { try addTag(tag, to: id) }
    }

    /// Adds one tag, kept as first written: a tag some task has already keeps that spelling.
    package func addTag(_ tag: String, to id: Int64) throws {
        try db.run("""
            INSERT OR IGNORE INTO task_tags (task_id, tag) VALUES (?1, coalesce((SELECT tag FROM task_tags WHERE tag = ?2 LIMIT 1), ?2))
            """, id, tag)
    }
}
