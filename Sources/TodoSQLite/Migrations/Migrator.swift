import TodoCore

/// A migration as the database recorded it when it was applied.
public struct AppliedMigration: Equatable, Sendable {
    public let version: Int
    public let name: String
    public let checksum: String
    public let appliedAt: String
}

/// Brings a database's schema up to the migrations this binary carries.
///
/// Each pending migration runs once, in an immediate transaction together with the row that
/// records it, so a crash leaves it either applied and recorded or not there at all. A database
/// with migrations this binary does not know, or whose recorded checksum differs, is refused
/// before anything is written.
public struct Migrator: Sendable {
    public let migrations: [Migration]

    public init(migrations: [Migration] = Migration.all) {
        self.migrations = migrations.sorted { $0.version < $1.version }
    }

    /// The newest schema version this binary knows.
    public var latestVersion: Int { migrations.last?.version ?? 0 }

    /// What the database recorded, oldest first; empty for a database never migrated.
    public func applied(in db: Connection) throws -> [AppliedMigration] {
        guard try Self.hasTable(db) else { return [] }
        var rows: [AppliedMigration] = []
        try db.cached("SELECT version, name, checksum, applied_at FROM schema_migrations ORDER BY version")
            .bind([]).forEachRow { row in
                rows.append(AppliedMigration(version: row.int(0), name: row.text(1), checksum: row.text(2), appliedAt: row.text(3)))
            }
        return rows
    }

    /// The migrations still to apply. Reads only; throws `StorageError.newerDatabase` or
    /// `StorageError.migrationChanged` when the database does not match this binary.
    public func pending(in db: Connection) throws -> [Migration] {
        let applied = try applied(in: db)
        // Linear searches over a handful of migrations: a `[Int: Migration]` or a `Set<Int>`
        // would cost every command a scan of the binary's protocol conformances at start-up.
        for record in applied {
            guard let migration = migrations.first(where: { $0.version == record.version }) else {
                throw StorageError.newerDatabase(path: db.path, version: applied.map(\.version).max() ?? record.version, known: latestVersion)
            }
            guard migration.checksum == record.checksum else {
                throw StorageError.migrationChanged(version: migration.version, name: migration.name)
            }
        }
        return migrations.filter { migration in !applied.contains { $0.version == migration.version } }
    }

    /// Applies what is pending; returns what this call applied (another process may have
    /// applied some first, which is fine).
    @discardableResult
    public func migrate(_ db: Connection, now: String) throws -> [Migration] {
        var appliedNow: [Migration] = []
        for migration in try pending(in: db) {
            let ran = try db.transaction {
                // Look again under the write lock: a parallel todo may have just done it.
                guard try pending(in: db).contains(migration) else { return false }
                try db.execute(Self.tableSQL)
                try db.execute(migration.sql)
                try db.run(
                    "INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES (?, ?, ?, ?)",
                    migration.version, migration.name, migration.checksum, now)
                return true
            }
            if ran { appliedNow.append(migration) }
        }
        return appliedNow
    }

    static func hasTable(_ db: Connection) throws -> Bool {
        try db.hasSchemaObject(named: "schema_migrations")
    }

    /// The record of applied migrations: infrastructure, so the migrator owns it, not a file.
    static let tableSQL = """
        CREATE TABLE IF NOT EXISTS schema_migrations (
            version    INTEGER PRIMARY KEY,
            name       TEXT NOT NULL,
            checksum   TEXT NOT NULL,
            applied_at TEXT NOT NULL
        ) STRICT
        """
}
