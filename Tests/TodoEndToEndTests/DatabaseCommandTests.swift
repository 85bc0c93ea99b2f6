import Foundation
import Testing
import TodoSQLite
import TodoTestSupport

/// `todo db path`, `todo db check`, `todo db backup`, and the backup taken before a migration.
@Suite struct DatabaseCommandTests {
    @Test func pathSaysWhichFileAndWhyWithoutCreatingIt() throws {
        let todo = try TodoRunner()
        var shown = try todo.jsonObject(["db", "path"])
        #expect(shown["path"] as? String == todo.databasePath)
        #expect(shown["source"] as? String == "environment")
        #expect(shown["exists"] as? Bool == false)
        #expect(!FileManager.default.fileExists(atPath: todo.databasePath))

        let flag = todo.directory.path("flag.db")
        shown = try todo.jsonObject(["db", "path", "--db", flag])
        #expect(shown["path"] as? String == flag)
        #expect(shown["source"] as? String == "flag")

        let text = try todo.run(["db", "path"], environment: ["TODO_DB": nil, "XDG_DATA_HOME": "/data"])
        #expect(text.stdout == "/data/todo/todo.db\nchosen by $XDG_DATA_HOME; it does not exist yet\n")
    }

    @Test func checkPassesASoundDatabaseAndChangesNothing() throws {
        let todo = try TodoRunner()
        try todo.add("Inbox", "one")
        let before = try #require(fileBytes(todo.databasePath))
        let result = try todo.run(["db", "check"])
        #expect(result.status == 0)
        #expect(result.stdout == "\(todo.databasePath): ok\n")
        #expect(try todo.jsonObject(["db", "check"])["ok"] as? Bool == true)
        #expect(fileBytes(todo.databasePath) == before)
    }

