#if PostgreSQL
import TodoMigrations

/// Brings a PostgreSQL database's schema up to `migrations/postgres/`, as the SQLite migrator
/// does for a file: each migration once, with the row recording it and its checksum, in one
/// transaction; a database with migrations this binary does not know, or whose checksum
/// differs, is refused before anything is written. Two clients starting at once take turns on
/// an advisory lock, so the second finds the work done.
struct ServerMigrator {
    let migrations = embeddedMigrations.sorted { $0.version < $1.version }

    /// Another key than the write lock's: migrating happens before any command writes.
    static let migrationLock: Int64 = 0x544F_444F_4D49

    /// Where each applied migration is recorded, with its checksum.
    static let recordTable = """
        CREATE TABLE IF NOT EXISTS schema_migrations (
            version    integer PRIMARY KEY,
            name       text NOT NULL,
            checksum   text NOT NULL,
            applied_at text NOT NULL
        )
        """

    func migrate(_ server: ServerConnection, now: String) throws {
        // The usual case reads once and finds nothing to do. Anything else is decided again
        // under the lock: a client migrating at this very moment can make this unlocked look
        // see its tables committed between two statements, and take them for another
        // program's.
        if let pending = try? pending(server, probing: true), pending.isEmpty { return }
        // The lock is the session's, taken before the transaction: a transaction that starts
        // after the wait sees the catalog as the client before it left it (one that waited
        // inside could still find its stale "no such table" in the catalog cache).
        try server.run("SELECT pg_advisory_lock($1)", [Self.migrationLock])
        defer { _ = try? server.run("SELECT pg_advisory_unlock($1)", [Self.migrationLock]) }
        try server.run("BEGIN")
        do {
            // The schema belongs to the database's owner, whoever sets it up: a team's login
            // (member of the owning role) or a superuser trying todo first makes it the team's,
            // so every member can use it, not only the one who came first.
            try server.run("""
                SELECT set_config('role', pg_get_userbyid(d.datdba), true) FROM pg_database AS d
                WHERE d.datname = current_database() AND pg_get_userbyid(d.datdba) <> current_user
                  AND pg_has_role(current_user, d.datdba, 'MEMBER')
                """)
            let pending = try pending(server)
            try server.run(Self.recordTable)
            for migration in pending {
                try server.execute(migration.sql)
                try server.run("INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES ($1, $2, $3, $4)",
                               [migration.version, migration.name, migration.checksum, now])
            }
            try server.run("COMMIT")
        } catch {
            _ = try? server.run("ROLLBACK")
            throw error
        }
    }

    /// What is still to apply; refuses a database that does not match this binary. `probing`
    /// (outside a transaction, where a failed statement costs nothing) reads the record at once
    /// and takes "no such table" for a database not set up: one round trip where todo's tables
    /// are there, as they are for every command but the first.
    func pending(_ server: ServerConnection, probing: Bool = false) throws -> [Migration] {
        let recorded = "SELECT version, name, checksum FROM schema_migrations ORDER BY version"
        let applied: [ServerRow]
        if probing {
            do {
                applied = try server.rows(recorded)
            } catch where ServerError.sqlState(of: error) == "42P01" {
                try refuseForeign(server)
                return migrations
            }
        } else {
            let hasTable = try server.first("SELECT to_regclass('schema_migrations') IS NOT NULL") { try $0.bool(0) } ?? false
            guard hasTable else {
                try refuseForeign(server)
                return migrations
            }
            applied = try server.rows(recorded)
        }
        for row in applied {
            let version = try row.int(0)
            guard let migration = migrations.first(where: { $0.version == version }) else {
                throw ServerError.unusableDatabase(
                    "the database was set up by a newer todo (schema version \(version); this todo knows up to \(migrations.last?.version ?? 0)): upgrade todo")
            }
            guard migration.checksum == (try row.text(2)) else {
                throw ServerError.unusableDatabase(
                    "migration \(migration.fileName) applied to the database differs from the one this todo carries: the database was set up by another build")
            }
        }
        let done = try applied.map { try $0.int(0) }
        return migrations.filter { !done.contains($0.version) }
    }

    /// A database that already has tables (or views) that todo did not make, with no record of
    /// todo's migrations, is another program's: left alone, as a file of another program is,
    /// rather than given todo's tables beside its own. Extensions' tables do not count. (Tables
    /// named as todo's, without that record, are said apart: todo's own, the record lost by hand,
    /// or another program's.)
    private func refuseForeign(_ server: ServerConnection) throws {
        let named = try server.first("SELECT to_regclass('lists') IS NOT NULL OR to_regclass('tasks') IS NOT NULL") { try $0.bool(0) } ?? false
        if named {
            throw ServerError.unusableDatabase(
                "the database already has tables named lists or tasks that todo did not make: give todo a database of its own")
        }
        let (count, first) = try server.first("""
            SELECT count(*), min(quote_ident(n.nspname) || '.' || quote_ident(c.relname))
            FROM pg_class AS c JOIN pg_namespace AS n ON n.oid = c.relnamespace
            WHERE c.relkind IN ('r', 'p', 'v', 'm', 'f') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
              AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp\\_%'
              AND NOT EXISTS (SELECT 1 FROM pg_depend AS d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
            """) { (try $0.int(0), try $0.optionalText(1)) } ?? (0, nil)
        if count > 0, let first {
            throw ServerError.unusableDatabase(
                "the database holds \(count == 1 ? "a table" : "\(count) tables") todo did not make (\(first)\(count == 1 ? "" : ", …")):"
                + " it is another program's, and was left untouched; give todo a database of its own")
        }
    }
}
#endif
