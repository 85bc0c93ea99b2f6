import TodoCore

/// An in-memory `TodoRepository` for coordinator tests. It keeps the rules the real ones keep
/// (names unique ignoring ASCII case, counts per list, tasks only reachable through their own
/// list, all-or-nothing writes, ids never reused) and passes the same contract suite
/// (`TodoRepositoryContractTests`), so the screens are driven against realistic answers.
public final class FakeTodoRepository: TodoRepository {
    struct State {
        var lists: [TodoList.ID: String] = [:]
        var tasks: [TodoTask.ID: TodoTask] = [:]
        var nextListID: TodoList.ID = 1
        /// Ids below this were handed out at some time, even if deleted since.
        var nextTaskID: TodoTask.ID = 1
        /// The history, oldest first; undone changes are always the newest.
        var history: [Change] = []
    }

    /// A recorded change: every list and task it touched, as it was before and after.
    struct Change {
        var entry: HistoryEntry
        var lists: [TodoList.ID: (before: String?, after: String?)]
        var tasks: [TodoTask.ID: (before: TodoTask?, after: TodoTask?)]
    }

    var state = State()
    /// The time writes are stamped with.
    let timestamp: () -> String

    /// How many times `write` rolled back, so a test can tell a refused write from a no-op.
    public private(set) var rollbacks = 0
    /// How many changes the history keeps.
    let historyLimit: Int
    /// What an import in the write under way did, for its summary.
    var importedInThisWrite: ImportSummary?

    /// `timestamp` stamps writes; by default a clock that moves a second at each write.
    public init(timestamp: (() -> String)? = nil, historyLimit: Int = 100) {
        self.historyLimit = historyLimit
        if let timestamp {
            self.timestamp = timestamp
        } else {
            let ticks = Ticks()
            self.timestamp = { ticks.next() }
        }
    }

    /// A repository holding `lists` (empty) and, for each `(list, title)`, a task; for set-up.
    public convenience init(lists: [String], tasks: [(list: String, title: String)] = []) throws {
        self.init()
        for name in lists { _ = try createList(named: name) }
        for (listName, title) in tasks {
            let list = try self.list(named: listName) ?? createList(named: listName)
            _ = try addTask(TaskDraft(title: title), to: list.id)
        }
    }

    // MARK: Transactions

    /// What another process would have moved; a test moves it with `changeFromOutside`.
    public var outsideChanges: Int64 = 0

    public func dataVersion() throws -> Int64 { outsideChanges }

