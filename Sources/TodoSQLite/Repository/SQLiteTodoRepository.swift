import TodoCore
// The repository's lists, task writes, undo and history are written once, for every backend, in
// TodoHistory (`SQLRepository`): whoever imports this module has them with it.
@_exported import TodoHistory

/// The `TodoRepository` kept in one SQLite file. Opened once per process by the composition root.
public final class SQLiteTodoRepository: SQLRepository {
    let db: Connection
    package let timestamp: () -> String
    /// Where opening saved a copy of the file before migrating it, if it did.
    public internal(set) var migrationBackup: String?
    /// Where opening set aside a write-ahead log that was another file's (`LogOwner`), if it did.
    public internal(set) var unappliedLog: String?

    /// How many changes the history keeps (0: none, and nothing is recorded).
    package var historyLimit = Options.defaultHistoryLimit
    package let state = SQLRepositoryState(dialect: SQLiteDialect())
    /// The file the path named when it was opened (nil in memory): a write checks, just before it
    /// commits, that the path still names it, so nothing is committed into a file that was
    /// deleted or replaced meanwhile (`todo ui` left open, a long import).
    var fileIdentity: FileIdentity?

    init(connection: Connection, timestamp: @escaping () -> String) {
        db = connection
        self.timestamp = timestamp
    }

    /// The file this repository reads and writes.
    public var path: String { db.path }

    /// SQLite's transaction; before it commits, a check that the path still names the file
    /// opened, so nothing is committed into one deleted or replaced meanwhile. Nested, a
    /// savepoint; or, `joining` (a repository call inside a write), the write itself, as on a
    /// server: a call that fails fails the write, and a command saves the two statements a
    /// savepoint costs for each call it makes.
    package func transaction<T>(rollback: Bool, joining: Bool, _ body: () throws -> T) throws -> T {
        if joining && !rollback && !db.isAutocommit { return try body() }
        return try db.transaction(rollback: rollback) {
            let value = try body()
            try fileIdentity?.check(db.path)
            return value
        }
    }

    /// SQLite's `data_version`: it moves when another connection commits, not for this one's.
    /// Throws `TodoError.databaseGone` once the path names another file, or none.
    public func dataVersion() throws -> Int64 {
        try fileIdentity?.check(db.path)
        return try translatingErrors { try db.cached("PRAGMA data_version").bind([]).first { $0.int64(0) } ?? 0 }
    }

    /// Turns SQLite's failures into the project's errors (`StorageError`, or a `TodoError` where
    /// the failure means something in the domain); the project's own errors pass through.
    package func translatingErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SQLiteError {
            throw translated(error)
        }
    }

    func translated(_ error: SQLiteError) -> any Error {
        if error.isBusy { return StorageError.busy(path: db.path, waitedMilliseconds: Int(db.busyTimeout)) }
        if error.isReadOnly { return StorageError.readOnly(path: db.path) }
        // AUTOINCREMENT says "database or disk is full" when it has no id left to hand out.
        if error.isFull, let table = try? db.cached("SELECT name FROM sqlite_sequence WHERE seq = 9223372036854775807")
            .bind([]).first({ $0.text(0) }) {
            return TodoError.idsExhausted(table: table)
        }
        if error.isNotADatabase { return StorageError.notADatabase(path: db.path, reason: error.message) }
        return StorageError.failure(error.description)
    }
}
