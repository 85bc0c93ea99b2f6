import Foundation
import TodoCore
import TodoSQLite

/// The real repository for tests that are not about storage (coordinators, the navigator): a
/// todo database in a folder of its own, kept while the value lives. A file rather than memory,
/// so that another repository can open it as another process would (`another()`).
public final class ScratchDatabase {
    public let directory: TemporaryDirectory
    public let repository: SQLiteTodoRepository

    /// A database holding `lists` (empty) and, for each `(list, title)`, a task. Every write is
    /// stamped a second after the one before, so times tell writes apart.
    public init(lists: [String] = [], tasks: [(list: String, title: String)] = []) throws {
        directory = try TemporaryDirectory()
        repository = try Self.open(directory.path("todo.db"))
        try repository.write {
            for name in lists { _ = try repository.createList(named: name) }
            for (listName, title) in tasks {
                let list = try repository.list(named: listName) ?? repository.createList(named: listName)
                _ = try repository.addTask(TaskDraft(title: title), to: list.id)
            }
        }
    }

    /// The same file opened again, as another process would: what it writes moves the first
    /// repository's data version.
    public func another() throws -> SQLiteTodoRepository {
        try Self.open(directory.path("todo.db"))
    }

    private static func open(_ path: String) throws -> SQLiteTodoRepository {
        var options = SQLiteTodoRepository.Options()
        let ticks = Ticks()
        options.timestamp = { ticks.next() }
        options.backupBeforeMigrating = false
        return try SQLiteTodoRepository.open(path: path, options: options)
    }
}

extension TodoRepository {
    /// Every task of every list, done or not, by id.
    public var allTasks: [TodoTask] {
        var tasks: [TodoTask] = []
        try? forEachTask(matching: TaskQuery(includeDone: true, sort: .created)) { tasks.append($0) }
        return tasks.sorted { $0.id < $1.id }
    }
}

/// Whole seconds from a fixed moment, one more at each call.
private final class Ticks: @unchecked Sendable {
    private var seconds = 1_700_000_000

    func next() -> String {
        seconds += 1
        return LocalClock.timestamp(secondsSinceEpoch: seconds) ?? ""
    }
}
