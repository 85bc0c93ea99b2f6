import TodoCore
import TodoSQL

/// A `TaskQuery` as one SELECT, once for every backend: its lists, filters, order and page.
/// Where the backends differ it asks the dialect (how a tag matches, how a task is open, how
/// the search index is asked).
struct TaskFilter {
    let dialect: any SQLDialect
    /// The statement's values, in the order of their `$n`.
    private(set) var values: [SQLValue] = []

    /// A placeholder for `value`.
    mutating func value(_ value: SQLValue) -> String {
        values.append(value)
        return "$\(values.count)"
    }

    /// The WHERE conditions. `drivenByTag`: a planner without statistics (SQLite's) is told to
    /// find the tasks through the first tag's index: `+t.` keeps it off the list's and the due
    /// index, and the tag's tasks are looked up as a set.
    mutating func conditions(_ query: TaskQuery, drivenByTag: Bool) -> [String] {
        let t = drivenByTag ? "+t." : "t."
        var conditions: [String] = []
        if !query.lists.isEmpty {
            conditions.append(t + "list_id IN (" + query.lists.map { value(.integer($0)) }.joined(by: ", ") + ")")
        }
        if !query.includeDone { conditions.append(dialect.isOpen(t + "done")) }
        if let priority = query.priority { conditions.append(t + "priority = " + value(.text(priority.rawValue))) }
        for tag in query.tags {
            // By the tag: its tasks, from the index on tags. By the list: one probe of the
            // primary key (task_id, tag) per task of the list.
            let same = dialect.sameName("g.tag", value(.text(tag)))
            conditions.append(drivenByTag ? "t.id IN (SELECT g.task_id FROM task_tags AS g WHERE \(same))"
                                          : "EXISTS (SELECT 1 FROM task_tags AS g WHERE g.task_id = t.id AND \(same))")
        }
        let words = TaskSearch(words: query.words).searchableWords
        if !words.isEmpty {
            conditions.append(dialect.matchesSearch(value(dialect.searchText(words))))
        }
        // Due texts compare correctly as text: '2026-11-30T23:00' < '2026-12-01' < '2026-12-01T09:00'.
        if let before = query.dueBefore { conditions.append(t + "due < " + value(.text(before.description))) }
        if let now = query.overdueAsOf { conditions.append(t + "due < " + moment(now)) }
        return conditions
    }

    /// ORDER BY clauses; each ends with the id so ties come out the same every time.
    mutating func order(_ query: TaskQuery) -> String {
        // Open before done only where there are done ones: with done ones filtered out, SQLite
        // took the constant key for a reason to sort in groups, and a million tasks' first 50
        // took 2 s instead of 80 ms.
        let open = query.openFirst && query.includeDone ? "t.done, " : ""
        let byDue = "t.due IS NULL, t.due, t.id"
        let byPriority = "CASE t.priority WHEN 'high' THEN 0 WHEN 'medium' THEN 1 WHEN 'low' THEN 2 ELSE 3 END, "
        if query.inIDOrder { return open + "t.id" }
        switch query.sort {
        case .due: return open + byDue
        case .priority: return open + byPriority + byDue
        // When it was made, as stored (an import keeps a record's own time): ids only follow it
        // for tasks added here.
        case .created: return open + "t.created_at, t.id"
        case .title: return open + dialect.folded("t.title") + ", t.id"
        case .urgency:
            guard let now = query.now else { return open + byPriority + byDue }
            let weekAhead = now.date.adding(days: 8).map { value(.text(Due(date: $0).description)) } ?? "'9999-12-31T23:59'"
            return open + "CASE WHEN t.due IS NULL THEN 2 WHEN t.due < \(moment(now)) THEN 0 WHEN t.due < \(weekAhead) THEN 1 ELSE 2 END, "
                + byPriority + byDue
        }
    }

    /// What a due text is compared with to be before `now`: a date before its day, a date and
    /// time before its minute.
    private mutating func moment(_ now: Due) -> String {
        "CASE WHEN length(t.due) = 10 THEN CAST(\(value(.text(Due(date: now.date).description))) AS TEXT) "
            + "ELSE CAST(\(value(.text(now.description))) AS TEXT) END"
    }
}

extension SQLRepository {
    /// The SELECT of `forEachTask(matching:)` and its values (`TaskFilter`); `tags` as in
    /// `taskSelect`.
    package func taskStatement(matching query: TaskQuery, drivenByTag: Bool = false, tags: String? = nil) -> (sql: String, values: [SQLValue]) {
        var filter = TaskFilter(dialect: session.dialect)
        let conditions = filter.conditions(query, drivenByTag: drivenByTag)
        let order = filter.order(query)
        let page = " LIMIT \(filter.value(session.dialect.limit(query.limit))) OFFSET \(filter.value(.integer(Int64(query.offset))))"
        let sql = taskSelect(tags: tags) + (conditions.isEmpty ? "" : " WHERE " + conditions.joined(by: " AND ")) + " ORDER BY " + order + page
        return (sql, filter.values)
    }

    /// The tasks a query selects, as `taskStatement` reads them.
    public func forEachTask(matching query: TaskQuery, _ body: (TodoTask) throws -> Void) throws {
        let (sql, values) = taskStatement(matching: query)
        try translatingErrors { try session.forEachRow(sql, values) { try body(Self.readTask($0)) } }
    }
}