    public func write<T>(dryRun: Bool, recording command: String?, _ body: () throws -> T) throws -> T {
        // Every call snapshots, as every SQLite transaction or savepoint does, so nesting works.
        let snapshot = state
        if command != nil { importedInThisWrite = nil }
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
        } else if let command {
            if historyLimit > 0 { record(command, since: snapshot) } else { state.history.removeAll() }
        }
        return value
    }

    /// Runs one repository method as its own transaction, so a failing call leaves nothing behind.
    func atomically<T>(_ body: () throws -> T) throws -> T {
        let snapshot = state
        do {
            return try body()
        } catch {
            state = snapshot
            throw error
        }
    }

    // MARK: Lists

    public func forEachList(offset: Int, limit: Int?, _ body: (TodoList) throws -> Void) throws {
        for list in orderedLists.dropFirst(offset).prefix(limit ?? .max) { try body(list) }
    }

    public func listPosition(of id: TodoList.ID) throws -> Int? {
        orderedLists.firstIndex { $0.id == id }
    }

    private var orderedLists: [TodoList] {
        state.lists.keys.compactMap(todoList).sorted {
            let x = Self.asciiFolded($0.name), y = Self.asciiFolded($1.name)
            return x != y ? x.lexicographicallyPrecedes(y) : $0.id < $1.id
        }
    }

    public func list(named name: String) throws -> TodoList? {
        state.lists.first { Names.foldedForMatching($0.value) == Names.foldedForMatching(name) }.flatMap { todoList($0.key) }
    }

    public func createList(named name: String) throws -> TodoList {
        guard try list(named: name) == nil else { throw TodoError.listExists(name) }
        let id = state.nextListID
        state.nextListID += 1
        state.lists[id] = name
        return TodoList(id: id, name: name, openCount: 0, doneCount: 0)
    }

    public func renameList(_ id: TodoList.ID, to name: String) throws -> TodoList {
        guard state.lists[id] != nil else { throw TodoError.listNotFound(String(id)) }
        if let other = try list(named: name), other.id != id { throw TodoError.listExists(name) }
        state.lists[id] = name
        for (taskID, task) in state.tasks where task.listID == id {
            state.tasks[taskID] = task.with(listID: id, listName: name)
        }
        return try existing(id)
    }

    public func deleteList(_ id: TodoList.ID, force: Bool) throws -> TodoList {
        let list = try existing(id)
        let taskCount = list.openCount + list.doneCount
        guard force || taskCount == 0 else { throw TodoError.listNotEmpty(list.name, taskCount: taskCount) }
        state.lists[id] = nil
        state.tasks = state.tasks.filter { $0.value.listID != id }
        return list
    }

    // MARK: Tasks

    public func task(_ id: TodoTask.ID) throws -> TodoTask? {
        state.tasks[id]
    }

    public func forEachTask(matching query: TaskQuery, _ body: (TodoTask) throws -> Void) throws {
        let chosen = state.tasks.values
            .filter { query.selects($0) }
            .sorted { Self.precedes($0, $1, query.sort, openFirst: query.openFirst) }
        for task in chosen.dropFirst(query.offset).prefix(query.limit ?? Int.max) { try body(task) }
    }

    public func addTask(_ draft: TaskDraft, to list: TodoList.ID) throws -> TodoTask {
        guard let list = todoList(list) else { throw TodoError.listGone(list) }
        let id = state.nextTaskID
        state.nextTaskID += 1
        let now = timestamp()
        let task = TodoTask(
            id: id, listID: list.id, listName: list.name, title: draft.title, notes: draft.notes,
            due: draft.due, priority: draft.priority, isDone: false, createdAt: now, updatedAt: now,
            completedAt: nil, tags: spelled(draft.tags), repeatRule: draft.repeatRule, repeatFrom: draft.repeatFrom)
        state.tasks[id] = task
        return task
    }

    public func updateTask(_ id: TodoTask.ID, with changes: TaskChanges) throws -> TodoTask {
        try atomically {
            guard let old = state.tasks[id] else { throw TodoError.taskNotFound(id) }
            let target = try changes.listName.map { try list(named: $0) ?? createList(named: $0) }
                ?? existing(old.listID)
            let applied = try old.applying(changes, listID: target.id, listName: target.name)
            let unchanged = applied.stamped(updatedAt: old.updatedAt, completedAt: old.completedAt, tags: spelled(applied.tags))
            guard unchanged != old else { return old }
            let now = timestamp()
            let new = unchanged.stamped(updatedAt: now, completedAt: unchanged.isDone ? (old.completedAt ?? now) : nil)
            state.tasks[id] = new
            return new
        }
    }

    public func setDone(_ done: Bool, task id: TodoTask.ID, in list: TodoList.ID) throws -> TodoTask {
        let old = try task(id, in: list)
        guard old.isDone != done else { return old }
        let now = timestamp()
        let new = TodoTask(
            id: id, listID: old.listID, listName: old.listName, title: old.title, notes: old.notes,
            due: old.due, priority: old.priority, isDone: done, createdAt: old.createdAt, updatedAt: now,
            completedAt: done ? now : nil, tags: old.tags, repeatRule: old.repeatRule, repeatFrom: old.repeatFrom)
        state.tasks[id] = new
        return new
    }

    public func forEachTag(_ body: (TagCount) throws -> Void) throws {
        var open: [ExactText: (name: String, count: Int)] = [:]
        for task in state.tasks.values.sorted(by: { $0.id < $1.id }) {
            for tag in task.tags {
                open[Tags.folded(tag), default: (tag, 0)].count += task.isDone ? 0 : 1
            }
        }
        for name in Tags.sorted(open.values.map(\.name)) {
            try body(TagCount(name: name, openTasks: open[Tags.folded(name)]?.count ?? 0))
        }
    }

    /// Tags in the spelling some task already has them in (kept as first written), sorted.
    func spelled(_ tags: [String]) -> [String] {
        let known = state.tasks.values.sorted { $0.id < $1.id }.flatMap(\.tags)
        return Tags.sorted(tags.map { tag in known.first { Tags.same($0, tag) } ?? tag })
    }

    public func deleteTask(_ id: TodoTask.ID, in list: TodoList.ID) throws -> TodoTask {
        let old = try task(id, in: list)
        state.tasks[id] = nil
        return old
    }

    // MARK: Helpers

    /// Every task, by id; for assertions.
    public var allTasks: [TodoTask] { state.tasks.values.sorted { $0.id < $1.id } }

    func task(_ id: TodoTask.ID, in list: TodoList.ID) throws -> TodoTask {
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

    /// The same orders as the SQLite repository: open before done, then the query's sort (titles
    /// ignoring ASCII case, byte by byte, as NOCASE does), then id.
    static func precedes(_ a: TodoTask, _ b: TodoTask, _ sort: TaskQuery.Sort, openFirst: Bool) -> Bool {
        func dueLess() -> Bool? {
            if (a.due == nil) != (b.due == nil) { return a.due != nil }
            if let x = a.due, let y = b.due, x != y { return x.description < y.description }
            return nil
        }
        if openFirst, a.isDone != b.isDone { return !a.isDone }
        switch sort {
        case .due:
            if let less = dueLess() { return less }
        case .priority:
            if a.priority != b.priority { return a.priority > b.priority }
            if let less = dueLess() { return less }
        case .created:
            break
        case .title:
            let x = asciiFolded(a.title), y = asciiFolded(b.title)
            if x != y { return x.lexicographicallyPrecedes(y) }
        }
        return a.id < b.id
    }

    /// Text as SQLite's NOCASE compares it: bytes, ASCII letters folded.
    static func asciiFolded(_ text: String) -> [UInt8] {
        text.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }
    }
}

