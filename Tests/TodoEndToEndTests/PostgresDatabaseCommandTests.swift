#if PostgreSQL
import Foundation
import Testing
import TodoTestSupport

/// `todo db check` and `todo db backup` on a PostgreSQL database: the check finds what hand
/// edits in psql can leave behind and `--repair` recounts; the backup is a SQLite file holding
/// what the server holds. Skipped, saying so, without a server (TODO_TEST_POSTGRES_URL).
@Suite(.enabled(if: PostgresTestServer.url != nil, Comment(rawValue: PostgresTestServer.skipped)))
struct PostgresDatabaseCommandTests {
    /// The URL as todo shows it: without the password.
    static func shown(_ url: String) -> String { url.replacingOccurrences(of: "todo:todo@", with: "todo@") }

    @Test func aSoundDatabaseChecksOkAndTheCheckLeavesNothingBehind() throws {
        let url = try PostgresTestServer.newDatabase()
        let server = try TodoRunner(environment: ["TODO_DB": url])
        try server.run(["add", "Home", "one", "--tag", "x", "--due", "2026-12-01", "--repeat", "weekly"])
        try server.run(["done", "1"])
        let catalog = "SELECT count(*) FROM pg_namespace WHERE nspname = 'todo_db_check'"
        let version = try PostgresTestServer.psql(url, "SELECT version FROM data_version")

        let checked = try server.run(["db", "check"])
        #expect(checked.status == 0 && checked.stderr.isEmpty, "\(checked.summary)")
        #expect(checked.stdout == Self.shown(url) + ": ok\n")
        let json = try server.jsonObject(["db", "check"])
        #expect(json["ok"] as? Bool == true && json["path"] as? String == Self.shown(url))
        #expect(try PostgresTestServer.psql(url, catalog) == "0")
        #expect(try PostgresTestServer.psql(url, "SELECT version FROM data_version") == version)
    }

    /// What psql can do that todo's own commands never do: a disabled counting trigger, a
    /// dropped index, a table of one's own, a time todo cannot read, an identity set back. Each
    /// is one finding; the database is left as it was; --repair recounts the lists and moves
    /// the identity past the highest id, and nothing else.
    @Test func theCheckFindsHandEditsAndRepairRecounts() throws {
        let url = try PostgresTestServer.newDatabase()
        let server = try TodoRunner(environment: ["TODO_DB": url])
        try server.run(["add", "Home", "one"])
        try PostgresTestServer.psql(url, """
            ALTER TABLE tasks DISABLE TRIGGER tasks_count_insert;
            INSERT INTO tasks (list_id, title, created_at, updated_at) VALUES (1, 'by hand', 'yesterday', '2026-11-23T10:00:00Z');
            ALTER TABLE tasks ENABLE TRIGGER tasks_count_insert;
            ALTER TABLE task_tags DISABLE TRIGGER task_tags_changed;
            DROP INDEX tasks_open_by_due;
            CREATE TABLE notes_of_mine (id int);
            SELECT setval('tasks_id_seq', 1)
            """)
        let found = try server.run(["db", "check"])
        #expect(found.failedCleanly(with: 1, oneLine: false), "\(found.summary)")
        #expect(found.stderr.hasPrefix("Error: \(Self.shown(url)) has 6 problems:\n"), "\(found.stderr)")
        for finding in [
            "schema: index tasks_open_by_due is missing",
            "schema: table notes_of_mine is not part of a todo database",
            "triggers: trigger task_tags_changed on task_tags is disabled (ALTER TABLE task_tags ENABLE TRIGGER task_tags_changed)",
            "task 2: created_at 'yesterday' is not a time",
            "counts: list 'Home' records 1 open and 0 done tasks but has 2 and 0 (todo db check --repair recounts)",
            "ids: the highest task id is 2, but the next one todo hands out would be 2 (todo db check --repair moves it past)",
        ] {
            #expect(found.stderr.contains(finding), "\(finding) in \(found.stderr)")
        }
        #expect(try PostgresTestServer.psql(url, "SELECT open_count FROM lists") == "1")

        let repaired = try server.run(["db", "check", "--repair"])
        #expect(repaired.status == 1)
        #expect(repaired.stderr.contains("todo: repaired: counts: list 'Home'"), "\(repaired.stderr)")
        #expect(repaired.stderr.contains("has 4 problems"), "\(repaired.stderr)")
        #expect(try PostgresTestServer.psql(url, "SELECT open_count FROM lists") == "2")
        #expect(try server.jsonArray(["list"]).first?["open"] as? Int == 2)
        #expect(repaired.stderr.contains("todo: repaired: ids: the highest task id is 2"), "\(repaired.stderr)")
        #expect(try server.add("Home", "three") == 3)

        try PostgresTestServer.psql(url, """
            ALTER TABLE task_tags ENABLE TRIGGER task_tags_changed;
            CREATE INDEX tasks_open_by_due ON tasks (due, id) WHERE NOT done AND due IS NOT NULL;
            DROP TABLE notes_of_mine;
            UPDATE tasks SET created_at = '2026-11-23T10:00:00Z' WHERE id = 2
            """)
        #expect(try server.run(["db", "check"]).status == 0)
    }

