import CSQLite

/// A failure reported by SQLite: its extended result code, its message, and the SQL that failed,
/// so the text alone is enough to diagnose it.
public struct SQLiteError: Error, Equatable, CustomStringConvertible {
    /// The extended result code (`SQLITE_CONSTRAINT_UNIQUE`, `SQLITE_BUSY_SNAPSHOT` ...).
    public let code: Int32
    public let message: String
    public let sql: String?

    public init(code: Int32, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    /// Reads the error the connection reports right now.
    init(connection db: OpaquePointer?, code: Int32, sql: String? = nil) {
        let message = db.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? sqlite3_errstr(code).map { String(cString: $0) } ?? "unknown error"
        let extended = db.map { sqlite3_extended_errcode($0) } ?? code
        // The connection's code can lag behind (e.g. after sqlite3_exec); trust it only if it agrees.
        self.init(code: extended & 0xFF == code & 0xFF ? extended : code, message: message, sql: sql)
    }

    /// The primary result code (`SQLITE_CONSTRAINT`, `SQLITE_BUSY` ...).
    public var primaryCode: Int32 { code & 0xFF }

    /// The file, its folder or its mount cannot be written.
    public var isReadOnly: Bool { primaryCode == SQLITE_READONLY }
    public var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }
    public var isConstraintViolation: Bool { primaryCode == SQLITE_CONSTRAINT }
    /// The disk is full, or the database reached a limit (AUTOINCREMENT out of ids says this too).
    public var isFull: Bool { primaryCode == SQLITE_FULL }
    public var isUniqueViolation: Bool { code == Self.constraintUnique || code == Self.constraintPrimaryKey }
    public var isForeignKeyViolation: Bool { code == Self.constraintForeignKey }
    /// The file is not a database, or is damaged.
    public var isNotADatabase: Bool { primaryCode == SQLITE_NOTADB || primaryCode == SQLITE_CORRUPT }

    // Extended codes are C macros built with `|` and `<<`, which Swift does not import.
    static let constraintUnique = SQLITE_CONSTRAINT | 8 << 8
    static let constraintPrimaryKey = SQLITE_CONSTRAINT | 6 << 8
    static let constraintForeignKey = SQLITE_CONSTRAINT | 3 << 8

    public var description: String {
        var text = "SQLite error \(code): \(message)"
        if let sql { text += " (while running: \(Self.shown(sql)))" }
        return text
    }

    /// The statement's start, enough to know it by: one built from many values can be
    /// megabytes, and an error is one line.
    static func shown(_ sql: String) -> String {
        sql.count <= 300 ? sql : sql.prefix(300) + "…"
    }
}
