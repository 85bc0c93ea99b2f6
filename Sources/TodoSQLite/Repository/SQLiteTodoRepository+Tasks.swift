import TodoCore
import TodoHistory

extension SQLiteTodoRepository {
    /// What `readTask` reads, from tasks `t` and lists `l`.
    static let taskColumns = columns(tags: SQLiteDialect().tags(ofTask: "t.id"))
    static let taskSelect = "SELECT \(taskColumns) FROM tasks AS t JOIN lists AS l ON l.id = t.list_id"
    /// The same with no tags read: `TagMerge` brings them in alongside, in id order.
    static let taskSelectWithoutTags = "SELECT \(columns(tags: "NULL")) FROM tasks AS t JOIN lists AS l ON l.id = t.list_id"

    private static func columns(tags: String) -> String {
        """
        t.id, t.list_id, l.name, t.title, t.notes, t.due, t.priority, t.done,
        t.created_at, t.updated_at, t.completed_at, \(tags), t.repeat, t.repeat_from
        """
    }

    /// Reads a row of `taskSelect` by the rules of `StoredTask`: a value the schema forbids stops
    /// the command, naming the task, rather than being shown as another, valid one.
    static func readTask(_ row: Statement) throws -> TodoTask {
        try readTask(row, tags: { _ in nil })
    }

    /// The same, with the tags from `tags` where it has them instead of from the row.
    static func readTask(_ row: Statement, tags: (TodoTask.ID) throws -> [String]?) throws -> TodoTask {
        let id = row.int64(0)
        return TodoTask(
            id: id, listID: row.int64(1), listName: row.text(2), title: row.text(3),
            notes: row.optionalText(4), due: try StoredTask.due(row.optionalText(5), task: id),
            priority: try StoredTask.priority(row.text(6), task: id), isDone: try StoredTask.isDone(row.int64(7), task: id),
            createdAt: StoredTask.timestamp(row.text(8)), updatedAt: StoredTask.timestamp(row.text(9)),
            completedAt: row.optionalText(10).map(StoredTask.timestamp), tags: try tags(id) ?? StoredTask.tags(row.optionalText(11)),
            repeatRule: try StoredTask.repeatRule(row.optionalText(12), task: id),
            repeatFrom: try StoredTask.repeatFrom(row.text(13), task: id))
    }

    /// ORDER BY clauses; each ends with the id so ties come out the same every time. With open
    /// tasks first, the `due` order matches the index `tasks_by_list_in_display_order`, so a page
    /// is read off it.
    static func orderBy(_ sort: TaskQuery.Sort) -> String {
        switch sort {
        case .due: "t.due IS NULL, t.due, t.id"
        case .priority:
            "CASE t.priority WHEN 'high' THEN 0 WHEN 'medium' THEN 1 WHEN 'low' THEN 2 ELSE 3 END, t.due IS NULL, t.due, t.id"
        case .created: "t.id"
        case .title: "t.title COLLATE NOCASE, t.id"
        }
    }

    public func task(_ id: TodoTask.ID) throws -> TodoTask? {
        try translatingErrors {
            try db.cached(Self.taskSelect + " WHERE t.id = ?").bind([id]).first(Self.readTask)
        }
    }

    func task(_ id: TodoTask.ID, in list: TodoList.ID) throws -> TodoTask {
        try stored(id, in: list).task
    }

    /// A task of `list` and its row as stored (for the history), from one read: the statement
    /// is the one every command reading a task prepares anyway.
    package func stored(_ id: TodoTask.ID, in list: TodoList.ID) throws -> (task: TodoTask, row: TaskRow) {
        guard let stored = try db.cached(Self.taskSelect + " WHERE t.id = ? AND t.list_id = ?")
            .bind([id, list]).first({ (try Self.readTask($0), Self.readRow($0)) })
        else { throw TodoError.taskNotFound(id) }
        return stored
    }

    /// Just the row as stored, through the same statement.
    package func storedRow(_ id: TodoTask.ID, in list: TodoList.ID) throws -> TaskRow {
        guard let row = try db.cached(Self.taskSelect + " WHERE t.id = ? AND t.list_id = ?").bind([id, list]).first(Self.readRow)
        else { throw TodoError.taskNotFound(id) }
        return row
    }

    /// The stored values of a row of `taskSelect`, unread.
    static func readRow(_ row: Statement) -> TaskRow {
        TaskRow(
            listID: row.int64(1), title: row.text(3), notes: row.optionalText(4), due: row.optionalText(5),
            priority: row.text(6), done: row.bool(7), createdAt: row.text(8), updatedAt: row.text(9),
            completedAt: row.optionalText(10), tags: row.optionalText(11) ?? "", repeat: row.optionalText(12),
            repeatFrom: row.text(13))
    }

    public func forEachTask(matching query: TaskQuery, _ body: (TodoTask) throws -> Void) throws {
        try translatingErrors {
            let (sql, values) = Self.statement(matching: query, drivenByTag: try tagDrives(query))
            guard TagMerge.applies(to: query) else {
                return try db.cached(sql).bind(values).forEachRow { try body(Self.readTask($0)) }
            }
            let tags = try TagMerge(db)
            defer { tags.finish() }
            let withoutTags = Self.taskSelectWithoutTags + sql.dropFirst(Self.taskSelect.count)
            try db.cached(withoutTags).bind(values).forEachRow { try body(Self.readTask($0, tags: tags.of)) }
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
    static func statement(matching query: TaskQuery, drivenByTag: Bool) -> (sql: String, values: [(any SQLBindable)?]) {
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
        let order = (query.openFirst ? "t.done, " : "") + Self.orderBy(query.sort)
        return (taskSelect + filter + " ORDER BY " + order + " LIMIT ? OFFSET ?", values + [query.limit ?? -1, query.offset])
    }

    public func addTask(_ draft: TaskDraft, to list: TodoList.ID) throws -> TodoTask {
        try translatingErrors { try db.transaction { try applyAdd(draft, to: list) } }
    }

    public func updateTask(_ id: TodoTask.ID, with changes: TaskChanges) throws -> TodoTask {
        try translatingErrors { try db.transaction { try applyEdit(id, changes) } }
    }

    public func setDone(_ done: Bool, task id: TodoTask.ID, in list: TodoList.ID) throws -> TodoTask {
        try translatingErrors { try db.transaction { try applyDone(done, task: id, in: list) } }
    }

    public func deleteTask(_ id: TodoTask.ID, in list: TodoList.ID) throws -> TodoTask {
        try translatingErrors { try db.transaction { try applyDelete(id, in: list) } }
    }
}

extension SQLiteTodoRepository {
    public func forEachTag(_ body: (TagCount) throws -> Void) throws {
        try translatingErrors {
            // GROUP BY and ORDER BY use the column's NOCASE: one row per tag whatever its case.
            try db.cached("""
                SELECT min(g.tag), count(*) FILTER (WHERE t.done = 0)
                FROM task_tags AS g JOIN tasks AS t ON t.id = g.task_id
                GROUP BY g.tag ORDER BY g.tag
                """).bind([]).forEachRow { try body(TagCount(name: $0.text(0), openTasks: $0.int(1))) }
        }
    }
}

/// Writing a task: the rules and statements are `TaskWriting`'s.
extension SQLiteTodoRepository: TaskWriting {}