    @Test(arguments: [
        ("PRAGMA foreign_keys = OFF; DELETE FROM lists WHERE name = 'Inbox';", "foreign key"),
        ("UPDATE lists SET open_count = 7;", "records 7 open"),
        ("DROP INDEX tasks_open_by_due;", "index tasks_open_by_due is missing"),
        ("CREATE TABLE extra (x);", "table extra is not part of a todo database"),
        ("INSERT INTO schema_migrations VALUES (9999, 'from_the_future', 'x', 'x');", "written by a newer version"),
        ("UPDATE schema_migrations SET checksum = 'edited' WHERE version = 1;", "differs from the one applied"),
        ("INSERT INTO tasks_search (tasks_search, rowid, title, notes) VALUES ('delete', 1, 'one', NULL);", "search index"),
    ])
    func checkReportsEachProblemAndExits1(damage: String, finding: String) throws {
        let todo = try TodoRunner()
        try todo.add("Inbox", "one")
        try sqlite3(todo.databasePath, damage)
        let before = try #require(fileBytes(todo.databasePath))
        let result = try todo.run(["db", "check"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("Error: \(todo.databasePath) has "), "\(result.stderr)")
        #expect(result.stderr.contains(finding), "\(result.stderr)")
        #expect(fileBytes(todo.databasePath) == before, "checking never changes the file")
    }

    @Test func checkRefusesWhatIsNotADatabaseWithoutCreatingOrTouchingIt() throws {
        let todo = try TodoRunner()
        #expect(try todo.run(["db", "check"]).status == 1)
        #expect(!FileManager.default.fileExists(atPath: todo.databasePath))
        let noise = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) })
        try noise.write(to: URL(fileURLWithPath: todo.databasePath))
        let result = try todo.run(["db", "check"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("Error: "))
        #expect(fileBytes(todo.databasePath) == noise)
    }

    @Test func backupIsAConsistentCopyWhileOthersWrite() throws {
        let todo = try TodoRunner()
        for index in 0..<50 { try todo.add("Inbox", "before \(index)") }
        // Four shells adding 25 tasks each while the backup runs.
        let writers = try (0..<4).map { writer in
            let shell = Process()
            shell.executableURL = URL(fileURLWithPath: "/bin/sh")
            shell.arguments = ["-c", "for i in $(seq 25); do \"$0\" add Inbox \"during \(writer) $i\" -q >/dev/null; done", TodoRunner.binary]
            shell.environment = todo.environment
            try shell.run()
            return shell
        }
        let backup = todo.directory.path("backup.db")
        let result = try todo.run(["db", "backup", backup])
        writers.forEach { $0.waitUntilExit() }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Backed up \(todo.databasePath) to \(backup)\n")
        #expect(!FileManager.default.fileExists(atPath: backup + "-wal"), "the copy is one self-contained file")

        #expect(try todo.run(["db", "check", "--db", backup]).status == 0)
        let copied = try todo.jsonArray(["export", "--db", backup, "--format", "json"]).count
        #expect((50...150).contains(copied))
        #expect(try todo.jsonArray(["export", "--format", "json"]).count == 150)

        let again = try todo.run(["db", "backup", backup])
        #expect(again.status == 1, "an existing file is never overwritten")
        #expect(again.stderr.contains("already exists"))

        // A server is not a file to back up to (a URL in any case, its password never shown),
        // and nothing is made for it.
        let toServer = try todo.run(["db", "backup", "PostgreSQL://ann:s3cret@db.example/todo"])
        #expect(toServer.failedCleanly(with: 1, oneLine: true), "\(toServer.summary)")
        #expect(toServer.stderr.contains("a backup is written to a new file, not to a server (PostgreSQL://ann@db.example/todo)"), "\(toServer.stderr)")
        #expect(!toServer.stderr.contains("s3cret"))
        #expect(!FileManager.default.fileExists(atPath: todo.directory.path("PostgreSQL:")))
    }

    /// A database as an older todo left it: only the first migration, with a list and a task.
    static func olderDatabase(at path: String) throws {
        let db = try Connection(path: path)
        try Migrator(migrations: Array(Migration.all.prefix(1))).migrate(db, now: "2026-01-01T00:00:00Z")
        try db.execute("""
            INSERT INTO lists (name, created_at) VALUES ('Old', '2026-01-01T00:00:00Z');
            INSERT INTO tasks (list_id, title, created_at, updated_at) VALUES (1, 'from before', 'x', 'x');
            """)
    }

    @Test func migratingADatabaseWithDataBacksItUpFirstAndSaysWhere() throws {
        let todo = try TodoRunner()
        try Self.olderDatabase(at: todo.databasePath)
        let result = try todo.run(["search", "before", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let backup = todo.databasePath + ".before-0002.bak"
        #expect(result.stderr == "todo: upgraded the database's schema; the file as it was is saved at \(backup)\n")
        #expect(try result.jsonArray().first?["title"] as? String == "from before", "stdout is the command's alone")

        // The backup is the database as it was: the old schema, the same data.
        let old = try Connection(path: backup, create: false, readOnly: true)
        #expect(try Migrator().applied(in: old).map(\.version) == [1])
        #expect(try old.prepare("SELECT title FROM tasks").bind([]).first { $0.text(0) } == "from before")

        let second = try todo.run(["list"])
        #expect(second.stderr.isEmpty, "nothing to migrate the second time")
    }

    @Test func newAndEmptyDatabasesAreNotBackedUp() throws {
        let todo = try TodoRunner()
        try todo.run(["list"])
        let empty = todo.directory.path("empty-old.db")
        let db = try Connection(path: empty)
        try Migrator(migrations: Array(Migration.all.prefix(1))).migrate(db, now: "x")
        let result = try todo.run(["list", "--db", empty])
        #expect(result.stderr.isEmpty)
        let files = try FileManager.default.contentsOfDirectory(atPath: todo.directory.path)
        #expect(!files.contains { $0.hasSuffix(".bak") })
    }
}
