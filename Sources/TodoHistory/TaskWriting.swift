import TodoCore
import TodoSQL

/// Writing a task, once for every backend, with its statements: what may change, when
/// updated_at moves, that a task done before keeps its completed_at, which tags come and go, and
/// what is recorded for undo. Each runs inside the repository's write transaction.
extension SQLRepository {
    /// `addTask`. A task without tags is returned as written, not read back: the insert says
    /// its id and its list's name. A tag is read back, as it may take another task's spelling
    /// (`addTag`).
    package func applyAdd(_ draft: TaskDraft, to list: TodoList.ID) throws -> TodoTask {
        if let problem = TextLimits.taskProblem(title: draft.title, notes: draft.notes, tags: draft.tags) { throw TodoError.tooLong(problem) }
        let written = try insertTask(draft, into: list, at: timestamp())
        let id = written.task.id
        for tag in draft.tags { try addTag(tag, to: id) }
        let added = draft.tags.isEmpty ? written : try stored(id, in: list)
        try recorder?.task(id, before: nil, after: added.row, .taskAdded(id))
        return added.task
    }

    /// `updateTask`: one read, held to the end of the write. The task after is read back only
    /// when its tags changed (a tag may take another task's spelling); otherwise it is the row
    /// as written.
    package func applyEdit(_ id: TodoTask.ID, _ changes: TaskChanges) throws -> TodoTask {
        guard let (old, before) = try taskHeld(id) else { throw TodoError.taskNotFound(id) }
        let list = try changes.listName.map { try listCreatingIfNeeded(named: $0).list }.map { ($0.id, $0.name) }
            ?? (old.listID, old.listName)
        let new = try old.applying(changes, listID: list.0, listName: list.1)
        // An edit that changes nothing leaves updated_at alone.
        guard new != old else { return old }
        let now = timestamp()
        let completedAt = new.isDone ? (old.completedAt ?? now) : nil
        try writeFields(of: new, completedAt: completedAt, updatedAt: now)
        let removed = old.tags.filter { !new.tags.containsScalars(of: $0) }, added = new.tags.filter { !old.tags.containsScalars(of: $0) }
        for tag in removed { try removeTag(tag, from: id) }
        for tag in added { try addTag(tag, to: id) }
        let after = removed.isEmpty && added.isEmpty
            ? try Self.task(id: id, listName: list.1, Self.row(of: new, createdAt: before.createdAt, updatedAt: now, completedAt: completedAt,
                                                           tags: before.tags, uuid: before.uuid))
            : try stored(id, in: list.0)
        if let recorder {
            try recorder.task(id, before: before, after: after.row)
            ChangeEffect.ofEdit(from: old, to: new).forEach(recorder.note)
        }
        return after.task
    }

    /// `setDone`: a task already in that state is left as it is, updated_at included. One read,
    /// held to the end of the write: the task after is the one read with what the UPDATE sets.
    package func applyDone(_ done: Bool, task id: TodoTask.ID, in list: TodoList.ID) throws -> (task: TodoTask, changed: Bool) {
        let task: TodoTask, row: TaskRow
        do {
            (task, row) = try stored(id, in: list, held: true)
        } catch let error as TodoError {
            // A task already as asked changes nothing, so its text need not be writable.
            guard case .textNotUTF8 = error, let task = try self.task(id), task.listID == list, task.isDone == done else { throw error }
            return (task, false)
        }
        guard task.isDone != done else { return (task, false) }
        let now = timestamp()
        try markDone(done, task: id, in: list, at: now)
        var after = row
        (after.done, after.completedAt, after.updatedAt) = (done, done ? now : nil, now)
        try recorder?.task(id, before: row, after: after, .taskDone(id, done))
        return (try Self.task(id: id, listName: task.listName, after).task, true)
    }

    /// `deleteTask`: the task as it was.
    package func applyDelete(_ id: TodoTask.ID, in list: TodoList.ID) throws -> TodoTask {
        let (task, row) = try stored(id, in: list, held: true)
        try recorder?.task(id, before: row, after: nil, .taskDeleted(id))
        try deleteRow(id)
        return task
    }
}