    /// What a session with the foreign keys' and counting triggers off leaves (psql with
    /// `session_replication_role = replica`, a `pg_restore --disable-triggers`), a trigger set
    /// to fire only in such sessions, a rule, a policy, an unlogged table, a domain of one's own
    /// given to a column: each is found.
    @Test func theCheckFindsRowsPointingNowhereAndTriggersThatDoNotFire() throws {
        let url = try PostgresTestServer.newDatabase()
        let server = try TodoRunner(environment: ["TODO_DB": url])
        try server.run(["add", "Home", "one", "--tag", "x"])
        try PostgresTestServer.psql(url, """
            SET session_replication_role = replica;
            INSERT INTO tasks (list_id, title, created_at, updated_at) VALUES (777, 'nowhere', '2026-11-23T10:00:00Z', '2026-11-23T10:00:00Z');
            INSERT INTO task_tags (task_id, tag) VALUES (999, 'lost');
            RESET session_replication_role;
            ALTER TABLE tasks ENABLE REPLICA TRIGGER tasks_count_delete;
            ALTER TABLE task_tags DISABLE TRIGGER ALL;
            CREATE RULE quiet AS ON INSERT TO lists DO INSTEAD NOTHING;
            CREATE DOMAIN stamp AS text CHECK (VALUE LIKE '2%');
            ALTER TABLE lists ALTER COLUMN created_at TYPE stamp;
            CREATE POLICY mine ON tasks USING (true);
            ALTER TABLE task_tags SET UNLOGGED
            """)
        let found = try server.run(["db", "check"])
        #expect(found.failedCleanly(with: 1, oneLine: false), "\(found.summary)")
        for finding in [
            "foreign key: 1 row of task_tags refers to a missing row of tasks (task_id 999)",
            "foreign key: 1 row of tasks refers to a missing row of lists (list_id 777)",
            "triggers: the foreign keys of task_tags are not enforced: their triggers are off (ALTER TABLE task_tags ENABLE TRIGGER ALL)",
            "triggers: trigger task_tags_changed on task_tags is disabled",
            "triggers: trigger tasks_count_delete on tasks fires only under session_replication_role = replica",
            "schema: rule lists.quiet is not part of a todo database",
            "schema: type stamp is not part of a todo database",
            "schema: column lists.created_at differs from what this todo expects",
            "schema: policy tasks.mine is not part of a todo database",
            "schema: table task_tags differs from what this todo expects",
        ] {
            #expect(found.stderr.contains(finding), "\(finding) in \(found.stderr)")
        }
    }

