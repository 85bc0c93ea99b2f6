import TodoCore

#if canImport(Glibc)
import Glibc
#endif

extension SQLiteTodoRepository {
    /// Marks a file as a todo database; migration 0001 sets it ('TODO' in ASCII).
    public static let applicationID: Int32 = 0x544F_444F

    /// How the file is opened.
    public struct Options: Sendable {
        /// How long to wait for another process's write before giving up with `StorageError.busy`.
        public var busyTimeoutMilliseconds: Int32 = 5000
        public var migrator = Migrator()
        /// Wait for the disk after every commit (`synchronous = FULL`), so a commit survives a power
        /// cut. Off by default: in WAL mode a commit already survives any crash of the process,
        /// and the file stays consistent whatever happens; the wait would cost more than the rest
        /// of a command.
        public var syncEveryCommit = false
        /// A commit that leaves the write-ahead log larger than this folds it back into the file
        /// and empties it (see `Connection.foldLog`). 1 MiB measured best for a stream of short
        /// commands: smaller folds (two fsyncs each) too often; larger makes every process read
        /// more log when it opens the file.
        public var logLimitBytes = 1 << 20
        /// How many changes the history keeps for undo (TODO_HISTORY_LIMIT); 0 keeps none.
        public var historyLimit = defaultHistoryLimit
        public static let defaultHistoryLimit = 100
        /// The command only reads: a file todo cannot write (read-only, in a read-only folder or
        /// mount) is then read as it is, instead of refused.
        public var onlyReads = false
        /// Copy a database that holds data before changing its schema, so an upgrade can be undone.
        public var backupBeforeMigrating = true
        /// Current time as ISO-8601 UTC text; replaceable so tests can pin it.
        public var timestamp: @Sendable () -> String = { LocalClock().timestamp() }

        public init() {}
    }

    /// Opens the todo database at `path`, creating it and its missing parent directories, and
    /// applies pending migrations. A file that is not a todo database this binary can use is
    /// refused untouched: every check below only reads, and nothing is written until they pass.
    public static func open(path: String, options: Options = Options()) throws -> SQLiteTodoRepository {
        let fileAccess = FileAccess.of(path)
        guard fileAccess == .writable else {
            guard options.onlyReads else { throw StorageError.readOnly(path: path) }
            return try openForReading(path: path, fileAccess, options)
        }
        try createParentDirectories(of: path)
        let (repository, pending) = try recognising(
            path: path, mode: .readWrite(create: true), busyTimeout: options.busyTimeoutMilliseconds, setsAsideForeignLog: true,
            timestamp: options.timestamp
        ) { repository in
            (repository, try options.migrator.pending(in: repository.db))
        }
        repository.historyLimit = options.historyLimit
        let db = repository.db
        try repository.translatingErrors {
            try repository.configureForShortProcesses(syncEveryCommit: options.syncEveryCommit, logLimit: options.logLimitBytes)
            try repository.useWriteAheadLog()
            if let first = pending.first {
                if options.backupBeforeMigrating, try repository.holdsData() {
                    repository.migrationBackup = try repository.backupBeforeMigrating(to: first)
                }
                try options.migrator.migrate(db, now: options.timestamp())
                // Fold the new schema into the main file now, rather than at some later checkpoint.
                try db.execute("PRAGMA wal_checkpoint(PASSIVE)")
            }
        }
        return repository
    }

    /// A file todo cannot write, opened for a command that only reads. It is read as it is: it
    /// cannot be migrated, so one that needs migrating is refused.
    private static func openForReading(path: String, _ fileAccess: FileAccess, _ options: Options) throws -> SQLiteTodoRepository {
        try recognising(path: path, mode: fileAccess.connectionAccess, busyTimeout: options.busyTimeoutMilliseconds,
                        setsAsideForeignLog: true, timestamp: options.timestamp) { repository in
            if let first = try options.migrator.pending(in: repository.db).first {
                throw StorageError.readOnlyNeedsUpgrade(path: path, migration: first.fileName)
            }
            try repository.db.execute("PRAGMA foreign_keys = ON")
            return repository
        }
    }

