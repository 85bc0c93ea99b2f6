import TodoCore

/// What writing a task needs of a repository, each part in the repository's own SQL; the
/// rules of adding, editing, marking done and deleting a task live once, below, for every
/// backend: what may change, when updated_at moves, that a task done before keeps its
/// completed_at, which tags come and go, and what is recorded for undo. Each runs inside the
/// repository's write transaction.
package protocol TaskWriting: TodoRepository {
    /// The change being recorded, inside a write that records one.
    var recorder: ChangeRecorder? { get }
    var timestamp: () -> String { get }
    /// A task of `list` and its row as the history keeps it, from one read.
    func stored(_ id: TodoTask.ID, in list: TodoList.ID) throws -> (task: TodoTask, row: TaskRow)
    /// Just the row (a backend may read it more cheaply than the task).
    func storedRow(_ id: TodoTask.ID, in list: TodoList.ID) throws -> TaskRow
    /// Stores a new task, tags aside, and returns its id.
    func insertTask(_ draft: TaskDraft, into list: TodoList.ID, at now: String) throws -> TodoTask.ID
    /// Writes every field of `task` but its id and tags.
    func writeFields(of task: TodoTask, completedAt: String?, updatedAt: String) throws
    /// Marks a task of `list` done or open unless it already is; whether it changed.
    func markDone(_ done: Bool, task id: TodoTask.ID, in list: TodoList.ID, at now: String) throws -> Bool
    func deleteRow(_ id: TodoTask.ID) throws
    /// Adds a tag, in the spelling the database already knows it by, if any.
    func addTag(_ tag: String, to id: Int64) throws
    /// Removes a tag, whatever its case.
    func removeTag(_ tag: String, from id: Int64) throws
}

extension TaskWriting {
    package func storedRow(_ id: TodoTask.ID, in list: TodoList.ID) throws -> TaskRow {
        try stored(id, in: list).row
    }

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
        guard let old = try task(id) else { throw TodoError.taskNotFound(id) }
        let before = try recorder.map { _ in try storedRow(id, in: old.listID) }
        let list = try changes.listName.map { try listCreatingIfNeeded(named: $0).list }
            ?? TodoList(id: old.listID, name: old.listName, openCount: 0, doneCount: 0)
        let new = try old.applying(changes, listID: list.id, listName: list.name)
        // An edit that changes nothing leaves updated_at alone.
        guard new != old else { return old }
        let now = timestamp()
        try writeFields(of: new, completedAt: new.isDone ? (old.completedAt ?? now) : nil, updatedAt: now)
        for tag in old.tags where !new.tags.containsScalars(of: tag) { try removeTag(tag, from: id) }
        for tag in new.tags where !old.tags.containsScalars(of: tag) { try addTag(tag, to: id) }
        let after = try stored(id, in: list.id)
        if let recorder {
            try recorder.task(id, before: before, after: after.row)
            ChangeEffect.ofEdit(from: old, to: new).forEach(recorder.note)
        }
        return after.task
    }

    /// `setDone`: a task already in that state is left as it is, updated_at included.
    package func applyDone(_ done: Bool, task id: TodoTask.ID, in list: TodoList.ID) throws -> TodoTask {
        let before = try recorder.map { _ in try storedRow(id, in: list) }
        let changed = try markDone(done, task: id, in: list, at: timestamp())
        let after = try stored(id, in: list)
        if changed { try recorder?.task(id, before: before, after: after.row, .taskDone(id, done)) }
        return after.task
    }

    /// `deleteTask`: the task as it was.
    package func applyDelete(_ id: TodoTask.ID, in list: TodoList.ID) throws -> TodoTask {
        let (task, row) = try stored(id, in: list)
        try recorder?.task(id, before: row, after: nil, .taskDeleted(id))
        try deleteRow(id)
        return task
    }
}
