import Testing
import TodoCore
import TodoSQLite
import TodoTestSupport
#if PostgreSQL
import TodoPostgres
#endif

/// The repositories the contract is run on. Every test of this target takes one of each: the
/// SQLite one and, in a build with the PostgreSQL trait and a server to run on
/// (TODO_TEST_POSTGRES_URL), the PostgreSQL one.
enum Backend: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite, postgres

    var testDescription: String { rawValue }

    static var allCases: [Backend] {
        #if PostgreSQL
        [.sqlite] + (PostgresTestServer.url == nil ? [] : [.postgres])
        #else
        [.sqlite]
        #endif
    }
}

/// Says, as a skipped test, when the PostgreSQL repository is not among the backends.
@Suite struct PostgresBackendTests {
    #if PostgreSQL
    static let reason: Comment = Comment(rawValue: PostgresTestServer.skipped)
    #else
    static let reason: Comment = "this build has no PostgreSQL repository: build and test with --traits PostgreSQL (scripts/test-all)"
    #endif

    @Test(.enabled(if: Backend.allCases.contains(.postgres), reason))
    func theContractRunsOnPostgreSQL() throws {
        let subject = try Subject(.postgres)
        let lists = try subject.lists()
        #expect(subject.backend == .postgres && lists.isEmpty)
    }
}

/// A repository under test, with the clock its writes are stamped with.
final class Subject {
    let backend: Backend
    let clock = TestClock("2026-01-01T10:00:00Z")
    private(set) var repository: any TodoRepository
    /// Keeps the SQLite file's folder while the subject lives.
    private let directory: TemporaryDirectory?
    /// The PostgreSQL database of its own, as a URL.
    private let serverDatabase: String?

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
            serverDatabase = nil
            repository = try Self.openSQLite(directory.path("todo.db"), clock, historyLimit)
        case .postgres:
            directory = nil
            let url = try PostgresTestServer.newDatabase()
            serverDatabase = url
            repository = try Self.openServer(url, clock, historyLimit)
        }
    }

    private static func openSQLite(_ path: String, _ clock: TestClock, _ historyLimit: Int) throws -> SQLiteTodoRepository {
        var options = SQLiteTodoRepository.Options()
        options.timestamp = { clock.now }
        options.historyLimit = historyLimit
        return try SQLiteTodoRepository.open(path: path, options: options)
    }

    private static func openServer(_ url: String, _ clock: TestClock, _ historyLimit: Int) throws -> any TodoRepository {
        #if PostgreSQL
        var options = PostgresTodoRepository.Options()
        options.timestamp = { clock.now }
        options.historyLimit = historyLimit
        return try PostgresTodoRepository.open(url: url, shown: url, options: options)
        #else
        throw TestFailure.first
        #endif
    }

    /// The same storage, as a later process would open it.
    func reopened() throws -> any TodoRepository {
        if let serverDatabase { return try Self.openServer(serverDatabase, clock, historyLimit) }
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
            return done.contains(title) ? try repository.setDone(true, task: task.id, in: list.id).task : task
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
