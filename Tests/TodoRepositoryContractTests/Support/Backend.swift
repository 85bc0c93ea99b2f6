import Testing
import TodoCore
import TodoSQLite
import TodoTestSupport

/// The repositories the contract is run on. Every test of this target takes one of each.
enum Backend: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite, fake

    var testDescription: String { rawValue }
}

/// A repository under test, with the clock its writes are stamped with.
final class Subject {
    let backend: Backend
    let clock = TestClock("2026-01-01T10:00:00Z")
    private(set) var repository: any TodoRepository
    /// Keeps the SQLite file's folder while the subject lives.
    private let directory: TemporaryDirectory?

    /// How many changes the history keeps.
    let historyLimit: Int

    init(_ backend: Backend, historyLimit: Int = 100) throws {
        self.backend = backend
        self.historyLimit = historyLimit
        let clock = clock
        switch backend {
        case .sqlite:
            let directory = try TemporaryDirectory()
            self.directory = directory
            repository = try Self.openSQLite(directory.path("todo.db"), clock, historyLimit)
        case .fake:
            directory = nil
            repository = FakeTodoRepository(timestamp: { clock.now }, historyLimit: historyLimit)
        }
    }

    private static func openSQLite(_ path: String, _ clock: TestClock, _ historyLimit: Int) throws -> SQLiteTodoRepository {
        var options = SQLiteTodoRepository.Options()
        options.timestamp = { clock.now }
        options.historyLimit = historyLimit
        return try SQLiteTodoRepository.open(path: path, options: options)
    }

    /// The same storage, as a later process would open it.
    func reopened() throws -> any TodoRepository {
        guard let directory else { return repository }
        return try Self.openSQLite(directory.path("todo.db"), clock, historyLimit)
    }

    /// Runs `body` as one change of the history, as a command does.
    @discardableResult
    func change<T>(_ command: String, _ body: () throws -> T) throws -> T {
        try repository.write(dryRun: false, recording: command, body)
    }

    /// Everything a user can see: every list with its counts, every task with every field, and
    /// what a search for each word of their titles finds.
    struct Snapshot: Equatable {
        var lists: [TodoList]
        var tasks: [TodoTask]
        var found: [String: Set<TodoTask.ID>]
    }

    func snapshot(searchingFor words: [String] = ["oat", "call", "renamed", "plant", "x", "report", "new", "notes"]) throws -> Snapshot {
        var tasks: [TodoTask] = []
        try repository.forEachTask(matching: TaskQuery.everything) { tasks.append($0) }
        var found: [String: Set<TodoTask.ID>] = [:]
        for word in words {
            found[word] = Set(try self.found(TaskSearch(words: [word], includeDone: true)).map(\.id))
        }
        return Snapshot(lists: try lists(), tasks: tasks, found: found)
    }

    func history(limit: Int = 1000) throws -> [HistoryEntry] {
        var entries: [HistoryEntry] = []
        try repository.forEachHistoryEntry(limit: limit) { entries.append($0) }
        return entries
    }

    // MARK: Reading back, for assertions

    func lists() throws -> [TodoList] {
        var lists: [TodoList] = []
        try repository.forEachList { lists.append($0) }
        return lists
    }

    func tasks(in list: TodoList.ID, _ query: TaskQuery = TaskQuery(includeDone: true, sort: .created)) throws -> [TodoTask] {
        var tasks: [TodoTask] = []
        try repository.forEachTask(in: list, matching: query) { tasks.append($0) }
        return tasks
    }

    func found(_ search: TaskSearch) throws -> [TodoTask] {
        var tasks: [TodoTask] = []
        try repository.forEachTask(matching: search) { tasks.append($0) }
        return tasks
    }

    func requireList(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> TodoList {
        try #require(try repository.list(named: name), sourceLocation: sourceLocation)
    }

    /// Adds tasks by title to `list`, marking those in `done` done.
    @discardableResult
    func addTasks(_ titles: [String], to list: TodoList, done: Set<String> = []) throws -> [TodoTask] {
        try titles.map { title in
            let task = try repository.addTask(TaskDraft(title: title), to: list.id)
            return done.contains(title) ? try repository.setDone(true, task: task.id, in: list.id) : task
        }
    }
}

/// An error thrown on purpose by a test body, to tell it apart from anything the code throws.
enum TestFailure: Error, Equatable {
    case first
}

func due(_ text: String) throws -> Due {
    try #require(Due(text: text))
}
