import TodoCore

/// What writing a list needs of a repository, each part in the repository's own SQL; the rules
/// of creating, renaming and deleting a list live once, below, for every backend: which names
/// are refused, what a rename that changes nothing records, that a deleted list's tasks are
/// recorded with it for undo. Each runs inside the repository's write transaction.
package protocol ListWriting: TodoRepository {
    /// The change being recorded, inside a write that records one.
    var recorder: ChangeRecorder? { get }
    var timestamp: () -> String { get }
    func list(id: TodoList.ID) throws -> TodoList?
    /// The list's row as the history keeps it.
    func listRow(_ id: Int64) throws -> ListRow?
    /// Stores a new list and returns its id; `TodoError.listExists` when the name is taken,
    /// whatever its case.
    func insertList(_ row: ListRow) throws -> TodoList.ID
    /// `TodoError.listExists` when another list has the name, whatever its case.
    func writeName(_ name: String, ofList id: TodoList.ID) throws
    /// Deletes the list and, with it, its tasks.
    func deleteListRow(_ id: TodoList.ID) throws
}

extension ListWriting {
    /// `createList`.
    package func applyCreateList(named name: String) throws -> TodoList {
        if let problem = TextLimits.listNameProblem(name) { throw TodoError.tooLong(problem) }
        let created = ListRow(name: name, createdAt: timestamp())
        let id = try insertList(created)
        try recorder?.list(id, before: nil, after: created, .listCreated(name))
        return TodoList(id: id, name: name, openCount: 0, doneCount: 0)
    }

    /// `renameList`: a new spelling of the same name is a rename too (another case, another
    /// normalisation: whatever the database stores differently); the same name is none.
    package func applyRename(_ id: TodoList.ID, to name: String) throws -> TodoList {
        guard let before = try listRow(id) else { throw TodoError.listNotFound(String(id)) }
        if let problem = TextLimits.listNameProblem(name) { throw TodoError.tooLong(problem) }
        try writeName(name, ofList: id)
        guard let list = try list(id: id) else { throw TodoError.listNotFound(String(id)) }
        if !before.name.hasSameScalars(as: name) {
            try recorder?.list(id, before: before, after: ListRow(name: name, createdAt: before.createdAt),
                               .listRenamed(from: before.name, to: name))
        }
        return list
    }

    /// `deleteList`: the list as it was.
    package func applyDeleteList(_ id: TodoList.ID, force: Bool) throws -> TodoList {
        guard let list = try list(id: id) else { throw TodoError.listNotFound(String(id)) }
        let taskCount = list.taskCount
        guard force || taskCount == 0 else { throw TodoError.listNotEmpty(list.name, taskCount: taskCount) }
        if let recorder {
            // Its tasks go with it: each is recorded, for undo, however many there are.
            if taskCount > 0 { try recorder.tasksDeleted(withList: id) }
            try recorder.list(id, before: listRow(id), after: nil, .listDeleted(list.name, tasks: taskCount))
        }
        try deleteListRow(id)
        return list
    }
}
