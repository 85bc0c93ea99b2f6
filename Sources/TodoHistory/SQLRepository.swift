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
    /// What it keeps between calls: the write under way, statement texts built once.
    var state: SQLRepositoryState { get }
    /// Runs `body` in one transaction of the backend's, rolled back when `rollback` is set or
    /// `body` throws. Inside another, a savepoint, so that a nested write that fails undoes only
    /// itself; or, `joining`, the backend may simply join the outer one (a repository call's own
    /// transaction: a call that fails inside a write fails the write, in every command; on
    /// PostgreSQL a savepoint is two round trips, and a failed statement ends the transaction
    /// there anyway).
    func transaction<T>(rollback: Bool, joining: Bool, _ body: () throws -> T) throws -> T
    /// Runs `body`, its failures turned into the project's errors.
    func translatingErrors<T>(_ body: () throws -> T) throws -> T
    /// How many tasks have ids in the range, and whether they are all as the import left them.
    func importedTasks(_ range: ImportedRange) throws -> (count: Int, unchanged: Bool)
}

/// What a repository keeps between calls: the write under way (the change it records, whether
/// it will be rolled back), and the texts of the statements every command runs, built once from
/// the dialect rather than on each read (a task is read two or three times a command).
package final class SQLRepositoryState {
    package fileprivate(set) var recorder: ChangeRecorder?
    package fileprivate(set) var isRollingBack = false
    /// The uuids of the rows this process adds; seeded at the first.
    private lazy var uuids = UUIDMaker()
    /// A task by id, and a task of a list (`TaskReading`).
    let taskByID: String
    let taskOfList: String
    /// What holds a task's row for a write made of what it reads next (`SQLDialect.lockingRead`);
    /// nil where the write holds the whole database already. A statement of its own: on
    /// PostgreSQL a read that waits for the lock sees the row as committed meanwhile but its
    /// tags and list as they were when it started, so the task is read after the lock is held.
    let holdTask: String?
    /// A new task, numbered as the dialect says (`newTaskID`), giving back its id and its list's name.
    let insertTask: String

    package init(dialect: any SQLDialect) {
        let select = TaskReading.select(dialect, tags: nil)
        taskByID = select + " WHERE t.id = $1"
        taskOfList = select + " WHERE t.id = $1 AND t.list_id = $2"
        holdTask = dialect.lockingRead(of: "t").map { "SELECT 1 FROM tasks AS t WHERE t.id = $1" + $0 }
        insertTask = """
            INSERT INTO tasks (id, list_id, title, notes, due, priority, created_at, updated_at, repeat, repeat_from, uuid)
            VALUES (\(dialect.newTaskID), $1, $2, $3, $4, $5, $6, $6, $7, $8, $9)
            RETURNING id, (SELECT name FROM lists WHERE lists.id = tasks.list_id)
            """
    }

    /// A new row's uuid.
    package func newUUID() -> TodoUUID { uuids.next() }
}

extension SQLRepository {
    /// The change being recorded, inside a write that records one.
    package var recorder: ChangeRecorder? { state.recorder }

    public func write<T>(dryRun: Bool, recording command: String?, _ body: () throws -> T) throws -> T {
        try write(dryRun: dryRun, recording: command, joining: false, body)
    }

    /// `write`, which may join a write under way rather than take a savepoint (`transaction`).
    private func write<T>(dryRun: Bool, recording command: String?, joining: Bool, _ body: () throws -> T) throws -> T {
        let outer = (state.recorder, state.isRollingBack)
        state.isRollingBack = outer.1 || dryRun
        // A dry run records nothing: it is rolled back, and must not write more than it has to.
        let records = outer.0 == nil && command != nil && !dryRun
        if records, let command, historyLimit > 0 {
            state.recorder = ChangeRecorder(HistoryWriter(session: session, command: command, at: timestamp(), limit: historyLimit))
        }
        defer { (state.recorder, state.isRollingBack) = outer }
        return try translatingErrors {
            try transaction(rollback: dryRun, joining: joining) {
                let value = try body()
                if outer.0 == nil { try state.recorder?.finish() }
                if records, historyLimit == 0 { try HistoryWriter.clear(in: session) }
                return value
            }
        }
    }

    /// One repository call that writes, in a transaction of its own, or joining the write under way.
    private func inTransaction<T>(_ body: () throws -> T) throws -> T {
        try translatingErrors { try transaction(rollback: false, joining: true, body) }
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

    public func setDone(_ done: Bool, task id: TodoTask.ID, in list: TodoList.ID) throws -> (task: TodoTask, changed: Bool) {
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
        return try write(dryRun: false, recording: nil, joining: true) { try ChangeReverter.revertNext(undoing: undoing, in: store) }
    }
}
