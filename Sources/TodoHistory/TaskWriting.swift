import TodoCore
import TodoSQL

/// Writing a task, once for every backend, with its statements: what may change, when
/// updated_at moves, that a task done before keeps its completed_at, which tags come and go, and
/// what is recorded for undo. Each runs inside the repository's write transaction.
extension SQLRepository {
    /// `addTask`.
    package func applyAdd(_ draft: TaskDraft, to list: TodoList.ID) throws -> TodoTask {
        if let problem = TextLimits.taskProblem(title: draft.title, notes: draft.notes, tags: draft.tags) { throw TodoError.tooLong(problem) }
        let id = try insertTask(draft, into: list, at: timestamp())
        for tag in draft.tags { try addTag(tag, to: id) }
        let added = try stored(id, in: list)
        try recorder?.task(id, before: nil, after: added.row, .taskAdded(id))
        return added.task
    }

    /// `updateTask`.
    package func applyEdit(_ id: TodoTask.ID, _ changes: TaskChanges) throws -> TodoTask {
        guard let old = try taskHeld(id) else { throw TodoError.taskNotFound(id) }
        let before = try recorder.map { _ in try storedRow(id, in: old.listID) }
        let list = try changes.listName.map { try listCreatingIfNeeded(named: $0).list }.map { ($0.id, $0.name) }
            ?? (old.listID, old.listName)
        let new = try old.applying(changes, listID: list.0, listName: list.1)
        // An edit that changes nothing leaves updated_at alone.
        guard new != old else { return old }
        let now = timestamp()
        try writeFields(of: new, completedAt: new.isDone ? (old.completedAt ?? now) : nil, updatedAt: now)
        for tag in old.tags where !new.tags.containsScalars(of: tag) { try removeTag(tag, from: id) }
        for tag in new.tags where !old.tags.containsScalars(of: tag) { try addTag(tag, to: id) }
        let after = try stored(id, in: list.0)
        if let recorder {
            try recorder.task(id, before: before, after: after.row)
            ChangeEffect.ofEdit(from: old, to: new).forEach(recorder.note)
        }
        return after.task
    }

    /// `setDone`: a task already in that state is left as it is, updated_at included.
    package func applyDone(_ done: Bool, task id: TodoTask.ID, in list: TodoList.ID) throws -> TodoTask {
        // Held from the record's read (without one, the UPDATE alone changes only done).
        let before = try recorder.map { _ in try storedRow(id, in: list, held: true) }
        let changed = try markDone(done, task: id, in: list, at: timestamp())
        let after = try stored(id, in: list)
        if changed { try recorder?.task(id, before: before, after: after.row, .taskDone(id, done)) }
        return after.task
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
    /// Stores a new task, tags aside, and returns its id.
    func insertTask(_ draft: TaskDraft, into list: TodoList.ID, at now: String) throws -> TodoTask.ID {
        var uuid = draft.uuid
        if let given = uuid, try session.first("SELECT 1 FROM tasks WHERE uuid = $1", [.text(given.text)], { _ in true }) == true {
            uuid = nil  // a repeating task completed, reopened and completed again: a second next task
        }
        do {
            let id = try session.insert(state.insertTask, [
                .integer(list), .text(draft.title), SQLValue(draft.notes), SQLValue(draft.due?.description), .text(draft.priority.rawValue),
                .text(now), SQLValue(draft.repeatRule?.stored), .text(draft.repeatFrom.rawValue), .text((uuid ?? state.newUUID()).text),
            ])
            // A linked file with none of its reserved ids left (its transaction is rolled back).
            if id < 0 { throw TodoError.syncIDsLeft(left: 0) }
            if let take = session.dialect.takeTaskID { try session.run(take, [.integer(id)]) }
            return id
        } catch where session.violated(by: error) == .foreignKey {
            // The list was deleted since it was read (the command fails: no need to go on).
            throw TodoError.listGone(list)
        }
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

    /// Marks a task of `list` done or open unless it already is; whether it changed.
    func markDone(_ done: Bool, task id: TodoTask.ID, in list: TodoList.ID, at now: String) throws -> Bool {
        try session.run("""
            UPDATE tasks SET done = $1, completed_at = CASE WHEN $1 THEN CAST($2 AS TEXT) END, updated_at = $2
            WHERE id = $3 AND list_id = $4 AND done <> $1
            """, [.bool(done), .text(now), .integer(id), .integer(list)]) == 1
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