    /// A database todo has not set up: the check says so and sets nothing up.
    @Test func anEmptyDatabaseIsNotSetUpByTheCheck() throws {
        let url = try PostgresTestServer.newDatabase()
        let result = try TodoRunner().run(["db", "check", "--db", url])
        #expect(result.failedCleanly(with: 1, oneLine: false), "\(result.summary)")
        #expect(result.stderr.contains("migration 0001_create_schema.sql is not applied yet"), "\(result.stderr)")
        #expect(try PostgresTestServer.psql(url, "SELECT to_regclass('tasks') IS NULL") == "t")

        // The unaccent extension gone (a restore into a database without it): a finding
        // naming it, not a failure of the check.
        let withoutUnaccent = try PostgresTestServer.newDatabase()
        try TodoRunner().run(["list", "--db", withoutUnaccent])
        try PostgresTestServer.psql(withoutUnaccent, "DROP EXTENSION unaccent CASCADE")
        let unaccent = try TodoRunner().run(["db", "check", "--db", withoutUnaccent])
        #expect(unaccent.status == 1 && unaccent.stderr.contains(
            "schema: this todo's schema cannot be built in this database to compare with: text search dictionary \"public.unaccent\" does not exist"),
                "\(unaccent.stderr)")

        // todo's tables whose record of migrations was emptied by hand: not "any command
        // applies it", which would fail.
        try TodoRunner().run(["list", "--db", url])
        try PostgresTestServer.psql(url, "DELETE FROM schema_migrations")
        let lost = try TodoRunner().run(["db", "check", "--db", url])
        #expect(lost.stderr.contains("has 1 problem:\n  migrations: todo's tables are here but schema_migrations records none"), "\(lost.stderr)")
    }

    /// A member who may not create a schema still gets every other check, and is told which
    /// one was left out.
    @Test func aMemberWithoutCreateGetsTheOtherChecks() throws {
        let url = try PostgresTestServer.newDatabase()
        let owner = try TodoRunner(environment: ["TODO_DB": url])
        try owner.run(["add", "Home", "one"])
        let member = "member_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(12)
        try PostgresTestServer.psql(url, """
            CREATE ROLE \(member) LOGIN PASSWORD 'secret';
            GRANT SELECT ON ALL TABLES IN SCHEMA public TO \(member);
            UPDATE lists SET open_count = 7
            """)
        defer { _ = try? PostgresTestServer.psql(url, "DROP OWNED BY \(member); DROP ROLE \(member)") }
        let memberURL = url.replacingOccurrences(of: "://todo:todo@", with: "://\(member):secret@")
        let result = try owner.run(["db", "check", "--db", memberURL])
        #expect(result.status == 1, "\(result.summary)")
        #expect(result.stderr.contains("todo: schema: not compared, this role may not create a scratch schema"), "\(result.stderr)")
        #expect(result.stderr.contains("has 1 problem:"), "\(result.stderr)")
        #expect(result.stderr.contains("counts: list 'Home' records 7 open"), "\(result.stderr)")
    }

    /// The backup is a new SQLite file with every list (an empty one too) and every task with
    /// its id, tags, repeat rule and times: exported, it reads exactly as the server does.
    @Test func aBackupIsAFileHoldingWhatTheServerHolds() throws {
        let url = try PostgresTestServer.newDatabase()
        let server = try TodoRunner(environment: ["TODO_DB": url])
        for arguments in PostgresCommandTests.session.prefix(12) { try server.run(arguments) }
        try server.run(["new-list", "Empty"])
        try server.run(["add", "Notes", "tab\there, newline\nthere", "--notes", "ünïcödé ✓"])
        let file = server.directory.path("backup.db")

        let backedUp = try server.run(["db", "backup", file])
        #expect(backedUp.status == 0 && backedUp.stderr.isEmpty, "\(backedUp.summary)")
        #expect(backedUp.stdout == "Backed up \(Self.shown(url)) to \(file)\n")
        let left = try FileManager.default.contentsOfDirectory(atPath: server.directory.path).filter { $0.hasPrefix("backup.db") }
        #expect(left == ["backup.db"])

        let copy = try TodoRunner(environment: ["TODO_DB": file])
        #expect(try copy.run(["export"]).stdout == (try server.run(["export"])).stdout)
        let names = { (lists: [[String: Any]]) in lists.map { "\($0["name"] ?? "") \($0["open"] ?? "") \($0["done"] ?? "")" } }
        #expect(names(try copy.jsonArray(["list"])) == names(try server.jsonArray(["list"])))
        #expect(try copy.run(["db", "check"]).status == 0)
        // Ids go on from where the server's were (done 3 repeated it as task 5).
        #expect(try copy.jsonObject(["add", "Home", "next"])["id"] as? Int == 7)

        // An existing file is never overwritten.
        let again = try server.run(["db", "backup", file, "--json"])
        #expect(again.failedCleanly(with: 1, oneLine: true), "\(again.summary)")
        #expect(again.stderr.contains("it already exists; choose a new file"), "\(again.stderr)")
        #expect(try copy.jsonArray(["list", "Home"]).count == 4)

        // Refused before the server is asked: a folder that is not there. A file of the
        // user's named like the partial one is left alone.
        let missing = try server.run(["db", "backup", server.directory.path("no/such/folder.db")])
        #expect(missing.failedCleanly(with: 1, oneLine: true), "\(missing.summary)")
        #expect(missing.stderr.contains("its folder \(server.directory.path("no/such")) does not exist"), "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: server.directory.path("no")))
        let mine = server.directory.path("second.db.partial")
        try "my notes".write(toFile: mine, atomically: false, encoding: .utf8)
        #expect(try server.run(["db", "backup", server.directory.path("second.db")]).status == 0)
        #expect(try String(contentsOfFile: mine, encoding: .utf8) == "my notes")
    }

    /// TODO_PG_STATEMENT_TIMEOUT bounds waiting and writing, not reading, which takes as long as
    /// the database is large: made slow by hand (a name function that sleeps), a write gives up
    /// after the limit and writes nothing, while `todo list` and a backup read on to the end.
    @Test func readsAndBackupsTakeAsLongAsTheyTake() throws {
        let url = try PostgresTestServer.newDatabase()
        let server = try TodoRunner(environment: ["TODO_DB": url, "TODO_PG_STATEMENT_TIMEOUT": "1"])
        try server.run(["add", "Home", "one"])
        try PostgresTestServer.psql(url, """
            CREATE OR REPLACE FUNCTION todo_nocase(text) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
            BEGIN PERFORM pg_sleep(1.5); RETURN lower($1); END $$
            """)
        let added = try server.run(["add", "Home", "two"])
        #expect(added.failedCleanly(with: 1, oneLine: true), "\(added.summary)")
        #expect(added.stderr.contains("took longer than 1 s"), "\(added.stderr)")
        let listed = try server.run(["list", "Home", "--json"])
        #expect(listed.status == 0, "\(listed.summary)")
        #expect(try listed.jsonArray().map { $0["title"] as? String } == ["one"])

        let file = server.directory.path("slow.db")
        let backedUp = try server.run(["db", "backup", file])
        #expect(backedUp.status == 0, "\(backedUp.summary)")
        #expect(try TodoRunner(environment: ["TODO_DB": file]).run(["list", "Home"]).stdout.contains("one"))
    }

    /// A backup only reads: a database todo has not set up yet is refused, and stays empty.
    @Test func aBackupOfAnEmptyDatabaseSetsNothingUp() throws {
        let url = try PostgresTestServer.newDatabase()
        let todo = try TodoRunner()
        let result = try todo.run(["db", "backup", todo.directory.path("b.db"), "--db", url])
        #expect(result.failedCleanly(with: 1, oneLine: true), "\(result.summary)")
        #expect(result.stderr.contains("holds no todo database yet"), "\(result.stderr)")
        #expect(try PostgresTestServer.psql(url, "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'") == "0")
        let left = try FileManager.default.contentsOfDirectory(atPath: todo.directory.path).filter { $0.hasPrefix("b.db") }
        #expect(left.isEmpty, "\(left)")
    }
}
#endif