    /// An empty todo database in memory: what a reading command reads when its file does not
    /// exist yet, so that it shows nothing without creating the file.
    public static func openEmpty() throws -> SQLiteTodoRepository {
        var options = Options()
        options.backupBeforeMigrating = false
        return try open(path: ":memory:", options: options)
    }

    /// Opens `path` (which must exist unless `mode` creates it), refuses it unless it is a todo
    /// database, then runs `check`. If anything throws, the file is left as it was found: the
    /// connection never checkpoints (which would fold the file's log into it), and the `-wal` and
    /// `-shm` files opening it made are removed once it is closed.
    ///
    /// `tidy`, for commands that only look (`db check`, `db backup`): when the file had no `-wal`
    /// and `-shm` files, SQLite removes the ones opening it made as it closes the last connection.
    ///
    /// `setsAsideForeignLog`, for commands (which say so): a log beside the file marked as
    /// another file's is moved aside unapplied (`LogOwner`); for the rest it is refused.
    static func recognising<T>(
        path: String, mode: Connection.Access, busyTimeout: Int32, tidy: Bool = false, setsAsideForeignLog: Bool = false,
        timestamp: @escaping () -> String = { LocalClock().timestamp() }, _ check: (SQLiteTodoRepository) throws -> T
    ) throws -> T {
        try refuseUnusableFile(path)
        var unappliedLog: String?
        if LogOwner.isForeign(logOf: path) {
            guard setsAsideForeignLog else { throw LogOwner.refusal(of: path) }
            unappliedLog = try LogOwner.setAside(logOf: path, time: timestamp())
        }
        let sidecars = SidecarFiles(of: path)
        // Everything that holds the connection lives in here, so it is closed when this throws.
        func openAndCheck() throws -> T {
            let db: Connection
            do {
                db = try Connection(path: path, access: mode)
            } catch let error as SQLiteError {
                throw StorageError.cannotOpen(path: path, reason: Glibc.access(path, F_OK) == 0 ? error.message : "there is no database there")
            }
            db.setBusyTimeout(milliseconds: busyTimeout)
            let repository = SQLiteTodoRepository(connection: db, timestamp: timestamp)
            repository.fileIdentity = FileIdentity.of(path)
            repository.unappliedLog = unappliedLog
            return try repository.translatingErrors {
                try db.foldLogOnClose(tidy && sidecars.noneExisted)
                try repository.refuseForeignFile()
                return try check(repository)
            }
        }
        do {
            return try openAndCheck()
        } catch {
            sidecars.removeCreated()
            throw error
        }
    }

    /// Connection settings for a process that opens the file, does one command and exits.
    ///
    /// No checkpoint on close (set in `recognising`): the last connection to close would
    /// otherwise fold the log into the file, with two fsyncs, after every command. Instead a
    /// commit folds and empties the log only once it is past `logLimit` bytes, so that cost is
    /// shared by many commands while the log every process reads on opening stays small.
    /// `journal_size_limit` has SQLite itself cut the file back to that size whenever it starts
    /// the log over (which it can do when processes overlap).
    func configureForShortProcesses(syncEveryCommit: Bool, logLimit: Int) throws {
        try db.execute("""
            PRAGMA foreign_keys = ON; PRAGMA synchronous = \(syncEveryCommit ? "FULL" : "NORMAL");
            PRAGMA journal_size_limit = \(logLimit)
            """)
        db.logLimit = logLimit
    }

    /// True once the file has lists (and so, perhaps, tasks) that a failed upgrade could cost.
    func holdsData() throws -> Bool {
        guard try db.hasSchemaObject(named: "lists") else { return false }
        return try db.cached("SELECT EXISTS (SELECT 1 FROM lists)").bind([]).first { $0.bool(0) } ?? false
    }

