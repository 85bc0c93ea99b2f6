import TodoCore

extension SQLiteTodoRepository {
    public func forEachTask(matching search: TaskSearch, _ body: (TodoTask) throws -> Void) throws {
        let words = search.searchableWords
        guard !words.isEmpty, let match = SQLiteDialect().searchText(words).bindable else { return }
        var sql = """
            SELECT \(taskColumns())
            FROM tasks_search AS s JOIN tasks AS t ON t.id = s.rowid JOIN lists AS l ON l.id = t.list_id
            WHERE tasks_search MATCH ?
            """
        var values: [(any SQLBindable)?] = [match]
        if let list = search.list {
            sql += " AND t.list_id = ?"
            values.append(list)
        }
        if !search.includeDone { sql += " AND t.done = 0" }
        for tag in search.tags {
            sql += " AND EXISTS (SELECT 1 FROM task_tags AS g WHERE g.task_id = t.id AND g.tag = ?)"
            values.append(tag)
        }
        // A word in the title counts twice as much as one in the notes.
        sql += " ORDER BY bm25(tasks_search, 2.0, 1.0), t.id LIMIT ? OFFSET ?"
        values += [search.limit ?? -1, search.offset]
        try translatingErrors {
            try db.cached(sql).bind(values).forEachRow { try body(Self.readTask(SQLiteRow(statement: $0))) }
        }
    }
}
