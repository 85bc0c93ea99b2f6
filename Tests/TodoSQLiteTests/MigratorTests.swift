import Foundation
import Testing
import TodoChecksum
import TodoCore
import TodoTestSupport
@testable import TodoSQLite

@Suite struct MigratorTests {
    let database: TestDatabase
    init() throws { database = try TestDatabase() }

    /// Rows of schema_migrations as the file holds them.
    private func recorded() throws -> [[String]] {
        var rows: [[String]] = []
        try database.connection().prepare("SELECT version, name, checksum, applied_at FROM schema_migrations ORDER BY version")
            .bind([]).forEachRow { rows.append([$0.text(0), $0.text(1), $0.text(2), $0.text(3)]) }
        return rows
    }

    private func schema() throws -> [String] {
        try database.connection().strings("SELECT type || ' ' || name || ': ' || ifnull(sql, '') FROM sqlite_schema ORDER BY name")
    }

    @Test func freshDatabaseRecordsEveryMigrationWithTheFilesChecksum() throws {
        database.clock.now = "2026-03-04T05:06:07Z"
        _ = try database.open()
        let expected = try EmbeddedMigrationTests.files().map { file in
            [String(file.version), file.migrationName, SHA256.hex(of: file.bytes), "2026-03-04T05:06:07Z"]
        }
        #expect(try recorded() == expected)
        let applied = try Migrator().applied(in: database.connection())
        #expect(applied.map(\.version) == Migration.all.map(\.version))
        #expect(applied.allSatisfy { $0.appliedAt == "2026-03-04T05:06:07Z" })
        let tables = try database.connection().strings("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
        #expect(Set(tables).isSuperset(of: ["lists", "tasks", "schema_migrations"]))
    }

    @Test func secondOpenAppliesNothing() throws {
        _ = try database.open()
        _ = try database.open().createList(named: "Kept")
        let rows = try recorded()
        let schemaBefore = try schema()
        database.clock.now = "2030-01-01T00:00:00Z"
        let repository = try database.open()
        #expect(try recorded() == rows)
        #expect(try schema() == schemaBefore)
        #expect(try repository.list(named: "Kept") != nil)
        #expect(try Migrator().pending(in: database.connection()).isEmpty)
        #expect(try Migrator().migrate(database.connection(), now: "2031-01-01T00:00:00Z").isEmpty)
        #expect(try recorded() == rows)
    }

    @Test func anEditedChecksumRowIsRefusedUntouched() throws {
        _ = try database.open()
        try database.connection().run("UPDATE schema_migrations SET checksum = ? WHERE version = ?", String(repeating: "0", count: 64), 1)
        try database.settle()
        let before = try database.bytes()
        let first = try #require(Migration.all.first)
        #expect(throws: StorageError.migrationChanged(version: first.version, name: first.name)) { try database.open() }
        #expect(try database.bytes() == before)
    }

    @Test func anEditedMigrationFileIsRefused() throws {
        _ = try database.open()
        let last = try #require(Migration.all.last)
        let edited = Array(Migration.all.dropLast()) + [Migration(version: last.version, name: last.name, sql: last.sql + "\n-- a harmless edit\n")]
        #expect(throws: StorageError.migrationChanged(version: last.version, name: last.name)) {
            try database.open(migrator: Migrator(migrations: edited))
        }
        // The untouched binary still opens it.
        _ = try database.open()
    }

