import TodoCore
import TodoSQL

#if canImport(Glibc)
import Glibc
#endif

extension SQLiteTodoRepository {
    /// A consistent copy of this database at `path` (a new file), taken while others may write.
    public func backup(to path: String) throws {
        do {
            try db.backup(to: path)
        } catch let error as SQLiteError {
            throw error.isBusy ? translated(error) : StorageError.cannotCreate(path: path, reason: error.message)
        }
    }

    /// A copy of the todo database at `path` as it is, whatever its schema version: unlike
    /// opening it for a command, this neither creates nor migrates it. A file that holds no todo
    /// database yet (being created by another todo at this very moment, say) is refused rather
    /// than copied as an empty file.
    public static func backup(databaseAt path: String, to file: String, busyTimeoutMilliseconds: Int32) throws {
        try recognising(path: path, mode: FileAccess.of(path).connectionAccess, busyTimeout: busyTimeoutMilliseconds, tidy: true) { repository in
            guard try Migrator.hasTable(repository.db) else {
                throw StorageError.cannotOpen(path: path, reason: "it holds no todo database yet; there is nothing to back up")
            }
            try repository.backup(to: file)
        }
    }

    /// Everything wrong with the todo database at `path`, one finding per line; empty when it is
    /// sound. Only reads, unless `repair`: unlike opening it for a command, it neither creates
    /// nor migrates it, and it leaves no `-wal` or `-shm` file behind that was not there.
    ///
    /// `repair` recounts the lists and rebuilds the search index, in one transaction, when those
    /// are out of step with the tasks (possible after edits made by hand, such as an
    /// `INSERT OR REPLACE` in sqlite3, which deletes a row without running its triggers).
    public static func check(path: String, busyTimeoutMilliseconds: Int32 = 5000, repair: Bool = false,
                             migrator: Migrator = Migrator()) throws -> CheckReport {
        let fileAccess = FileAccess.of(path)
        if repair && fileAccess != .writable { throw StorageError.readOnly(path: path) }
        return try recognising(path: path, mode: fileAccess.connectionAccess, busyTimeout: busyTimeoutMilliseconds, tidy: true) { repository in
            let check = DatabaseCheck(db: repository.db, migrator: migrator)
            let found = try check.findings()
            guard repair, !found.repairable.isEmpty else { return CheckReport(findings: found.all) }
            try repository.translatingErrors { try check.repair() }
            return CheckReport(findings: try check.findings().all, repaired: found.repairable)
        }
    }

    /// The names of the lists in the todo database at `path`, read-only (for shell completion,
    /// which must never create, migrate or wait).
    public static func forEachListName(path: String, _ body: (String) -> Void) throws {
        let mode: Connection.Access = FileAccess.of(path) == .immutable ? .immutable : .readOnly
        try recognising(path: path, mode: mode, busyTimeout: 0) { repository in
            // Names alone, in the lists' order: a file of an older schema is read as it is.
            try repository.session.forEachRow("SELECT name FROM lists ORDER BY \(SQLiteDialect().nameOrder("name")), id", []) { body(try $0.text(0)) }
        }
    }
}

extension SQLiteTodoRepository {
    /// A new todo database at `path`, filled by `fill`, that appears there only once it is
    /// whole (`NewFile`): never over an existing file, never into a folder that does not exist.
    /// What is refused is refused before `fill` runs.
    public static func create(newFileAt path: String, options: Options = Options(),
                              _ fill: (SQLiteTodoRepository) throws -> Void) throws {
        if let refusal = NewFile.refusal(for: path) { throw StorageError.cannotCreate(path: path, reason: refusal) }
        let partial = NewFile.partial(for: path)
        let written = NewFile.written(partial)
        guard written.allSatisfy({ access($0, F_OK) != 0 }) else {
            throw StorageError.cannotCreate(path: path, reason: "\(partial) is in the way")
        }
        do {
            var options = options
            options.backupBeforeMigrating = false
            let repository = try open(path: partial, options: options)
            try fill(repository)
            // One self-contained file before it is put in place: the log folded in and gone,
            // whenever this connection closes.
            try repository.translatingErrors { try repository.db.execute("PRAGMA journal_mode = DELETE") }
            if let refusal = NewFile.place(partial, at: path) { throw StorageError.cannotCreate(path: path, reason: refusal) }
        } catch {
            for file in written { unlink(file) }
            throw error
        }
    }
}
