#if PostgreSQL
import TodoCore
import TodoHistory

extension PostgresTodoRepository {
    public func forEachTask(matching search: TaskSearch, _ body: (TodoTask) throws -> Void) throws {
        let words = search.searchableWords
        guard !words.isEmpty else { return }
        var values = Placeholders()
        let query = "todo_search_query(\(values.add(words))::text[])"
        var sql = taskSelect() + " WHERE t.search @@ \(query)"
        if let list = search.list { sql += " AND t.list_id = " + values.add(list) }
        if !search.includeDone { sql += " AND NOT t.done" }
        for tag in search.tags {
            sql += " AND EXISTS (SELECT 1 FROM task_tags AS g WHERE g.task_id = t.id AND todo_nocase(g.tag) = todo_nocase(\(values.add(tag))::text))"
        }
        // A word in the title counts twice as much as one in the notes.
        sql += " ORDER BY ts_rank('{0, 0, 0.5, 1}', t.search, \(query)) DESC, t.id"
        sql += " LIMIT \(values.add(search.limit.map(Int64.init))) OFFSET \(values.add(Int64(search.offset)))"
        try translatingErrors {
            try server.forEachRow(sql, values.values) { try body(Self.readTask($0)) }
        }
    }
}
#endif