extension TaskQuery {
    /// Whether a task passes the query's filters, as the SQLite repository's WHERE clause reads
    /// them.
    func selects(_ task: TodoTask) -> Bool {
        guard list.map({ task.listID == $0 }) ?? true, includeDone || !task.isDone,
              priority.map({ task.priority == $0 }) ?? true,
              tags.allSatisfy({ tag in task.tags.contains { Tags.same($0, tag) } })
        else { return false }
        if let before = dueBefore {
            guard let due = task.due, due.description < before.description else { return false }
        }
        if let now = overdueAsOf {
            // A date alone is overdue from the next day; a date and time from the next minute.
            guard let due = task.due else { return false }
            let bound = due.minuteOfDay == nil ? Due(date: now.date) : now
            guard due.description < bound.description else { return false }
        }
        return true
    }
}

extension TodoTask {
    /// The task with the times a writer gives it (and its tags as stored).
    func stamped(updatedAt: String, completedAt: String?, tags: [String]? = nil) -> TodoTask {
        TodoTask(
            id: id, listID: listID, listName: listName, title: title, notes: notes, due: due,
            priority: priority, isDone: isDone, createdAt: createdAt, updatedAt: updatedAt,
            completedAt: completedAt, tags: tags ?? self.tags, repeatRule: repeatRule, repeatFrom: repeatFrom)
    }
}

/// The fake's default clock: a second later at every write.
private final class Ticks: @unchecked Sendable {
    private var seconds = 1_700_000_000

    func next() -> String {
        seconds += 1
        return LocalClock.timestamp(secondsSinceEpoch: seconds) ?? ""
    }
}