    /// Copies the file to `<path>.before-NNNN.bak`, NNNN being the first migration about to run,
    /// and returns where. When that file exists already, a parallel todo made it a moment ago
    /// from the same state, so it is kept.
    func backupBeforeMigrating(to migration: Migration) throws -> String {
        let path = db.path + ".before-" + Migration.number(migration.version) + ".bak"
        if access(path, F_OK) != 0 { try backup(to: path) }
        return path
    }

    /// Reads the header and the schema: random bytes fail here with SQLITE_NOTADB, and another
    /// program's database is recognised by its tables without our application id.
    func refuseForeignFile() throws {
        // One statement, so one snapshot: read apart, a todo creating the file at that moment
        // could be seen without its application id but with its tables, and look foreign.
        let (applicationID, hasTables) = try db.cached(
            "SELECT application_id, EXISTS (SELECT 1 FROM sqlite_schema) FROM pragma_application_id"
        ).bind([]).first { ($0.int64(0), $0.bool(1)) } ?? (0, false)
        let isOurs = applicationID == Int64(Self.applicationID)
        if !isOurs && (hasTables || applicationID != 0) {
            throw StorageError.foreignDatabase(path: db.path)
        }
    }

    /// WAL lets readers run beside a writer; the setting is stored in the file, so it is only
    /// written when the file does not have it yet.
    func useWriteAheadLog() throws {
        var waited: Int32 = 0
        while true {
            let mode = try db.cached("PRAGMA journal_mode").bind([]).first { $0.text(0) }
            if mode?.lowercased() == "wal" { return }
            do {
                return try db.execute("PRAGMA journal_mode = WAL")
            } catch let error as SQLiteError where error.isBusy && waited < db.busyTimeout {
                // Another todo is switching this new file right now. SQLite fails the switch at
                // once, without the busy timeout, as it already holds a read lock; so wait here
                // as long as the timeout allows, then look again.
                waited += Connection.sleep(milliseconds: 1)
            }
        }
    }

    /// Refuses, untouched, what is not a file SQLite can use: a device, a FIFO or a socket
    /// (`TODO_DB=/dev/null`); and a file shorter than a database's 100-byte header, which SQLite
    /// would read as an empty database (a workaround for an old file-system bug for files of one
    /// byte) and write a new database over.
    static func refuseUnusableFile(_ path: String) throws {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        // /dev/null, a FIFO, a terminal: SQLite would fail on them in its own words, or hang.
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG || kind == S_IFDIR else {
            throw StorageError.cannotOpen(path: path, reason: "it is not a regular file (a device, a FIFO or a socket)")
        }
        guard info.st_size > 0, info.st_size < 100 else { return }
        throw StorageError.notADatabase(path: path, reason: "file is not a database: it is only \(info.st_size) byte\(info.st_size == 1 ? "" : "s") long")
    }

    /// `mkdir -p` for the database's folder, with a message that names what could not be made.
    static func createParentDirectories(of path: String) throws {
        var isDirectory = stat()
        if stat(path, &isDirectory) == 0, isDirectory.st_mode & S_IFMT == S_IFDIR {
            throw StorageError.cannotOpen(path: path, reason: "it is a directory")
        }
        var folder = ""
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        for (index, part) in parts.enumerated() {
            // `String(part)`, not `+ part`: the generic append of a Substring makes the runtime
            // look up a conformance, a scan of every conformance in the binary on each start.
            if index > 0 { folder += "/" }
            folder += String(part)
            guard !part.isEmpty, part != "." else { continue }
            if mkdir(folder, 0o755) != 0 && errno != EEXIST {
                throw StorageError.cannotOpen(path: path, reason: "cannot create directory \(folder): \(String(cString: strerror(errno)))")
            }
        }
    }
}
