import TodoCore

/// An in-memory `TodoRepository` that keeps the rules the SQLite one keeps (names unique ignoring
/// case, counts per list, tasks only reachable through their own list, all-or-nothing writes), so
/// coordinator tests exercise the screens against realistic answers without a database.
final class FakeTodoRepository: TodoRepository {
    struct State {
        var lists: [TodoList.ID: String] = [:]
        var tasks: [TodoTask.ID: TodoTask] = [:]
        var nextListID: TodoList.ID = 1
        var nextTaskID: TodoTask.ID = 1
        var clock = 1_700_000_000
    }

    /// Internal so the scripting extension in its own file can reach it.
    var state = State()

    /// How many times `write` rolled back, so a test can tell a refused write from a no-op.
    private(set) var rollbacks = 0

    init() {}

    /// A repository holding `lists` (empty) and, for each `(list, title)`, a task; for set-up.
    convenience init(lists: [String], tasks: [(list: String, title: String)] = []) throws {
        self.init()
        for name in lists { _ = try createList(named: name) }
        for (listName, title) in tasks {
            let list = try self.list(named: listName) ?? createList(named: listName)
            _ = try addTask(TaskDraft(title: title), to: list.id)
        }
    }

    // MARK: Transactions

    func write<T>(dryRun: Bool, _ body: () throws -> T) throws -> T {
        // Every call snapshots, as every SQLite transaction or savepoint does, so nesting works.
        let snapshot = state
        let value: T
        do {
            value = try body()
        } catch {
            state = snapshot
            rollbacks += 1
            throw error
        }
        if dryRun {
            state = snapshot
            rollbacks += 1
        }
        return value
    }

    /// Runs one repository method as its own transaction, so a failing call leaves nothing behind.
    private func atomically<T>(_ body: () throws -> T) throws -> T {
        let snapshot = state
        do {
            return try body()
        } catch {
            state = snapshot
            throw error
        }
    }

    // MARK: Lists