    @Test func aDatabaseFromANewerTodoIsRefusedUntouched() throws {
        _ = try database.open()
        try database.connection().run(
            "INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES (?, ?, ?, ?)",
            9999, "from_the_future", String(repeating: "a", count: 64), "2040-01-01T00:00:00Z")
        try database.settle()
        let before = try database.bytes()
        #expect(throws: StorageError.newerDatabase(path: database.path, version: 9999, known: Migrator().latestVersion)) {
            try database.open()
        }
        #expect(try database.bytes() == before)
    }

    @Test func anOlderBinaryRefusesWhatItDoesNotKnow() throws {
        _ = try database.open()
        let older = Migrator(migrations: Array(Migration.all.dropLast()))
        #expect(throws: StorageError.newerDatabase(path: database.path, version: Migrator().latestVersion, known: older.latestVersion)) {
            try older.pending(in: database.connection())
        }
    }

    @Test func aNewMigrationIsAppliedOnTopOfTheOldOnes() throws {
        database.clock.now = "2026-01-01T00:00:00Z"
        _ = try database.open()
        let old = try recorded()
        let added = Migration(version: Migrator().latestVersion + 1, name: "add_colour", sql: "ALTER TABLE lists ADD COLUMN colour TEXT;")
        let migrator = Migrator(migrations: Migration.all + [added])
        #expect(try migrator.pending(in: database.connection()) == [added])
        database.clock.now = "2026-02-02T00:00:00Z"
        _ = try database.open(migrator: migrator)
        let rows = try recorded()
        #expect(Array(rows.dropLast()) == old)
        #expect(rows.last == [String(added.version), "add_colour", added.checksum, "2026-02-02T00:00:00Z"])
        #expect(try database.connection().integer("SELECT count(*) FROM pragma_table_info('lists') WHERE name = 'colour'") == 1)
    }

    @Test func migrationsRunInVersionOrderAndReportWhatTheyApplied() throws {
        let db = try database.connection()
        let first = Migration(version: 1, name: "a", sql: "CREATE TABLE a (x INTEGER);")
        let second = Migration(version: 2, name: "b", sql: "ALTER TABLE a ADD COLUMN y INTEGER;")
        let migrator = Migrator(migrations: [second, first])
        #expect(try migrator.migrate(db, now: "t") == [first, second])
        #expect(try migrator.migrate(db, now: "t").isEmpty)
        #expect(try migrator.applied(in: db).map(\.name) == ["a", "b"])
    }

    @Test func aFailingMigrationLeavesNothingAppliedOrRecorded() throws {
        let db = try database.connection()
        let good = Migration(version: 1, name: "good", sql: "CREATE TABLE a (x INTEGER);")
        let broken = Migration(version: 2, name: "broken", sql: """
            PRAGMA application_id = 42;
            CREATE TABLE b (x INTEGER);
            INSERT INTO no_such_table VALUES (1);
            CREATE TABLE c (x INTEGER);
            """)
        let error = #expect(throws: SQLiteError.self) { try Migrator(migrations: [good, broken]).migrate(db, now: "t") }
        #expect(error?.message.contains("no_such_table") == true)
        #expect(db.isAutocommit)
        #expect(try db.strings("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name") == ["a", "schema_migrations"])
        #expect(try db.integer("PRAGMA application_id") == 0)
        #expect(try Migrator().applied(in: db).map(\.version) == [1])
    }

    @Test func aFailingFirstMigrationLeavesTheFileEmpty() throws {
        let db = try database.connection()
        let broken = Migration(version: 1, name: "broken", sql: "CREATE TABLE a (x INTEGER); SELEKT;")
        #expect(throws: SQLiteError.self) { try Migrator(migrations: [broken]).migrate(db, now: "t") }
        #expect(try db.strings("SELECT name FROM sqlite_schema").isEmpty)
        #expect(try Migrator().applied(in: db).isEmpty)
    }

    @Test func aFailingMigrationOnOpenIsAStorageErrorAndKeepsTheEarlierOnes() throws {
        let broken = Migration(version: Migrator().latestVersion + 1, name: "broken", sql: "CREATE TABLE z (x INTEGER); SELEKT;")
        let error = #expect(throws: StorageError.self) { try database.open(migrator: Migrator(migrations: Migration.all + [broken])) }
        guard case .failure(let message) = error else {
            Issue.record("expected a storage error, got \(String(describing: error))")
            return
        }
        #expect(message.contains("syntax error"))
        #expect(try Migrator().applied(in: database.connection()).map(\.version) == Migration.all.map(\.version))
        #expect(try database.connection().integer("SELECT count(*) FROM sqlite_schema WHERE name = 'z'") == 0)
    }
}
