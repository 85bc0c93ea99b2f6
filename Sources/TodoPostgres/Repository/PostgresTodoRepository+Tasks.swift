#if PostgreSQL
import TodoCore
import TodoHistory

extension PostgresTodoRepository {
    /// What `readTask` reads, from tasks `t` and lists `l`.
    static let taskSelect = """
        SELECT t.id, t.list_id, l.name, t.title, t.notes, t.due, t.priority, t.done,
            t.created_at, t.updated_at, t.completed_at, \(PostgresDialect().tags(ofTask: "t.id")), t.repeat, t.repeat_from
        FROM tasks AS t JOIN lists AS l ON l.id = t.list_id
        """

    /// Reads a row of `taskSelect`. The schema's checks hold on a server (nothing can switch them
    /// off), but a value todo cannot read still stops the command, naming the task.
    static func readTask(_ row: ServerRow) throws -> TodoTask {
        let id = try row.int64(0)
        func unreadable(_ field: String, _ value: String, _ expected: String) -> TodoError {
            .unreadableTask(id, field: field, value: value, expected: expected)
        }
        let dueText = try row.optionalText(5), priorityText = try row.text(6)
        let repeatText = try row.optionalText(12), repeatFromText = try row.text(13)
        let due = try dueText.map { text in try Due(text: text) ?? { throw unreadable("due", text, "YYYY-MM-DD or YYYY-MM-DDTHH:MM") }() }
        guard let priority = Priority(rawValue: priorityText) else { throw unreadable("priority", priorityText, "none, low, medium or high") }
        let rule = try repeatText.map { text in try RepeatRule(stored: text) ?? { throw unreadable("repeat", text, "Nd, Nw, Nm or Ny") }() }
        guard let repeatFrom = RepeatFrom(rawValue: repeatFromText) else { throw unreadable("repeat_from", repeatFromText, "due or done") }
        let tags = try row.text(11)
        return TodoTask(
            id: id, listID: try row.int64(1), listName: try row.text(2), title: try row.text(3), notes: try row.optionalText(4),
            due: due, priority: priority, isDone: try row.bool(7),
            createdAt: try row.text(8), updatedAt: try row.text(9), completedAt: try row.optionalText(10),
            tags: Tags.splitStored(tags), repeatRule: rule, repeatFrom: repeatFrom)
    }

    /// The stored values of a row of `taskSelect`, unread.
    static func readRow(_ row: ServerRow) throws -> TaskRow {
        TaskRow(
            listID: try row.int64(1), title: try row.text(3), notes: try row.optionalText(4), due: try row.optionalText(5),
            priority: try row.text(6), done: try row.bool(7), createdAt: try row.text(8), updatedAt: try row.text(9),
            completedAt: try row.optionalText(10), tags: try row.text(11), repeat: try row.optionalText(12),
            repeatFrom: try row.text(13))
    }

    /// ORDER BY clauses, as the SQLite file orders (its NOCASE is `todo_nocase … COLLATE "C"`
    /// here); each ends with the id so ties come out the same every time.
    static func orderBy(_ sort: TaskQuery.Sort) -> String {
        switch sort {
        case .due: "t.due IS NULL, t.due, t.id"
        case .priority:
            "CASE t.priority WHEN 'high' THEN 0 WHEN 'medium' THEN 1 WHEN 'low' THEN 2 ELSE 3 END, t.due IS NULL, t.due, t.id"
        case .created: "t.id"
        case .title: "todo_nocase(t.title) COLLATE \"C\", t.id"
        }
    }

    public func task(_ id: TodoTask.ID) throws -> TodoTask? {
        try translatingErrors { try server.first(Self.taskSelect + " WHERE t.id = $1", [id], Self.readTask) }
    }

    /// A task of `list` and its row as stored (for the history), from one read.
    package func stored(_ id: TodoTask.ID, in list: TodoList.ID) throws -> (task: TodoTask, row: TaskRow) {
        guard let stored = try server.first(Self.taskSelect + " WHERE t.id = $1 AND t.list_id = $2", [id, list], {
            (try Self.readTask($0), try Self.readRow($0))
        }) else { throw TodoError.taskNotFound(id) }
        return stored
    }

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
        let order = (query.openFirst ? "t.done, " : "") + Self.orderBy(query.sort)
        let page = " LIMIT \(values.add(query.limit.map(Int64.init))) OFFSET \(values.add(Int64(query.offset)))"
        try translatingErrors {
            try server.forEachRow(Self.taskSelect + filter + " ORDER BY " + order + page, values.values) { try body(Self.readTask($0)) }
        }
    }

    public func addTask(_ draft: TaskDraft, to list: TodoList.ID) throws -> TodoTask {
        try translatingErrors { try server.transaction { try applyAdd(draft, to: list) } }
    }

    public func updateTask(_ id: TodoTask.ID, with changes: TaskChanges) throws -> TodoTask {
        try translatingErrors { try server.transaction { try applyEdit(id, changes) } }
    }

    public func setDone(_ done: Bool, task id: TodoTask.ID, in list: TodoList.ID) throws -> TodoTask {
        try translatingErrors { try server.transaction { try applyDone(done, task: id, in: list) } }
    }

    public func deleteTask(_ id: TodoTask.ID, in list: TodoList.ID) throws -> TodoTask {
        try translatingErrors { try server.transaction { try applyDelete(id, in: list) } }
    }

    public func forEachTag(_ body: (TagCount) throws -> Void) throws {
        try translatingErrors {
            try server.forEachRow("""
                SELECT min(g.tag COLLATE "C"), count(*) FILTER (WHERE NOT t.done)
                FROM task_tags AS g JOIN tasks AS t ON t.id = g.task_id
                GROUP BY todo_nocase(g.tag) ORDER BY todo_nocase(g.tag) COLLATE "C"
                """) { try body(TagCount(name: $0.text(0), openTasks: $0.int(1))) }
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
        var sql = Self.taskSelect + " WHERE t.search @@ \(query)"
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
/// Writing a task: the rules and statements are `TaskWriting`'s.
extension PostgresTodoRepository: TaskWriting {}
#endif
