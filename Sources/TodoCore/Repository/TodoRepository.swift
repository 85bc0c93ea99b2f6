/// Where lists and tasks are kept. Built once, by the composition root, and carried down to every
/// screen by the coordinators; nothing else opens the storage.
///
/// Methods throw `TodoError` for what the domain forbids, and their storage's own errors for
/// what goes wrong with it. Names passed in are already trimmed and non-empty.
public protocol TodoRepository: AnyObject {
    /// Runs `body` as one write transaction: all of it happens, or, when it throws or `dryRun` is
    /// set, none of it does. Calls nest: an inner one joins the outer transaction, and when it
    /// fails undoes only itself. A repository call (`addTask`, `createList`, …) that fails
    /// inside a write may leave part of its work in it: the write must fail too, as every
    /// command's does.
    ///
    /// With a `command` (the command line as typed), what the transaction changes is recorded in
    /// the history as one change, in the same transaction, so a crash leaves both or neither; a
    /// change that changes nothing is not recorded. Recording a change drops what could have
    /// been redone, and the oldest changes past the history's bound.
    func write<T>(dryRun: Bool, recording command: String?, _ body: () throws -> T) throws -> T

    /// A number that changes when something else (another process, `sqlite3`) has changed the
    /// storage since it was last asked: how a long-lived view knows to read again. Its own writes
    /// need not change it.
    func dataVersion() throws -> Int64

    /// Reverts the most recent change not undone yet, after checking, in the same transaction,
    /// that every list and task it would touch is still as that change left it.
    /// `TodoError.nothingToUndo`, or `TodoError.historyConflict` naming what changed since.
    func undo() throws -> HistoryEntry
    /// Makes the most recently undone change again, after the same check the other way round.
    func redo() throws -> HistoryEntry
    /// The history, newest first, at most `limit` entries.
    func forEachHistoryEntry(limit: Int, _ body: (HistoryEntry) throws -> Void) throws

    /// The lists, by name, with their counts: `limit` of them (nil: all) from the `offset`-th,
    /// so a view of 200,000 lists reads only the ones it shows.
    func forEachList(offset: Int, limit: Int?, _ body: (TodoList) throws -> Void) throws
    /// How many lists come before this one, by name; nil when there is no such list.
    func listPosition(of id: TodoList.ID) throws -> Int?
    /// The list with this name, ignoring case.
    func list(named name: String) throws -> TodoList?
    /// The list with this id, as it is now; nil when there is none (deleted meanwhile).
    func list(id: TodoList.ID) throws -> TodoList?
    /// The list task `id` is in, read with one statement; nil when there is no such task.
    func list(ofTask id: TodoTask.ID) throws -> TodoList?
    /// Creates a list; `TodoError.listExists` when the name is taken.
    func createList(named name: String) throws -> TodoList
    func renameList(_ id: TodoList.ID, to name: String) throws -> TodoList
    /// Deletes a list as it was before; with `force`, its tasks too, else `TodoError.listNotEmpty`.
    func deleteList(_ id: TodoList.ID, force: Bool) throws -> TodoList

    func task(_ id: TodoTask.ID) throws -> TodoTask?
    /// The task with this uuid (`TodoUUID`), nil when none has it.
    func task(uuid: TodoUUID) throws -> TodoTask?
    /// The tasks a query selects, in its order, handed over one at a time so nothing is collected.
    func forEachTask(matching query: TaskQuery, _ body: (TodoTask) throws -> Void) throws
    /// Tasks whose title or notes match every word, best matches first.
    func forEachTask(matching search: TaskSearch, _ body: (TodoTask) throws -> Void) throws
    func addTask(_ draft: TaskDraft, to list: TodoList.ID) throws -> TodoTask
    /// Applies `changes`; a `listName` that does not exist yet is created.
    func updateTask(_ id: TodoTask.ID, with changes: TaskChanges) throws -> TodoTask
    /// Marks a task of `list` done or open, and says whether it changed: a task already so is
    /// left as it is. `TodoError.taskNotFound` if it is not in that list.
    func setDone(_ done: Bool, task id: TodoTask.ID, in list: TodoList.ID) throws -> (task: TodoTask, changed: Bool)
    /// Deletes a task of `list` and returns it as it was.
    func deleteTask(_ id: TodoTask.ID, in list: TodoList.ID) throws -> TodoTask

    /// Every tag any task has, ignoring ASCII case, sorted as `Tags.sorted` sorts, with its
    /// number of open tasks.
    func forEachTag(_ body: (TagCount) throws -> Void) throws

    /// Stores every record `produce` hands over, creating lists as needed. With `keepingIDs`
    /// the records' ids are kept, and an id handed out before is `TodoError.idAlreadyAssigned`.
    func importTasks(keepingIDs: Bool, _ produce: ((ImportedTask) throws -> Void) throws -> Void) throws -> ImportSummary
}

extension TodoRepository {
    public func write<T>(_ body: () throws -> T) throws -> T {
        try write(dryRun: false, recording: nil, body)
    }

    public func write<T>(dryRun: Bool, _ body: () throws -> T) throws -> T {
        try write(dryRun: dryRun, recording: nil, body)
    }

    /// Every list, by name, with its counts.
    public func forEachList(_ body: (TodoList) throws -> Void) throws {
        try forEachList(offset: 0, limit: nil, body)
    }

    /// The list with this name; `TodoError.listNotFound` when there is none.
    public func existingList(named name: String) throws -> TodoList {
        guard let list = try list(named: name) else { throw TodoError.listNotFound(name) }
        return list
    }

    /// The list with this name, created when there is none, and whether it was.
    public func listCreatingIfNeeded(named name: String) throws -> (list: TodoList, created: Bool) {
        if let list = try list(named: name) { return (list, false) }
        return (try createList(named: name), true)
    }

    /// One list's tasks.
    public func forEachTask(in list: TodoList.ID, matching query: TaskQuery, _ body: (TodoTask) throws -> Void) throws {
        var query = query
        query.lists = [list]
        try forEachTask(matching: query, body)
    }
}