    func forEachList(_ body: (TodoList) throws -> Void) throws {
        let ordered = state.lists.keys.compactMap(todoList).sorted {
            ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id)
        }
        for list in ordered { try body(list) }
    }

    func list(named name: String) throws -> TodoList? {
        state.lists.first { sameName($0.value, name) }.flatMap { todoList($0.key) }
    }

    func createList(named name: String) throws -> TodoList {
        guard try list(named: name) == nil else { throw TodoError.listExists(name) }
        let id = state.nextListID
        state.nextListID += 1
        state.lists[id] = name
        return TodoList(id: id, name: name, openCount: 0, doneCount: 0)
    }

    func renameList(_ id: TodoList.ID, to name: String) throws -> TodoList {
        guard state.lists[id] != nil else { throw TodoError.listNotFound(String(id)) }
        if let other = try list(named: name), other.id != id { throw TodoError.listExists(name) }
        state.lists[id] = name
        for (taskID, task) in state.tasks where task.listID == id {
            state.tasks[taskID] = task.with(listID: id, listName: name)
        }
        return try existing(id)
    }

    func deleteList(_ id: TodoList.ID, force: Bool) throws -> TodoList {
        let list = try existing(id)
        let taskCount = list.openCount + list.doneCount
        guard force || taskCount == 0 else { throw TodoError.listNotEmpty(list.name, taskCount: taskCount) }
        state.lists[id] = nil
        state.tasks = state.tasks.filter { $0.value.listID != id }
        return list
    }

    // MARK: Tasks

    func task(_ id: TodoTask.ID) throws -> TodoTask? {
        state.tasks[id]
    }

    func forEachTask(matching query: TaskQuery, _ body: (TodoTask) throws -> Void) throws {
        let chosen = state.tasks.values
            .filter { task in
                (query.list.map { task.listID == $0 } ?? true) && (query.includeDone || !task.isDone)
                    && (query.priority.map { task.priority == $0 } ?? true)
                    && (query.dueBefore.map { before in task.due.map { $0.description < before.description } ?? false } ?? true)
            }
            .sorted {
                Self.displayKey($0, query.sort, openFirst: query.openFirst)
                    .lexicographicallyPrecedes(Self.displayKey($1, query.sort, openFirst: query.openFirst))
            }
        for task in chosen.prefix(query.limit ?? Int.max) { try body(task) }
    }

    func addTask(_ draft: TaskDraft, to list: TodoList.ID) throws -> TodoTask {
        let list = try existing(list)
        let id = state.nextTaskID
        state.nextTaskID += 1
        let now = tick()
        let task = TodoTask(
            id: id, listID: list.id, listName: list.name, title: draft.title, notes: draft.notes,
            due: draft.due, priority: draft.priority, isDone: false, createdAt: now, updatedAt: now,
            completedAt: nil)
        state.tasks[id] = task
        return task
    }

    func updateTask(_ id: TodoTask.ID, with changes: TaskChanges) throws -> TodoTask {
        try atomically {
            guard let old = state.tasks[id] else { throw TodoError.taskNotFound(id) }
            let target = try changes.listName.map { try list(named: $0) ?? createList(named: $0) }
                ?? existing(old.listID)
            func value<V>(_ field: TaskChanges.Field<V>, _ current: V?) -> V? {
                if case .set(let new) = field { return new }
                return current
            }
            let isDone = changes.isDone ?? old.isDone
            let unchanged = TodoTask(
                id: id, listID: target.id, listName: target.name, title: changes.title ?? old.title,
                notes: value(changes.notes, old.notes), due: value(changes.due, old.due),
                priority: changes.priority ?? old.priority, isDone: isDone, createdAt: old.createdAt,
                updatedAt: old.updatedAt, completedAt: old.completedAt)
            guard unchanged != old else { return old }
            let now = tick()
            let new = TodoTask(
                id: id, listID: unchanged.listID, listName: unchanged.listName, title: unchanged.title,
                notes: unchanged.notes, due: unchanged.due, priority: unchanged.priority, isDone: isDone,
                createdAt: old.createdAt, updatedAt: now, completedAt: isDone ? (old.completedAt ?? now) : nil)
            state.tasks[id] = new
            return new
        }
    }

    func setDone(_ done: Bool, task id: TodoTask.ID, in list: TodoList.ID) throws -> TodoTask {
        let old = try task(id, in: list)
        guard old.isDone != done else { return old }
        let now = tick()
        let new = TodoTask(
            id: id, listID: old.listID, listName: old.listName, title: old.title, notes: old.notes,
            due: old.due, priority: old.priority, isDone: done, createdAt: old.createdAt, updatedAt: now,
            completedAt: done ? now : nil)
        state.tasks[id] = new
        return new
    }

    func deleteTask(_ id: TodoTask.ID, in list: TodoList.ID) throws -> TodoTask {
        let old = try task(id, in: list)
        state.tasks[id] = nil
        return old
    }

    // MARK: Helpers

    /// Every task, by id; for assertions.
    var allTasks: [TodoTask] { state.tasks.values.sorted { $0.id < $1.id } }

    private func task(_ id: TodoTask.ID, in list: TodoList.ID) throws -> TodoTask {
        guard let task = state.tasks[id], task.listID == list else { throw TodoError.taskNotFound(id) }
        return task
    }

    func existing(_ id: TodoList.ID) throws -> TodoList {
        guard let list = todoList(id) else { throw TodoError.listNotFound(String(id)) }
        return list
    }

    private func todoList(_ id: TodoList.ID) -> TodoList? {
        guard let name = state.lists[id] else { return nil }
        let tasks = state.tasks.values.filter { $0.listID == id }
        let done = tasks.count(where: \.isDone)
        return TodoList(id: id, name: name, openCount: tasks.count - done, doneCount: done)
    }

    /// SQLite's NOCASE folds ASCII letters only.
    private func sameName(_ a: String, _ b: String) -> Bool {
        func folded(_ s: String) -> [UInt8] {
            s.utf8.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 + 32 : $0 }
        }
        return folded(a) == folded(b)
    }

    /// A fresh, later timestamp each time something is written.
    private func tick() -> String {
        state.clock += 1
        return LocalClock.timestamp(secondsSinceEpoch: state.clock)
    }

    /// The same orders as the SQLite repository: open before done, then the query's sort, then id.
    private static func displayKey(_ task: TodoTask, _ sort: TaskQuery.Sort, openFirst: Bool = true) -> [String] {
        let id = String(repeating: "0", count: 20 - String(task.id).count) + String(task.id)
        let due = task.due.map { "0" + $0.description } ?? "1"
        let done = openFirst ? (task.isDone ? "1" : "0") : ""
        switch sort {
        case .due: return [done, due, id]
        case .priority: return [done, String(3 - task.priority.rank), due, id]
        case .created: return [done, id]
        case .title: return [done, task.title.lowercased(), id]
        }
    }
}

extension TodoTask {
    fileprivate func with(listID: TodoList.ID, listName: String) -> TodoTask {
        TodoTask(
            id: id, listID: listID, listName: listName, title: title, notes: notes, due: due,
            priority: priority, isDone: isDone, createdAt: createdAt, updatedAt: updatedAt,
            completedAt: completedAt)
    }
}
