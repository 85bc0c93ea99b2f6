import TodoCore
import TodoHistory

extension SQLiteTodoRepository {
    public func forEachTask(matching query: TaskQuery, _ body: (TodoTask) throws -> Void) throws {
        try translatingErrors {
            // Without tags read per row where `TagMerge` brings them in alongside, in id order.
            let merged = TagMerge.applies(to: query)
            let (sql, values) = statement(matching: query, drivenByTag: try tagDrives(query), tags: merged ? "NULL" : nil)
            guard merged else {
                return try db.cached(sql).bind(values).forEachRow { try body(Self.readTask(SQLiteRow(statement: $0))) }
            }
            let tags = try TagMerge(db)
            defer { tags.finish() }
            try db.cached(sql).bind(values).forEachRow { try body(Self.readTask(SQLiteRow(statement: $0), tags: tags.of)) }
        }
    }

    /// Whether a tag filter is best driven by the tag's index (its tasks found by id, the list
    /// checked on each) or by the list's (each task of the list checked for the tag). SQLite has
    /// no statistics to choose by, so this counts: the first tag's tasks, stopping at the list's
    /// size, which costs at most what the better plan costs. A tag on ten tasks of a list of a
    /// million is found through the tag; a tag on a fifth of the tasks, through the list.
    func tagDrives(_ query: TaskQuery) throws -> Bool {
        guard let tag = query.tags.first else { return false }
        guard let list = query.list else { return true }
        let size = try db.cached("SELECT open_count + (CASE WHEN ? THEN done_count ELSE 0 END) FROM lists WHERE id = ?")
            .bind([query.includeDone, list]).first { $0.int64(0) } ?? 0
        let tagged = try db.cached("SELECT count(*) FROM (SELECT 1 FROM task_tags WHERE tag = ? LIMIT ?)")
            .bind([tag, size == .max ? size : size + 1]).first { $0.int64(0) } ?? 0
        return tagged <= size
    }

    /// The SELECT of `forEachTask` and its values.
    func statement(matching query: TaskQuery, drivenByTag: Bool, tags: String? = nil) -> (sql: String, values: [(any SQLBindable)?]) {
        var conditions: [String] = []
        var values: [(any SQLBindable)?] = []
        // Driven by the tag, `+` keeps SQLite from walking a list's or the due index instead.
        let t = drivenByTag ? "+t." : "t."
        if let list = query.list {
            conditions.append(t + "list_id = ?")
            values.append(list)
        }
        if !query.includeDone { conditions.append(t + "done = 0") }
        if let priority = query.priority {
            conditions.append(t + "priority = ?")
            values.append(priority.rawValue)
        }
        for tag in query.tags {
            // By the tag: its tasks, from the index on tags. By the list: one probe of the
            // primary key (task_id, tag) per task of the list.
            conditions.append(drivenByTag ? "t.id IN (SELECT task_id FROM task_tags WHERE tag = ?)"
                                          : "EXISTS (SELECT 1 FROM task_tags AS g WHERE g.task_id = t.id AND g.tag = ?)")
            values.append(tag)
        }
        // Due texts compare correctly as text: '2026-11-30T23:00' < '2026-12-01' < '2026-12-01T09:00'.
        if let before = query.dueBefore {
            conditions.append(t + "due < ?")
            values.append(before.description)
        }
        if let now = query.overdueAsOf {
            conditions.append(t + "due < CASE WHEN length(t.due) = 10 THEN ? ELSE ? END")
            values += [Due(date: now.date).description, now.description]
        }
        let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(by: " AND ")
        let order = (query.openFirst ? "t.done, " : "") + orderBy(query.sort)
        return (taskSelect(tags: tags) + filter + " ORDER BY " + order + " LIMIT ? OFFSET ?", values + [query.limit ?? -1, query.offset])
    }
}
