import TodoCore
import TodoSQL

/// A `TodoRepository` whose rules are written once, over `SQLSession`, for every backend: the
/// write that records a change, lists, adding, editing, marking done and deleting a task, undo,
/// redo and the history. A backend adopts it by giving only what is really its own: its session,
/// its transaction and how its failures read, and how it tells whether an import's tasks are still
/// as imported.
package protocol SQLRepository: TodoRepository {
    var session: any SQLSession { get }
    var timestamp: () -> String { get }
    /// How many changes the history keeps (0: none, and nothing is recorded).
    var historyLimit: Int { get }
    /// The write under way, if one is.
    var writing: WriteState { get }
    /// Runs `body` in one transaction of the backend's (nested calls join the outer one), rolled
    /// back when `rollback` is set or `body` throws.
    func transaction<T>(rollback: Bool, _ body: () throws -> T) throws -> T
    /// Runs `body`, its failures turned into the project's errors.
    func translatingErrors<T>(_ body: () throws -> T) throws -> T
    /// How many tasks have ids in the range, and whether they are all as the import left them.
    func importedTasks(_ range: ImportedRange) throws -> (count: Int, unchanged: Bool)
}

/// What the write under way is doing: the change it records, and whether it will be rolled back.
package final class WriteState {
    package fileprivate(set) var recorder: ChangeRecorder?
    package fileprivate(set) var isRollingBack = false

    package init() {}
}

extension SQLRepository {
    /// The change being recorded, inside a write that records one.
    package var recorder: ChangeRecorder? { writing.recorder }

    public func write<T>(dryRun: Bool, recording command: String?, _ body: () throws -> T) throws -> T {
        let outer = (writing.recorder, writing.isRollingBack)
        writing.isRollingBack = outer.1 || dryRun
        // A dry run records nothing: it is rolled back, and must not write more than it has to.
        let records = outer.0 == nil && command != nil && !dryRun
        if records, let command, historyLimit > 0 {
            writing.recorder = ChangeRecorder(HistoryWriter(session: session, command: command, at: timestamp(), limit: historyLimit))
        }
        defer { (writing.recorder, writing.isRollingBack) = outer }
        return try translatingErrors {
            try transaction(rollback: dryRun) {
                let value = try body()
                if outer.0 == nil { try writing.recorder?.finish() }
                if records, historyLimit == 0 { try HistoryWriter.clear(in: session) }
                return value
            }
        }
    }

    /// One repository call that writes, in a transaction of its own (or the write's, when one is under way).
    private func inTransaction<T>(_ body: () throws -> T) throws -> T {
        try translatingErrors { try transaction(rollback: false, body) }
    }

    public func forEachList(offset: Int, limit: Int?, _ body: (TodoList) throws -> Void) throws {
        try translatingErrors { try forEachStoredList(offset: offset, limit: limit, body) }
    }

    public func listPosition(of id: TodoList.ID) throws -> Int? {
        try translatingErrors { try storedListPosition(of: id) }
    }

    public func list(named name: String) throws -> TodoList? {
        try translatingErrors { try storedList(named: name) }
    }

    public func createList(named name: String) throws -> TodoList {
        try inTransaction { try applyCreateList(named: name) }
    }

    public func renameList(_ id: TodoList.ID, to name: String) throws -> TodoList {
        try inTransaction { try applyRename(id, to: name) }
    }

    public func deleteList(_ id: TodoList.ID, force: Bool) throws -> TodoList {
        try inTransaction { try applyDeleteList(id, force: force) }
    }

    public func addTask(_ draft: TaskDraft, to list: TodoList.ID) throws -> TodoTask {
        try inTransaction { try applyAdd(draft, to: list) }
    }

    public func updateTask(_ id: TodoTask.ID, with changes: TaskChanges) throws -> TodoTask {
        try inTransaction { try applyEdit(id, changes) }
    }

    public func setDone(_ done: Bool, task id: TodoTask.ID, in list: TodoList.ID) throws -> TodoTask {
        try inTransaction { try applyDone(done, task: id, in: list) }
    }

    public func deleteTask(_ id: TodoTask.ID, in list: TodoList.ID) throws -> TodoTask {
        try inTransaction { try applyDelete(id, in: list) }
    }

    public func undo() throws -> HistoryEntry { try revert(undoing: true) }
    public func redo() throws -> HistoryEntry { try revert(undoing: false) }

    public func forEachHistoryEntry(limit: Int, _ body: (HistoryEntry) throws -> Void) throws {
        try translatingErrors {
            try session.forEachRow("\(HistoryStore.visibleChanges) ORDER BY id DESC LIMIT $2", [SQLValue(historyLimit), SQLValue(limit)]) {
                try body(HistoryStore.entry($0))
            }
        }
    }

    /// Undoes the newest change not undone, or redoes the oldest undone one, in a write of its own
    /// (which records nothing) and returns it as it now stands.
    private func revert(undoing: Bool) throws -> HistoryEntry {
        let store = HistoryStore(session: session, limit: historyLimit) { try self.importedTasks($0) }
        return try write(dryRun: false, recording: nil) { try ChangeReverter.revertNext(undoing: undoing, in: store) }
    }
}
