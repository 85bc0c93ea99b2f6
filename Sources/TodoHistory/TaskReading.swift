import TodoCore
import TodoSQL

/// Reading tasks, once for every backend: the columns a task is read from, the rules its stored
/// values are read by (`StoredTask`), a task by id or of a list (with its row as the history
/// keeps it). A query's filters and orders are `TaskFilter`'s.
enum TaskReading {
    /// What `readTask` reads, from tasks `t` and lists `l`; `tags` the expression of the tags'
    /// column (nil: the dialect's gathering of the task's own).
    static func columns(_ dialect: any SQLDialect, tags: String?) -> String {
        """
        t.id, t.list_id, l.name, t.title, t.notes, t.due, t.priority, \(dialect.asText("t.done", isBool: true)),
        t.created_at, t.updated_at, t.completed_at, \(tags ?? dialect.tags(ofTask: "t.id")), t.repeat, t.repeat_from, t.uuid
        """
    }

    static func select(_ dialect: any SQLDialect, tags: String?) -> String {
        "SELECT \(columns(dialect, tags: tags)) FROM tasks AS t JOIN lists AS l ON l.id = t.list_id"
    }
}

extension SQLRepository {
    package func taskColumns(tags: String? = nil) -> String {
        TaskReading.columns(session.dialect, tags: tags)
    }

    package func taskSelect(tags: String? = nil) -> String {
        TaskReading.select(session.dialect, tags: tags)
    }

    /// Reads a row of `taskSelect` by the rules of `StoredTask`: a value todo cannot read stops
    /// the command, naming the task, rather than being shown as another, valid one. `tags` gives
    /// the task's tags where the caller has them instead of the row.
    package static func readTask(_ row: any SQLRow, tags: (TodoTask.ID) throws -> [String]? = { _ in nil }) throws -> TodoTask {
        let id = try row.int64(0)
        return TodoTask(
            id: id, uuid: try StoredTask.uuid(row.optionalText(14), task: id), listID: try row.int64(1), listName: try row.text(2), title: try row.text(3),
            notes: try row.optionalText(4), due: try StoredTask.due(row.optionalText(5), task: id),
            priority: try StoredTask.priority(row.text(6), task: id), isDone: try StoredTask.isDone(row.text(7), task: id),
            createdAt: StoredTask.timestamp(try row.text(8)), updatedAt: StoredTask.timestamp(try row.text(9)),
            completedAt: try row.optionalText(10).map(StoredTask.timestamp),
            tags: try tags(id) ?? StoredTask.tags(row.optionalText(11)),
            repeatRule: try StoredTask.repeatRule(row.optionalText(12), task: id),
            repeatFrom: try StoredTask.repeatFrom(row.text(13), task: id))
    }

    /// The stored values of a row of `taskSelect`, unread: what a write records, and undo puts
    /// back. Text that is not UTF-8 (written by hand into a file) stops the write, naming the
    /// task: it would be recorded, and written, with U+FFFD in place of its bytes.
    package static func readRow(_ row: any SQLRow) throws -> TaskRow {
        for (column, field) in [(3, "title"), (4, "notes"), (11, "tag")] where !row.isUTF8(column) {
            throw TodoError.textNotUTF8(try row.int64(0), field: field)
        }
        return TaskRow(
            listID: try row.int64(1), title: try row.text(3), notes: try row.optionalText(4), due: try row.optionalText(5),
            priority: try row.text(6), done: try row.text(7) == "1", createdAt: try row.text(8), updatedAt: try row.text(9),
            completedAt: try row.optionalText(10), tags: try row.optionalText(11) ?? "", repeat: try row.optionalText(12),
            repeatFrom: try row.text(13), uuid: try row.text(14))
    }

    public func task(_ id: TodoTask.ID) throws -> TodoTask? {
        try translatingErrors { try session.first(state.taskByID, [.integer(id)]) { try Self.readTask($0) } }
    }

    /// The task and its row as stored, held until the transaction ends: a write made of what was read (the
    /// whole task, the history's record of it) must not overwrite what another writer changed
    /// in between (psql, on a server, which takes none of todo's locks).
    package func taskHeld(_ id: TodoTask.ID) throws -> (task: TodoTask, row: TaskRow)? {
        try hold(id)
        return try session.first(state.taskByID, [.integer(id)]) { (try Self.readTask($0), try Self.readRow($0)) }
    }

    /// Holds task `id`'s row to the end of the write (`SQLRepositoryState.holdTask`).
    private func hold(_ id: TodoTask.ID) throws {
        if let hold = state.holdTask { _ = try session.first(hold, [.integer(id)]) { _ in true } }
    }

    public func task(uuid: TodoUUID) throws -> TodoTask? {
        try translatingErrors { try session.first(taskSelect() + " WHERE t.uuid = $1", [.text(uuid.text)]) { try Self.readTask($0) } }
    }

    /// A task of `list` and its row as stored (for the history), from one read: the statement
    /// is the one every command reading a task prepares anyway.
    package func stored(_ id: TodoTask.ID, in list: TodoList.ID, held: Bool = false) throws -> (task: TodoTask, row: TaskRow) {
        if held { try hold(id) }
        guard let stored = try session.first(state.taskOfList, [.integer(id), .integer(list)], {
            (try Self.readTask($0), try Self.readRow($0))
        }) else { throw TodoError.taskNotFound(id) }
        return stored
    }

    /// Just the row as stored, through the same statement.
    package func storedRow(_ id: TodoTask.ID, in list: TodoList.ID) throws -> TaskRow {
        guard let row = try session.first(state.taskOfList, [.integer(id), .integer(list)], Self.readRow)
        else { throw TodoError.taskNotFound(id) }
        return row
    }

    public func forEachTag(_ body: (TagCount) throws -> Void) throws {
        let dialect = session.dialect
        // One row per tag whatever its case, in the order of list names; spelled as the
        // smallest of its spellings byte for byte (a tag has one, unless edited by hand).
        try translatingErrors {
            try session.forEachRow("""
                SELECT min(\(dialect.exactly("g.tag"))), count(*) FILTER (WHERE NOT t.done)
                FROM task_tags AS g JOIN tasks AS t ON t.id = g.task_id
                GROUP BY \(dialect.nameOrder("g.tag")) ORDER BY \(dialect.nameOrder("g.tag"))
                """, []) { try body(TagCount(name: $0.text(0), openTasks: $0.int(1))) }
        }
    }
}
