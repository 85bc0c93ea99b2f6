import CSQLite

/// One open SQLite database file. Closes itself when released; statements it caches are
/// finalized first.
public final class Connection {
    let handle: OpaquePointer
    public let path: String
    /// Statements prepared so far, searched in order: a connection prepares a few dozen at
    /// most, and a `[String: Statement]` would cost each process a scan of every protocol
    /// conformance in the binary when it first makes one (about 40 µs of a 3 ms command).
    private var cache: [(sql: String, statement: Statement)] = []
    /// When set, each commit of an outermost transaction ends by folding the write-ahead log
    /// back into the file once the log is larger than this many bytes (see `foldLog`).
    public var logLimit: Int?

    /// Tells SQLite that this process uses it from one thread only, so it takes no mutex at all
    /// (each of its allocations took one: a tenth of a `todo add`'s instructions). Called by the
    /// program's `main` before anything else; never by code that may share SQLite between
    /// threads (tests run in parallel). Without effect once SQLite has been used.
    public static func useFromOneThreadOnly() {
        _ = csqlite_config_single_thread()
    }

    /// The most memory SQLite is asked to keep for its caches, in bytes (a soft limit): 1.5 MiB.
    public static let memoryLimit: Int64 = 3 << 19

    /// How a file is opened.
    public enum Access: Sendable {
        /// Read and write, creating the file when `create`.
        case readWrite(create: Bool)
        /// Read only, through SQLite's usual locks and shared-memory index.
        case readOnly
        /// Read only, as a file nothing can change (SQLite's `immutable`): no locks, no `-shm` file
        /// made, no `-wal` read. For a file in a folder that cannot be written, which has no log.
        case immutable
    }

    /// Opens (creating when `create`) the file at `path`.
    public convenience init(path: String, create: Bool = true, readOnly: Bool = false) throws {
        try self.init(path: path, access: readOnly ? .readOnly : .readWrite(create: create))
    }

    public init(path: String, access: Access) throws {
        // SQLite's own memory in this process stays near 1.5 MiB (its page caches give pages
        // back past it): no caches growing with the work of a big undo beside its page cache.
        // Measured with the static release build: with no limit and 2 MiB, undo of a hundred
        // thousand ids 18.4 -> 14.5 MiB at its peak, 200,000 Taskwarrior templates 17.0 -> 16.1
        // MiB; with uuids (two more indexes), 2 MiB -> 1.5 MiB took those templates from 16.0
        // to 15.5 MiB and a million-task import from 15.7 to 15.2, as fast.
        sqlite3_soft_heap_limit64(Self.memoryLimit)
        var db: OpaquePointer?
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        var name = path
        switch access {
        case .readWrite(let create): flags |= SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0)
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        case .immutable:
            flags |= SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
            name = "file:" + Self.uriEscaped(path) + "?immutable=1"
        }
        let code = sqlite3_open_v2(name, &db, flags, nil)
        guard let db else { throw SQLiteError(code: code, message: "out of memory") }
        guard code == SQLITE_OK else {
            let failure = SQLiteError(connection: db, code: code)
            sqlite3_close_v2(db)  // SQLite hands out a handle even when opening fails
            throw failure
        }
        handle = db
        self.path = path
        sqlite3_extended_result_codes(db, 1)
    }

    deinit {
        cache.removeAll()
        sqlite3_close_v2(handle)
    }

    /// A path as the path of a `file:` URI: `%`, `?` and `#` (and anything not printable ASCII)
    /// percent-encoded, so no part of it is taken for a query or a fragment.
    private static func uriEscaped(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            if byte > 0x20, byte < 0x7F, byte != UInt8(ascii: "%"), byte != UInt8(ascii: "?"), byte != UInt8(ascii: "#") {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                out += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0xF)])
            }
        }
        return out
    }

    /// Whether the file was opened read-only (asked for, or all SQLite could do).
    public var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    /// Runs one or more statements that return no rows (migrations, pragmas, BEGIN/COMMIT).
    public func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        guard code == SQLITE_OK else {
            let text = message.map { String(cString: $0) }
            sqlite3_free(message)
            let failure = SQLiteError(connection: handle, code: code, sql: sql)
            throw SQLiteError(code: failure.code, message: text ?? failure.message, sql: sql)
        }
    }

    /// A new prepared statement, finalized when released.
    public func prepare(_ sql: String) throws -> Statement {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else {
            throw SQLiteError(connection: handle, code: code == SQLITE_OK ? SQLITE_MISUSE : code, sql: sql)
        }
        return Statement(handle: statement, sql: sql)
    }

    /// The statement for `sql`, prepared once per connection and reused after that.
    public func cached(_ sql: String) throws -> Statement {
        if let entry = cache.first(where: { $0.sql == sql }) { return entry.statement }
        let statement = try prepare(sql)
        cache.append((sql, statement))
        return statement
    }

    /// The statement for `sql`, prepared once per connection from `preparing(sql)` (the text in
    /// another form: see `SQLiteSession`), and reused after that.
    public func cached(_ sql: String, preparing: (String) -> String) throws -> Statement {
        if let entry = cache.first(where: { $0.sql == sql }) { return entry.statement }
        let statement = try prepare(preparing(sql))
        cache.append((sql, statement))
        return statement
    }

    /// Runs `sql` once with `values`, for statements that return no rows.
    public func run(_ sql: String, _ values: (any SQLBindable)?...) throws {
        try cached(sql).bind(values).run()
    }

    /// Whether the schema has a table, index, trigger or view of this name.
    public func hasSchemaObject(named name: String) throws -> Bool {
        try cached("SELECT 1 FROM sqlite_schema WHERE name = ?").bind([name]).first { _ in true } ?? false
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    public var changes: Int { Int(sqlite3_changes64(handle)) }
    public var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }
    /// False inside an explicit transaction.
    public var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }

    /// How long a statement waits for another process's lock before failing with SQLITE_BUSY.
    public func setBusyTimeout(milliseconds: Int32) {
        sqlite3_busy_timeout(handle, milliseconds)
        busyTimeout = milliseconds
    }

    /// The wait set by `setBusyTimeout`, in milliseconds.
    public private(set) var busyTimeout: Int32 = 0

    /// Whether closing the last connection to the file folds the write-ahead log into it and
    /// deletes the `-wal` and `-shm` files (SQLite's default), or leaves them as they are.
    public func foldLogOnClose(_ fold: Bool) throws {
        try configure(SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, !fold)
    }

    /// Sleeps at least `milliseconds`; returns how long it slept.
    public static func sleep(milliseconds: Int32) -> Int32 {
        sqlite3_sleep(milliseconds)
    }

    /// Sets an on/off `sqlite3_db_config` option (`SQLITE_DBCONFIG_...`).
    private func configure(_ option: Int32, _ on: Bool) throws {
        let code = csqlite_db_config_flag(handle, option, on ? 1 : 0)
        guard code == SQLITE_OK else { throw SQLiteError(connection: handle, code: code) }
    }
}
