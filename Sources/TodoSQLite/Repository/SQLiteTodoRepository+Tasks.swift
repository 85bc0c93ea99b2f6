import TodoCore
import TodoSQL
import TodoHistory

extension SQLiteTodoRepository {
    public func forEachTask(matching query: TaskQuery, _ body: (TodoTask) throws -> Void) throws {
        try translatingErrors {
            // Without tags read per row where `TagMerge` brings them in alongside, in id order.
            let merged = TagMerge.applies(to: query)
            let (sql, values) = taskStatement(matching: query, drivenByTag: try tagDrives(query), tags: merged ? "NULL" : nil)
            guard merged else { return try session.forEachRow(sql, values) { try body(Self.readTask($0)) } }
            let tags = try TagMerge(db)
            defer { tags.finish() }
            try session.forEachRow(sql, values) { try body(Self.readTask($0, tags: tags.of)) }
        }
    }

    /// Whether a tag filter is best driven by the tag's index (its tasks found by id, the list
    /// checked on each) or by the list's (each task of the list checked for the tag). SQLite has
    /// no statistics to choose by, so this counts: the first tag's tasks, stopping at the list's
    /// size, which costs at most what the better plan costs. A tag on ten tasks of a list of a
    /// million is found through the tag; a tag on a fifth of the tasks, through the list.
    func tagDrives(_ query: TaskQuery) throws -> Bool {
        guard let tag = query.tags.first else { return false }
        guard query.lists.count == 1, let list = query.lists.first else { return true }
        let size = try db.cached("SELECT open_count + (CASE WHEN ? THEN done_count ELSE 0 END) FROM lists WHERE id = ?")
            .bind([query.includeDone, list]).first { $0.int64(0) } ?? 0
        let tagged = try db.cached("SELECT count(*) FROM (SELECT 1 FROM task_tags WHERE tag = ? LIMIT ?)")
            .bind([tag, size == .max ? size : size + 1]).first { $0.int64(0) } ?? 0
        return tagged <= size
    }
}
