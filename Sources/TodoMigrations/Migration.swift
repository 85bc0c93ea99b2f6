import TodoChecksum

/// One numbered file of `migrations/` (or `migrations/postgres/`), as embedded in the binary at
/// build time.
public struct Migration: Equatable, Sendable {
    public let version: Int
    public let name: String
    public let sql: String
    /// SHA-256 of the file's bytes, in hex: what the database records to notice an edited file.
    public let checksum: String

    /// A migration whose checksum is computed here.
    public init(version: Int, name: String, sql: String) {
        self.init(version: version, name: name, sql: sql, checksum: SHA256.hex(of: Array(sql.utf8)))
    }

    /// A migration whose checksum was computed at build time (by the EmbedMigrations plugin).
    public init(version: Int, name: String, sql: String, checksum: String) {
        self.version = version
        self.name = name
        self.sql = sql
        self.checksum = checksum
    }

    /// How migration files are named: `0001_create_lists_and_tasks.sql`.
    public static func fileName(version: Int, name: String) -> String {
        number(version) + "_" + name + ".sql"
    }

    /// A version as its four-digit file prefix: `0004`.
    public static func number(_ version: Int) -> String {
        let digits = String(version)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// This migration's file name.
    public var fileName: String { Self.fileName(version: version, name: name) }
}