/// The statements underneath.
extension SQLRepository {
    /// Stores a new task, tags aside, and returns it with its row as written.
    func insertTask(_ draft: TaskDraft, into list: TodoList.ID, at now: String) throws -> (task: TodoTask, row: TaskRow) {
        var uuid = draft.uuid
        if let given = uuid, try session.first("SELECT 1 FROM tasks WHERE uuid = $1", [.text(given.text)], { _ in true }) == true {
            uuid = nil  // a repeating task completed, reopened and completed again: a second next task
        }
        let row = TaskRow(listID: list, title: draft.title, notes: draft.notes, due: draft.due?.description, priority: draft.priority.rawValue,
                          done: false, createdAt: now, updatedAt: now, completedAt: nil, tags: "", repeat: draft.repeatRule?.stored,
                          repeatFrom: draft.repeatFrom.rawValue, uuid: (uuid ?? state.newUUID()).text)
        do {
            let values: [SQLValue] = [.integer(list), .text(row.title), SQLValue(row.notes), SQLValue(row.due), .text(row.priority), .text(now),
                                      SQLValue(row.repeat), .text(row.repeatFrom), .text(row.uuid)]
            guard let (id, listName) = try session.first(state.insertTask, values, { (try $0.int64(0), try $0.text(1)) }) else {
                throw SQLNoRow(statement: state.insertTask)
            }
            // A linked file with none of its reserved ids left (its transaction is rolled back).
            if id < 0 { throw TodoError.syncIDsLeft(left: 0) }
            if let take = session.dialect.takeTaskID { try session.run(take, [.integer(id)]) }
            return try Self.task(id: id, listName: listName, row)
        } catch where session.violated(by: error) == .foreignKey {
            // The list was deleted since it was read (the command fails: no need to go on).
            throw TodoError.listGone(list)
        }
    }

    /// The row `writeFields` writes for `task`, with what it does not write.
    static func row(of task: TodoTask, createdAt: String, updatedAt: String, completedAt: String?, tags: String, uuid: String) -> TaskRow {
        TaskRow(listID: task.listID, title: task.title, notes: task.notes, due: task.due?.description, priority: task.priority.rawValue,
                done: task.isDone, createdAt: createdAt, updatedAt: updatedAt, completedAt: completedAt, tags: tags,
                repeat: task.repeatRule?.stored, repeatFrom: task.repeatFrom.rawValue, uuid: uuid)
    }

    /// A task written from `row`, with the row, read by the rules a row read back is read by
    /// (`readTask`): what a write returns without reading the task again.
    static func task(id: TodoTask.ID, listName: String, _ row: TaskRow) throws -> (task: TodoTask, row: TaskRow) {
        (TodoTask(
            id: id, uuid: try StoredTask.uuid(row.uuid, task: id), listID: row.listID, listName: listName, title: row.title, notes: row.notes,
            due: try StoredTask.due(row.due, task: id), priority: try StoredTask.priority(row.priority, task: id), isDone: row.done,
            createdAt: StoredTask.timestamp(row.createdAt), updatedAt: StoredTask.timestamp(row.updatedAt),
            completedAt: row.completedAt.map(StoredTask.timestamp), tags: StoredTask.tags(row.tags),
            repeatRule: try StoredTask.repeatRule(row.repeat, task: id), repeatFrom: try StoredTask.repeatFrom(row.repeatFrom, task: id)), row)
    }

    /// Writes every field of `task` but its id and tags.
    func writeFields(of task: TodoTask, completedAt: String?, updatedAt: String) throws {
        try session.run("""
            UPDATE tasks SET list_id = $1, title = $2, notes = $3, due = $4, priority = $5, done = $6,
                completed_at = $7, updated_at = $8, repeat = $9, repeat_from = $10 WHERE id = $11
            """, [.integer(task.listID), .text(task.title), SQLValue(task.notes), SQLValue(task.due?.description), .text(task.priority.rawValue),
                  .bool(task.isDone), SQLValue(completedAt), .text(updatedAt), SQLValue(task.repeatRule?.stored), .text(task.repeatFrom.rawValue),
                  .integer(task.id)])
    }

    /// Marks a task of `list` done or open (`completed_at` and `updated_at` now, or no longer).
    func markDone(_ done: Bool, task id: TodoTask.ID, in list: TodoList.ID, at now: String) throws {
        try session.run("""
            UPDATE tasks SET done = $1, completed_at = CASE WHEN $1 THEN CAST($2 AS TEXT) END, updated_at = $2
            WHERE id = $3 AND list_id = $4
            """, [.bool(done), .text(now), .integer(id), .integer(list)])
    }

    func deleteRow(_ id: TodoTask.ID) throws {
        try session.run("DELETE FROM tasks WHERE id = $1", [.integer(id)])
    }

    /// Adds one tag, kept as first written: a tag some task has already keeps that spelling.
    package func addTag(_ tag: String, to id: Int64) throws {
        try session.run("""
            INSERT INTO task_tags (task_id, tag)
            VALUES ($1, coalesce((SELECT g.tag FROM task_tags AS g WHERE \(session.dialect.sameName("g.tag", "CAST($2 AS TEXT)")) LIMIT 1), CAST($2 AS TEXT)))
            ON CONFLICT DO NOTHING
            """, [.integer(id), .text(tag)])
    }

    /// Removes a tag, whatever its case.
    func removeTag(_ tag: String, from id: Int64) throws {
        try session.run("DELETE FROM task_tags WHERE task_id = $1 AND \(session.dialect.sameName("tag", "$2"))", [.integer(id), .text(tag)])
    }
}
