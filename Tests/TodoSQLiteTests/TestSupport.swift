import Foundation
import Synchronization
import Testing
import TodoCore
import TodoTestSupport
@testable import TodoSQLite

/// A database file in its own temporary directory, so tests can run in parallel.
struct TestDatabase {
    let directory: TemporaryDirectory
    let path: String
    let clock: TestClock

    init(name: String = "todo.db", clock: TestClock = TestClock()) throws {
        directory = try TemporaryDirectory()
        path = directory.path(name)
        self.clock = clock
    }

    /// Opens the todo repository on the file, with the test clock.
    func open(busyTimeoutMilliseconds: Int32 = 5000, migrator: Migrator = Migrator(), historyLimit: Int = 100) throws -> SQLiteTodoRepository {
        var options = SQLiteTodoRepository.Options()
        options.historyLimit = historyLimit
        let clock = clock
        options.timestamp = { clock.now }
        options.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        options.migrator = migrator
        return try SQLiteTodoRepository.open(path: path, options: options)
    }

    /// Leaves the whole database in the main file, in rollback-journal mode, with no connection
    /// open: its bytes then are the database, and a WAL switch or any write would change them.
    func settle() throws {
        let db = try connection()
        let mode = try db.string("PRAGMA journal_mode = DELETE")
        try #require(mode == "delete", "another connection is still open")
    }

    /// The file's bytes; no `-wal` file may hold part of the database.
    func bytes() throws -> Data {
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        return try #require(fileBytes(path))
    }

    /// A second, raw connection to the same file, as `sqlite3` or another process would have.
    func connection() throws -> Connection {
        try Connection(path: path)
    }
}

extension Connection {
    /// The first column of the first row, as an integer; nil when there is no row or it is NULL.
    func integer(_ sql: String, _ values: (any SQLBindable)?...) throws -> Int64? {
        try prepare(sql).bind(values).first { $0.isNull(0) ? nil : $0.int64(0) } ?? nil
    }

    /// The first column of the first row, as text; nil when there is no row or it is NULL.
    func string(_ sql: String, _ values: (any SQLBindable)?...) throws -> String? {
        try prepare(sql).bind(values).first { $0.optionalText(0) } ?? nil
    }

    /// Every row's first column as text.
    func strings(_ sql: String) throws -> [String] {
        var rows: [String] = []
        try prepare(sql).bind([]).forEachRow { rows.append($0.text(0)) }
        return rows
    }

    /// Moves everything in the write-ahead log into the main file, so its bytes are the whole database.
    func checkpoint() throws {
        try execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }
}

extension SQLiteTodoRepository {
    /// Every list, in the repository's order.
    func allLists() throws -> [TodoList] {
        var lists: [TodoList] = []
        try forEachList { lists.append($0) }
        return lists
    }

    /// A list's tasks for `query`, in the repository's order.
    func tasks(in list: TodoList.ID, _ query: TaskQuery = TaskQuery(includeDone: true, sort: .created)) throws -> [TodoTask] {
        var tasks: [TodoTask] = []
        try forEachTask(in: list, matching: query) { tasks.append($0) }
        return tasks
    }

    /// Re-reads a list by name; fails the test when it is missing.
    func requireList(_ name: String) throws -> TodoList {
        try #require(try list(named: name))
    }
}

/// An error thrown on purpose by a test body, to tell it apart from anything the code throws.
enum TestFailure: Error, Equatable {
    case first
    case second
}

func due(_ text: String) throws -> Due {
    try #require(Due(text: text))
}
