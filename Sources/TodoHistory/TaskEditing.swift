import TodoCore

/// What an edit needs of a repository, each part in the repository's own SQL; `applyEdit` holds
/// the edit's rules once for every backend: what may change, when updated_at moves, that a
/// task done before keeps its completed_at, which tags come and go, and the record for undo.
package protocol TaskEditing: TodoRepository {
    /// The change being recorded, inside a write that records one.
    var recorder: ChangeRecorder? { get }
    var timestamp: () -> String { get }
    /// A task of `list` and its row as the history keeps it, from one read.
    func stored(_ id: TodoTask.ID, in list: TodoList.ID) throws -> (task: TodoTask, row: TaskRow)
    /// Writes every field of `task` but its id and tags.
    func writeFields(of task: TodoTask, completedAt: String?, updatedAt: String) throws
    /// Adds a tag, in the spelling the database already knows it by, if any.
    func addTag(_ tag: String, to id: Int64) throws
    /// Removes a tag, whatever its case.
    func removeTag(_ tag: String, from id: Int64) throws
}

extension TaskEditing {
    /// `updateTask`, inside the repository's write transaction.
    package func applyEdit(_ id: TodoTask.ID, _ changes: TaskChanges) throws -> TodoTask {
        guard let old = try task(id) else { throw TodoError.taskNotFound(id) }
        let before = try recorder.map { _ in try stored(id, in: old.listID).row }
        let list = try changes.listName.map { try listCreatingIfNeeded(named: $0).list }
            ?? TodoList(id: old.listID, name: old.listName, openCount: 0, doneCount: 0)
        let new = try old.applying(changes, listID: list.id, listName: list.name)
        // An edit that changes nothing leaves updated_at alone.
        guard new != old else { return old }
        let now = timestamp()
        try writeFields(of: new, completedAt: new.isDone ? (old.completedAt ?? now) : nil, updatedAt: now)
        for tag in old.tags where !new.tags.contains(tag) { try removeTag(tag, from: id) }
        for tag in new.tags where !old.tags.contains(tag) { try addTag(tag, to: id) }
        let after = try stored(id, in: list.id)
        if let recorder {
            try recorder.task(id, before: before, after: after.row)
            ChangeEffect.ofEdit(from: old, to: new).forEach(recorder.note)
        }
        return after.task
    }
}
