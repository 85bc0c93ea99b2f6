#if PostgreSQL
import TodoCore
import TodoHistory

extension PostgresTodoRepository {
    public func forEachTask(matching query: TaskQuery, _ body: (TodoTask) throws -> Void) throws {
        var values = Placeholders()
        var conditions: [String] = []
        if let list = query.list { conditions.append("t.list_id = " + values.add(list)) }
        if !query.includeDone { conditions.append("NOT t.done") }
        if let priority = query.priority { conditions.append("t.priority = " + values.add(priority.rawValue)) }
        for tag in query.tags {
            // PostgreSQL's planner chooses between the tag's index and the list's by its statistics.
            conditions.append("EXISTS (SELECT 1 FROM task_tags AS g WHERE g.task_id = t.id AND todo_nocase(g.tag) = todo_nocase(\(values.add(tag))::text))")
        }
        // Due texts compare correctly as text (the column sorts by bytes).
        if let before = query.dueBefore { conditions.append("t.due < " + values.add(before.description)) }
        if let now = query.overdueAsOf {
            conditions.append("t.due < CASE WHEN length(t.due) = 10 THEN \(values.add(Due(date: now.date).description))::text ELSE \(values.add(now.description))::text END")
        }
        let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(by: " AND ")
        let order = (query.openFirst ? "t.done, " : "") + orderBy(query.sort)
        let page = " LIMIT \(values.add(query.limit.map(Int64.init))) OFFSET \(values.add(Int64(query.offset)))"
        try translatingErrors {
            try server.forEachRow(taskSelect() + filter + " ORDER BY " + order + page, values.values) { try body(Self.readTask($0)) }
        }
    }

    public func forEachTask(matching search: TaskSearch, _ body: (TodoTask) throws -> Void) throws {
        let words = search.searchableWords
        guard !words.isEmpty else { return }
        var values = Placeholders()
        // Each word a phrase of its letter-and-digit runs, the last one a prefix; all of them
        // must match. Built by todo_search_query from the words as typed, folded as the
        // stored side is.
        let query = "todo_search_query(\(values.add(words))::text[])"
        var sql = taskSelect() + " WHERE t.search @@ \(query)"
        if let list = search.list { sql += " AND t.list_id = " + values.add(list) }
        if !search.includeDone { sql += " AND NOT t.done" }
        // A word in the title counts twice as much as one in the notes.
        sql += " ORDER BY ts_rank('{0, 0, 0.5, 1}', t.search, \(query)) DESC, t.id"
        sql += " LIMIT \(values.add(search.limit.map(Int64.init))) OFFSET \(values.add(Int64(search.offset)))"
        try translatingErrors {
            try server.forEachRow(sql, values.values) { try body(Self.readTask($0)) }
        }
    }
}
#endif
