#if PostgreSQL
import Foundation
import Testing
import TodoTestSupport

/// The built binary on a real PostgreSQL server: every command answers as it does on a SQLite
/// file, data moves between the two exactly, many processes share one database, and what goes
/// wrong with the server is one `Error:` line with nothing half-written. Skipped, saying so,
/// without a server (TODO_TEST_POSTGRES_URL).
@Suite(.enabled(if: PostgresTestServer.url != nil, Comment(rawValue: PostgresTestServer.skipped)))
struct PostgresCommandTests {
    /// A session of commands as a user types them, each with what it must do.
    static let session: [[String]] = [
        ["add", "Home", "buy oat milk", "--due", "2026-12-01", "--priority", "high", "--tag", "errand", "--tag", "Shop"],
        ["add", "Home", "call mum", "--notes", "about the café", "--due", "2026-12-02T18:30"],
        ["add", "Work", "write report", "--repeat", "weekly", "--due", "2026-11-30"],
        ["add", "home", "water plants", "--tag", "shop"],
        ["list"], ["list", "--json"], ["list", "Home"], ["list", "Home", "--json"], ["list", "home", "--tag", "SHOP", "--json"],
        ["edit", "1", "--title", "buy oat milk (barista)", "--untag", "errand"],
        ["done", "3"], ["list", "Work", "--json"],
        ["search", "cafe"], ["search", "oat", "--json"], ["search", "repo"],
        ["agenda", "--json"], ["tags", "--json"],
        ["rm", "2"], ["undo"], ["redo"], ["undo"], ["history", "--json"],
        ["rename-list", "Work", "Office"], ["list", "--json"],
        ["done", "99"], ["list", "Nowhere"], ["delete-list", "Home"],
        ["export"], ["export", "--format", "csv"],
        ["delete-list", "Home", "--force"], ["list", "--json"], ["undo", "--json"], ["list", "--json"],
    ]

    /// `count` NDJSON records in `list`, titled `title 1`, `title 2`…, each with what `more`
    /// adds to it (`,"tags":[…]`).
    static func records(_ count: Int, in list: String, title: String = "task", more: (Int) -> String = { _ in "" }) -> Data {
        Data((1...count).map { "{\"list\":\"\(list)\",\"title\":\"\(title) \($0)\"\(more($0))}\n" }.joined().utf8)
    }

    /// The ids of the secondary indexes of `tasks` and `task_tags`: new ones after the import
    /// rebuilt them, the same after one that added to them row by row.
    static let indexIDs = """
        SELECT string_agg(indexrelid::text, ',' ORDER BY indexrelid::regclass::text) FROM pg_index
        WHERE indrelid IN ('tasks'::regclass, 'task_tags'::regclass) AND NOT indisunique
        """

    /// Times as todo writes them (`2026-11-23T10:00:00Z`): the two runs happen moments apart.
    /// What differs between any two runs of the same commands: the times, and the uuids made.
    static func withoutTimesAndUUIDs(_ text: String) -> String {
        text.replacingOccurrences(of: #"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z"#, with: "<time>", options: .regularExpression)
            .replacingOccurrences(of: #"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"#, with: "<uuid>", options: .regularExpression)
            // `todo history`'s local minutes: the two sessions can run either side of a minute.
            .replacingOccurrences(of: #"(?m)^(\s+\d+  )\d{4}-\d{2}-\d{2} \d{2}:\d{2} [+-]\d{2}:\d{2}(  )"#, with: "$1<time>$2", options: .regularExpression)
    }

    /// The rest of the contract, command by command: every form of edit, moves, several ids at
    /// once, repeating tasks, filters and sorts, search's word rules, refusals of every kind,
    /// imports good and bad, undo and redo across them.
    static let secondSession: [[String]] = [
        ["new-list", "Errands"], ["new-list", "errands"], ["new-list", " "],
        ["add", "Errands", "post letters", "--due", "2026-11-20", "--notes", "stamps: 2×, envelopes (A5)"],
        ["add", "Errands", "pick up parcel", "--priority", "low", "--tag", "town"],
        ["add", "Errands", "e-mail the landlord", "--tag", "Town", "--repeat", "monthly", "--due", "2026-01-31"],
        ["add", "Garden", "mow the lawn", "--repeat", "3d", "--repeat-from", "done", "--due", "2026-11-21"],
        ["add", "Garden", ""], ["add", "Garden", "bad date", "--due", "2026-02-30"], ["add", "Garden", "x", "--repeat", "weekly"],
        ["show", "1", "3", "--json"], ["show", "2"], ["show", "42"],
        ["edit", "1", "--notes", "", "--no-due", "--priority", "medium", "--json"],
        ["edit", "2", "--list", "Garden", "--tag", "heavy", "--tag", "HEAVY"],
        ["edit", "3", "--no-repeat", "--json"], ["edit", "99", "--title", "x"], ["edit", "1", "--due", "2026-02-30"],
        ["edit", "1", "--done", "--dry-run"], ["edit", "2", "--untag", "nothing"],
        ["done", "1", "2", "--json"], ["undone", "1"], ["done", "1", "99"], ["done", "4", "--json"],
        ["list"], ["list", "Garden", "--all", "--json"], ["list", "Errands", "--sort", "priority"],
        ["list", "Errands", "--priority", "low", "--json"], ["list", "Garden", "--limit", "1", "--json"], ["list", "Errands", "--overdue"],
        ["list", "Garden", "--due-before", "2027-01-01", "--json"], ["list", "Garden", "--tag", "heavy", "--tag", "town", "--all"],
        ["search", "e-mail"], ["search", "mail", "--json"], ["search", "stamps", "--all"], ["search", "(a5)", "--json"],
        ["search", "parc", "--list", "Garden", "--all"], ["search", "!!!"], ["search", "LANDLORD", "the"],
        ["tags"], ["tags", "--json"], ["agenda", "--days", "3"], ["agenda", "--tag", "town", "--json"],
        ["rm", "1", "99"], ["rm", "1", "2", "--json"], ["undo"], ["history"], ["history", "--json"],
        ["rename-list", "Errands", "ERRANDS"], ["rename-list", "Garden", "errands"], ["delete-list", "Nowhere"],
        ["redo"], ["redo"], ["undo", "--json"], ["undo"], ["undo"], ["redo", "--json"],
        ["export", "--format", "json"], ["export", "--format", "csv"],
    ]

    /// Runs each command on a file and on the server and compares status, stdout and stderr.
    func expectSameAnswers(_ session: [[String]], file: TodoRunner, server: TodoRunner) throws {
        for arguments in session {
            let expected = try file.run(arguments), got = try server.run(arguments)
            #expect(got.status == expected.status, "\(arguments): \(got.summary)")
            #expect(Self.withoutTimesAndUUIDs(got.stdout) == Self.withoutTimesAndUUIDs(expected.stdout), "\(arguments)")
            #expect(Self.withoutTimesAndUUIDs(got.stderr) == Self.withoutTimesAndUUIDs(expected.stderr), "\(arguments)")
        }
    }

    @Test func everyCommandAnswersAsOnAFile() throws {
        let file = try TodoRunner()
        let server = try TodoRunner(environment: ["TODO_DB": try PostgresTestServer.newDatabase()])
        try expectSameAnswers(Self.session, file: file, server: server)
    }

    @Test func everyOtherFormAnswersAsOnAFile() throws {
        let file = try TodoRunner()
        let server = try TodoRunner(environment: ["TODO_DB": try PostgresTestServer.newDatabase()])
        try expectSameAnswers(Self.secondSession, file: file, server: server)
        // Imports from files: a good one of each format, a bad record, one with ids kept.
        let folder = file.directory.path("imports")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let inputs = [
            "good.csv": "list,title,due,tags\nImported,\"a, quoted\",2026-12-24,x y\nImported,second,,\n",
            "bad.ndjson": "{\"list\":\"Imported\",\"title\":\"fine\"}\n{\"list\":\"Imported\",\"title\":\"late\",\"due\":\"tomorrow-ish\"}\n",
            "todo.txt": "(A) 2026-11-01 call the bank +Money @phone due:2026-12-01\nx 2026-11-02 2026-11-01 paid rent +Money\n",
            "kept.ndjson": "{\"id\":500,\"list\":\"Kept\",\"title\":\"five hundred\"}\n",
        ]
        for (name, text) in inputs { try text.write(toFile: folder + "/" + name, atomically: false, encoding: .utf8) }
        try expectSameAnswers([
            ["import", folder + "/good.csv"], ["import", folder + "/bad.ndjson"],
            ["import", folder + "/todo.txt", "--format", "todotxt", "--json"], ["import", folder + "/kept.ndjson", "--keep-ids"],
            ["import", folder + "/kept.ndjson", "--keep-ids"], ["add", "Kept", "after"], ["list", "--json"], ["undo"], ["undo"],
            ["history"], ["export"],
            // Last: on the server a dry run leaves the ids it used behind (docs/manual.md, "What differs").
            ["import", folder + "/todo.txt", "--format", "todotxt", "--dry-run"],
        ], file: file, server: server)
    }

    /// `todo export | todo import --keep-ids` copies a file into PostgreSQL exactly, and back.
    @Test func dataMovesBetweenFileAndServerExactly() throws {
        let file = try TodoRunner()
        for arguments in Self.session.prefix(12) { try file.run(arguments) }
        try file.run(["add", "Notes", "tab\there, newline\nthere, backslash \\ and \\N", "--notes", "ünïcödé ✓"])
        let exported = try file.run(["export"])
        #expect(exported.status == 0)

        let url = try PostgresTestServer.newDatabase()
        let server = try TodoRunner(environment: ["TODO_DB": url])
        let imported = try server.run(["import", "--keep-ids"], stdin: exported.stdoutBytes)
        #expect(imported.status == 0, "\(imported.summary)")
        #expect(try server.run(["export"]).stdout == exported.stdout)
        // The lists alike but for their uuids: the formats carry tasks, and an import makes the lists.
        #expect(Self.withoutTimesAndUUIDs(try server.run(["list", "--json"]).stdout) == Self.withoutTimesAndUUIDs(try file.run(["list", "--json"]).stdout))

        let back = try TodoRunner()
        #expect(try back.run(["import", "--keep-ids"], stdin: try server.run(["export"]).stdoutBytes).status == 0)
        #expect(try back.run(["export"]).stdout == exported.stdout)
        // Ids kept from the file are handed out: the next task takes a new one.
        let next = try server.jsonObject(["add", "Notes", "after the import"])
        #expect((next["id"] as? Int ?? 0) > 5)
    }

    /// 8 writers × 60 adds and 4 readers at once on one new database: the first ones to start
    /// set the schema up once between them, every add lands, and no process fails.
    @Test func manyProcessesShareOneDatabase() throws {
        let url = try PostgresTestServer.newDatabase()
        let server = try TodoRunner(environment: ["TODO_DB": url])
        let writers = try (0..<8).map { writer in
            try server.start(["-c", "for i in $(seq 60); do \"$TODO_BIN\" add Shared \"w\(writer) $i\" -q || exit 1; done"],
                             environment: ["TODO_BIN": TodoRunner.binary], executable: "/bin/sh")
        }
        let readers = try (0..<4).map { _ in
            try server.start(["-c", "for i in $(seq 30); do \"$TODO_BIN\" list --json >/dev/null || exit 1; done"],
                             environment: ["TODO_BIN": TodoRunner.binary], executable: "/bin/sh")
        }
        // Nothing on stderr but the one writer's note that it made the list.
        var made = 0
        for process in writers + readers {
            let result = process.wait()
            made += result.stderrLines.filter { $0 == "todo: created the list \"Shared\"" }.count
            #expect(result.status == 0 && result.stderrLines.allSatisfy { $0.isEmpty || $0 == "todo: created the list \"Shared\"" }, "\(result.summary)")
        }
        #expect(made == 1)
        let lists = try server.jsonArray(["list"])
        #expect(lists.first?["open"] as? Int == 480, "\(lists)")
        #expect(try server.jsonArray(["list", "Shared", "--limit", "1000"]).count == 480)
        // Each migration once, though twelve processes found the database new at once.
        let files = try FileManager.default.contentsOfDirectory(atPath: RepositoryRoot.migrations.appendingPathComponent("postgres").path)
        #expect(try PostgresTestServer.psql(url, "SELECT count(*) FROM schema_migrations") == String(files.filter { $0.hasSuffix(".sql") }.count))
    }

    @Test func aRefusedPasswordIsOneLine() throws {
        guard let url = PostgresTestServer.url else { return }
        let wrong = url.replacingOccurrences(of: "todo:todo@", with: "todo:wrong@")
        let result = try TodoRunner().run(["list", "--db", wrong])
        #expect(result.failedCleanly(with: 1, oneLine: true), "\(result.summary)")
        #expect(result.stderr.contains("the server refused the password for user 'todo'"), "\(result.stderr)")
        #expect(!result.stderr.contains("wrong"))
    }

    @Test func aWrongDatabaseNameIsOneLine() throws {
        guard let url = PostgresTestServer.url else { return }
        let result = try TodoRunner().run(["add", "Inbox", "t", "--db", PostgresTestServer.database("no_such_db", on: url)])
        #expect(result.failedCleanly(with: 1, oneLine: true), "\(result.summary)")
        #expect(result.stderr.contains("there is no database named 'no_such_db'"), "\(result.stderr)")
    }

    /// A server that takes the connection and never answers it (a network gone silent at the
    /// handshake): connect_timeout ends the wait, and the line says so, for a command and for a
    /// sync. It said "the other end closed the connection" (found by a helper's sweep).
    @Test func aServerSilentAtTheHandshakeIsNoAnswerWithinTheLimit() throws {
        let proxy = try SilentProxy(to: try #require(PostgresTestServer.url), fallingSilentAt: "application_name")
        defer { proxy.stop() }
        let url = proxy.url + (proxy.url.contains("?") ? "&" : "?") + "connect_timeout=1"
        let todo = try TodoRunner()
        try todo.add("Inbox", "here")
        for arguments in [["list", "--db", url], ["sync", "init", url]] {
            let result = try todo.run(arguments)
            #expect(result.failedCleanly(with: 1, oneLine: true), "\(result.summary)")
            #expect(result.stderr.contains(": no answer within 1 s (connect_timeout)"), "\(result.stderr)")
        }
    }

    /// A database another program uses (a table of its own, a view) is left untouched, as an
    /// SQLite file of another program is: by a command, and by a sync that would make it a hub.
    /// It got todo's tables beside its own (found by a helper's sweep).
    @Test func anotherProgramsDatabaseIsLeftUntouched() throws {
        let url = try PostgresTestServer.newDatabase()
        try PostgresTestServer.psql(url, "CREATE TABLE orders (id int); CREATE VIEW big_orders AS SELECT * FROM orders")
        let tables = "SELECT string_agg(relname, ' ' ORDER BY relname) FROM pg_class WHERE relnamespace = 'public'::regnamespace"
        let before = try PostgresTestServer.psql(url, tables)
        let added = try TodoRunner().run(["add", "Inbox", "t", "--db", url])
        #expect(added.failedCleanly(with: 1, oneLine: true), "\(added.summary)")
        #expect(added.stderr.contains("the database holds 2 tables todo did not make (public.big_orders, …): it is another program's"), "\(added.stderr)")
        let linking = try TodoRunner()
        try linking.add("Inbox", "here")
        let linked = try linking.run(["sync", "init", url])
        #expect(linked.failedCleanly(with: 1, oneLine: true) && linked.stderr.contains("another program's"), "\(linked.summary)")
        #expect(try PostgresTestServer.psql(url, tables) == before && before == "big_orders orders")
        #expect(try linking.run(["sync", "status"]).stderr.contains("not linked"))
    }

    /// A write waits its turn behind another writer's lock, up to TODO_PG_STATEMENT_TIMEOUT, then
    /// gives up in one line with nothing written.
    @Test func aStatementTimeoutIsOneLineAndWritesNothing() throws {
        // Another machine holding the write lock.
        try expectGivingUp(behind: "SELECT pg_advisory_lock(1414480975), pg_sleep(8)", running: ["add", "Inbox", "blocked"])
    }

    /// A write's own statements are bounded too: a trigger someone added that makes an insert
    /// take 8 s ends the add after 1 s, with nothing written.
    @Test func aSlowWriteIsCutOffAndWritesNothing() throws {
        let url = try PostgresTestServer.newDatabase()
        let server = try TodoRunner(environment: ["TODO_DB": url])
        try server.run(["add", "Inbox", "before"])
        try PostgresTestServer.psql(url, """
            CREATE FUNCTION slowly() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(8); RETURN NEW; END $$;
            CREATE TRIGGER slowly BEFORE INSERT ON tasks FOR EACH ROW EXECUTE FUNCTION slowly()
            """)
        let started = Date()
        let result = try server.run(["add", "Inbox", "slow"], environment: ["TODO_PG_STATEMENT_TIMEOUT": "1"])
        #expect(Date().timeIntervalSince(started) < 6, "it waited for the trigger")
        #expect(result.failedCleanly(with: 1, oneLine: true) && result.stderr.contains("took longer than 1 s"), "\(result.summary)")
        #expect(try PostgresTestServer.psql(url, "SELECT string_agg(title, ',') FROM tasks") == "before")
    }

    /// Undoing and redoing an import is work of the import's size, and like the import it is
    /// not cut off by the statement limit (with a limit of 1 s, redoing 100,000 tasks was);
    /// nor are deleting the list of those tasks, its undo and its redo.
    @Test func anImportAndItsDeletedListAreUndoneAndRedonePastTheStatementLimit() throws {
        let url = try PostgresTestServer.newDatabase()
        let server = try TodoRunner(environment: ["TODO_DB": url, "TODO_PG_STATEMENT_TIMEOUT": "1"])
        try server.run(["import"], stdin: Self.records(100_000, in: "Bulk", more: { ",\"notes\":\"note \($0)\",\"tags\":[\"t\($0 % 7)\"]" })).expectSuccess()
        let before = try server.run(["export"]).stdout
        let undo = try server.run(["undo"])
        #expect(undo.status == 0, "\(undo.summary)")
        #expect(try server.jsonArray(["list"]).isEmpty)
        let redo = try server.run(["redo"])
        #expect(redo.status == 0, "\(redo.summary)")
        #expect(try server.run(["export"]).stdout == before)

        // So is deleting the list they are in, with them.
        let delete = try server.run(["delete-list", "Bulk", "--force"])
        #expect(delete.status == 0, "\(delete.summary)")
        #expect(try server.jsonArray(["list"]).isEmpty)
        for command in ["undo", "redo", "undo"] {
            let result = try server.run([command])
            #expect(result.status == 0, "\(command): \(result.summary)")
        }
        #expect(try server.run(["export"]).stdout == before)
    }

    /// A reading command streams for as long as its reader takes the rows: an export into a
    /// reader that waits 3 s before it reads is whole, though the limit is 1 s (cut off, half
    /// of it would be on stdout, and an import reading it would bring half).
    @Test func aSlowReaderGetsAWholeExport() throws {
        let url = try PostgresTestServer.newDatabase()
        let server = try TodoRunner(environment: ["TODO_DB": url])
        // About 12 MB of NDJSON: more than the pipe and the sockets hold, so the server waits.
        let count = 50_000
        try server.run(["import"], stdin: Self.records(count, in: "Bulk", more: { _ in ",\"notes\":\"\(String(repeating: "n", count: 150))\"" })).expectSuccess()
        let result = try server.shell("{ todo export; echo \"todo exit $?\" >&2; } | { sleep 3; wc -l; }", environment: ["TODO_PG_STATEMENT_TIMEOUT": "1"])
        #expect(result.status == 0 && result.stderr == "todo exit 0\n", "\(result.summary)")
        #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == String(count), "\(result.summary)")
    }

    /// Waits until a session of the database at `url` sleeps in `pg_sleep`: what it took before
    /// (a lock, an open read) it holds by then. A wait on the event, not on the clock, which a
    /// busy machine can outlast.
    func waitForASleepingSession(_ url: String, _ server: TodoRunner, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let sleeping = try server.start(["psql", "-X", "-q", "-t", "-A", url, "-c",
                                             "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event = 'PgSleep'"],
                                            executable: "/usr/bin/env").wait()
            if sleeping.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "1" { return }
            Thread.sleep(forTimeInterval: 0.02)
        }
        Issue.record("no session of \(url) started sleeping within a minute", sourceLocation: sourceLocation)
    }

    /// With a task "before" in a new database and another session running `holding` (for at
    /// least 8 s), `command` with TODO_PG_STATEMENT_TIMEOUT=1 gives up in one line long before
    /// that session is done, and keeps nothing.
    func expectGivingUp(behind holding: String, running command: [String], stdin: Data = Data()) throws {
        let url = try PostgresTestServer.newDatabase()
        let server = try TodoRunner(environment: ["TODO_DB": url])
        try server.run(["add", "Inbox", "before"])
        let holder = try server.start(["psql", "-X", "-q", url, "-c", holding], executable: "/usr/bin/env")
        try waitForASleepingSession(url, server)
        let started = Date()
        let result = try server.run(command, stdin: stdin, environment: ["TODO_PG_STATEMENT_TIMEOUT": "1"])
        #expect(Date().timeIntervalSince(started) < 6, "it waited for the other session")
        #expect(result.failedCleanly(with: 1, oneLine: true), "\(result.summary)")
        #expect(result.stderr.contains("took longer than 1 s (TODO_PG_STATEMENT_TIMEOUT)"), "\(result.stderr)")
        _ = holder.wait()
        #expect(try server.jsonArray(["list", "Inbox"]).map { $0["title"] as? String } == ["before"])
    }

    /// An import of 10,000 tasks into an empty database builds the indexes and foreign keys
    /// once at its end (new index ids show it did): afterwards they are exactly as the migration
    /// made them, every task is there and found, and undo still knows the import as untouched.
    @Test func aLargeImportLeavesTheSchemaAsItWas() throws {
        let url = try PostgresTestServer.newDatabase()
        let server = try TodoRunner(environment: ["TODO_DB": url])
        #expect(try server.run(["list"]).status == 0)
        let schema = """
            SELECT string_agg(d, ' ; ' ORDER BY d) FROM (
                SELECT indexdef AS d FROM pg_indexes WHERE tablename IN ('tasks', 'task_tags')
                UNION ALL SELECT conname || ' ' || pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid IN ('tasks'::regclass, 'task_tags'::regclass)
            ) AS s
            """
        let before = try PostgresTestServer.psql(url, schema), indexes = try PostgresTestServer.psql(url, Self.indexIDs)
        let records = Self.records(10_000, in: "Big", title: "déjà task") { ",\"tags\":[\"n\($0 % 3)\"]" }
        #expect(try server.run(["import", "--dry-run"], stdin: records).status == 0)
        #expect(try PostgresTestServer.psql(url, "SELECT count(*) FROM tasks") == "0")
        let imported = try server.run(["import"], stdin: records)
        #expect(imported.status == 0, "\(imported.summary)")
        #expect(try PostgresTestServer.psql(url, Self.indexIDs) != indexes, "the indexes were not rebuilt")
        // And the planner knows the tables as they now are (a sync's query read every task before).
        #expect(try PostgresTestServer.psql(url, """
            SELECT count(*) FROM pg_stat_user_tables WHERE relname IN ('lists', 'tasks', 'task_tags') AND last_analyze IS NOT NULL
            """) == "3")
        #expect(before.contains("tasks_search_words") && before.contains("FOREIGN KEY"), "\(before)")
        #expect(try PostgresTestServer.psql(url, schema) == before)
        // todo's own check compares the whole schema with a freshly migrated one.
        let checked = try server.run(["db", "check"])
        #expect(checked.status == 0, "\(checked.summary)")
        #expect(try PostgresTestServer.psql(url, "SELECT count(*), (SELECT open_count FROM lists), (SELECT count(*) FROM task_tags) FROM tasks")
                == "10000|10000|10000")
        #expect(try server.jsonArray(["search", "deja", "9999", "--json"]).map { $0["title"] as? String } == ["déjà task 9999"])
        #expect(try server.jsonArray(["list", "Big", "--tag", "n0", "--json"]).count == 3333)
        let undone = try server.run(["undo"])
        #expect(undone.status == 0, "\(undone.summary)")
        #expect(try PostgresTestServer.psql(url, "SELECT count(*) FROM tasks") == "0")
    }

    /// A dry run of a large import leaves the indexes alone (setting them aside would be rolled
    /// back anyway): with another session reading `tasks` in an open transaction it goes
    /// through, where the real import, which drops them, waits for that reader until the
    /// timeout and gives up in one line, keeping nothing.
    @Test func aLargeDryRunImportLeavesTheIndexesAlone() throws {
        let url = try PostgresTestServer.newDatabase()
        let server = try TodoRunner(environment: ["TODO_DB": url, "TODO_PG_STATEMENT_TIMEOUT": "1"])
        #expect(try server.run(["list"]).status == 0)
        let reader = try server.start(["psql", "-X", "-q", url, "-c", "BEGIN; SELECT count(*) FROM tasks; SELECT pg_sleep(15); COMMIT"],
                                      executable: "/usr/bin/env")
        try waitForASleepingSession(url, server)
        let records = Self.records(10_000, in: "Big")
        let dryRun = try server.run(["import", "--dry-run"], stdin: records)
        #expect(dryRun.status == 0, "\(dryRun.summary)")
        let real = try server.run(["import"], stdin: records)
        #expect(real.failedCleanly(with: 1, oneLine: true), "\(real.summary)")
        #expect(real.stderr.contains("took longer than 1 s (TODO_PG_STATEMENT_TIMEOUT)"), "\(real.stderr)")
        _ = reader.wait()
        #expect(try PostgresTestServer.psql(url, "SELECT count(*) FROM tasks") == "0")
    }

    /// A member of the team who does not own the tables imports as many tasks: the import adds
    /// to the indexes row by row (only an owner may drop them) and all of it lands.
    @Test func aLargeImportByAMemberWhoDoesNotOwnTheTables() throws {
        let url = try PostgresTestServer.newDatabase()
        let owner = try TodoRunner(environment: ["TODO_DB": url])
        #expect(try owner.run(["list"]).status == 0)
        let member = "member_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(12)
        try PostgresTestServer.psql(url, """
            CREATE ROLE \(member) LOGIN PASSWORD 'secret';
            GRANT ALL ON ALL TABLES IN SCHEMA public TO \(member);
            GRANT ALL ON ALL SEQUENCES IN SCHEMA public TO \(member)
            """)
        defer { _ = try? PostgresTestServer.psql(url, "DROP OWNED BY \(member); DROP ROLE \(member)") }
        let memberURL = url.replacingOccurrences(of: "://todo:todo@", with: "://\(member):secret@")
        let indexes = try PostgresTestServer.psql(url, Self.indexIDs)
        let imported = try owner.run(["import", "--db", memberURL], stdin: Self.records(10_000, in: "Big") { ",\"tags\":[\"t\($0 % 2)\"]" })
        #expect(imported.status == 0, "\(imported.summary)")
        #expect(try PostgresTestServer.psql(url, Self.indexIDs) == indexes)
        #expect(try PostgresTestServer.psql(url, "SELECT count(*), (SELECT open_count FROM lists), (SELECT count(*) FROM task_tags) FROM tasks")
                == "10000|10000|10000")
        #expect(try owner.run(["undo", "--db", memberURL]).status == 0)
    }

    /// the manual's set-up for a team: a role that owns the database and that each member's
    /// sessions act as (`ALTER ROLE … IN DATABASE … SET role`). Whoever comes first sets it up;
    /// every member then writes, imports the fast way (as an owner), undoes and checks it.
    @Test func everyMemberOfATeamSetUpAsReadmeSaysUsesItFully() throws {
        let team = try Team(members: ["ann", "bob"])
        try PostgresTestServer.psql(team.database, "CREATE EXTENSION IF NOT EXISTS unaccent")
        let (annURL, bobURL) = (team.url(of: "ann"), team.url(of: "bob"))
        let todo = try TodoRunner()

        #expect(try todo.run(["add", "Home", "from ann", "--db", annURL]).status == 0)
        #expect(try todo.run(["add", "Home", "from bob", "--db", bobURL]).status == 0)
        #expect(try todo.run(["done", "1", "--db", bobURL]).status == 0)
        let indexes = try PostgresTestServer.psql(team.database, Self.indexIDs)
        let imported = try todo.run(["import", "--db", bobURL], stdin: Self.records(10_000, in: "Big"))
        #expect(imported.status == 0, "\(imported.summary)")
        #expect(try PostgresTestServer.psql(team.database, Self.indexIDs) != indexes, "the import rebuilt the indexes, as an owner")
        #expect(try todo.run(["undo", "--db", annURL]).status == 0)
        #expect(try todo.jsonArray(["list", "--db", annURL]).map { $0["name"] as? String } == ["Home"])
        let checked = try todo.run(["db", "check", "--db", bobURL])
        #expect(checked.status == 0 && checked.stderr.isEmpty, "\(checked.summary)")
        #expect(try team.tableOwners() == team.owner)

        // A login not let in yet: one line that says what is wrong and who can fix it.
        let eveURL = try team.outsider("eve")
        for arguments in [["list"], ["add", "Home", "from eve"], ["db", "check"]] {
            let refused = try todo.run(arguments + ["--db", eveURL])
            #expect(refused.failedCleanly(with: 1, oneLine: true), "\(refused.summary)")
            #expect(refused.stderr.contains("this login may not use todo's tables there (permission denied for table schema_migrations); the database's owner lets a member in"),
                    "\(refused.stderr)")
        }
    }

    /// The schema belongs to the database's owner whoever sets it up: a superuser trying todo
    /// first on the team's database leaves it usable by every member. Tables that belong to
    /// someone else (set up so by an earlier todo) are named as the cause of a refusal.
    @Test func theSchemaIsTheTeamsWhoeverSetsItUp() throws {
        let team = try Team(members: ["ann"])
        let annURL = team.url(of: "ann")
        let todo = try TodoRunner()

        #expect(try todo.run(["add", "Home", "the admin tries it", "--db", team.database]).status == 0)
        #expect(try team.tableOwners() == team.owner)
        #expect(try todo.run(["add", "Home", "from ann", "--db", annURL]).status == 0)
        #expect(try todo.run(["db", "check", "--db", annURL]).status == 0)

        try PostgresTestServer.psql(team.database, "ALTER TABLE schema_migrations OWNER TO todo")
        let refused = try todo.run(["list", "--db", annURL])
        #expect(refused.failedCleanly(with: 1, oneLine: true), "\(refused.summary)")
        #expect(refused.stderr.contains("(permission denied for table schema_migrations): they belong to 'todo', not to the database's owner '\(team.owner)'"),
                "\(refused.stderr)")
    }

    /// A psql session left inside a transaction that wrote to `tasks`: an import waits for its
    /// lock no longer than the statement timeout, then says so in one line and keeps nothing.
    @Test func anImportBehindAnotherSessionsLockWaitsOnlyTheTimeout() throws {
        try expectGivingUp(behind: "BEGIN; LOCK TABLE tasks IN ROW EXCLUSIVE MODE; SELECT pg_sleep(8); COMMIT",
                           running: ["import"], stdin: Data("{\"list\":\"Inbox\",\"title\":\"blocked\"}\n".utf8))
    }

    /// An import recorded by an earlier todo kept its fingerprint by another formula (each row as
    /// text, tags included): undo still knows it as untouched, and as changed once it is.
    @Test func undoKnowsAnImportRecordedByAnEarlierTodo() throws {
        let url = try PostgresTestServer.newDatabase()
        let server = try TodoRunner(environment: ["TODO_DB": url])
        #expect(try server.run(["import"], stdin: Self.records(5, in: "Old") { _ in ",\"tags\":[\"x\"]" }).status == 0)
        let earlier = """
            UPDATE history SET imported_fingerprint = (
                SELECT coalesce(bit_xor(hashtextextended(ROW(t.id, t.list_id, t.title, t.notes, t.due, t.priority, t.done, t.created_at, t.updated_at,
                    t.completed_at, coalesce((SELECT string_agg(tag, ' ' ORDER BY todo_nocase(tag) COLLATE "C") FROM task_tags WHERE task_id = t.id), ''),
                    t.repeat, t.repeat_from)::text, 0)), 0)
                FROM tasks AS t WHERE t.id > imported_after AND t.id <= imported_through)
            WHERE imported_after IS NOT NULL
            """
        try PostgresTestServer.psql(url, earlier)
        try PostgresTestServer.psql(url, "UPDATE tasks SET title = 'changed by hand' WHERE id = 3")
        let refused = try server.run(["undo"])
        #expect(refused.status == 1 && refused.stderr.contains("some were changed since"), "\(refused.summary)")
        try PostgresTestServer.psql(url, "UPDATE tasks SET title = 'task 3' WHERE id = 3")
        let undone = try server.run(["undo"])
        #expect(undone.status == 0, "\(undone.summary)")
        #expect(try PostgresTestServer.psql(url, "SELECT count(*) FROM tasks") == "0")
    }

    /// The connection dropped (the server ends the session) during an import: one line, and
    /// nothing of it is there; imported again, all of it is.
    @Test func aDroppedConnectionDuringAnImportKeepsNothing() throws {
        let url = try PostgresTestServer.newDatabase()
        let server = try TodoRunner(environment: ["TODO_DB": url])
        let records = Self.records(50_000, in: "Big")
        let importing = try server.start(["import"], stdin: records)
        // Only this database's: tests run side by side, and another one's import is not ours.
        var killed = false
        for _ in 0..<100 where !killed {
            Thread.sleep(forTimeInterval: 0.05)
            let ended = try PostgresTestServer.psql(url, "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'todo' AND query LIKE 'COPY%'")
            killed = ended == "1"
        }
        let result = importing.wait()
        #expect(killed, "the import's connection was found and ended")
        #expect(result.failedCleanly(with: 1, oneLine: true), "\(result.summary)")
        #expect(result.stderr.contains("was lost during the command; nothing of it was kept"), "\(result.stderr)")
        #expect(try PostgresTestServer.psql(url, "SELECT count(*) FROM tasks") == "0")
        let again = try server.run(["import"], stdin: records)
        #expect(again.status == 0, "\(again.summary)")
        #expect(try PostgresTestServer.psql(url, "SELECT count(*), (SELECT open_count FROM lists) FROM tasks") == "50000|50000")
    }

    /// The server stopped during an import (as a crash stops it): one line, nothing imported;
    /// once it is back, the same import puts all of it in. A server of its own, so stopping it
    /// disturbs no other test.
    @Test func theServerStoppedDuringAnImportKeepsNothing() throws {
        let todo = try TodoRunner()
        let own = try OwnPostgresServer(), server = own.url
        try PostgresTestServer.psql(server, "CREATE DATABASE imports")
        let url = PostgresTestServer.database("imports", on: server)
        let records = Self.records(50_000, in: "Big")
        let importing = try todo.start(["import", "--db", url], stdin: records)
        var copying = false
        for _ in 0..<200 where !copying {
            Thread.sleep(forTimeInterval: 0.05)
            copying = (try? PostgresTestServer.psql(url, "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'todo' AND query LIKE 'COPY%'")) == "1"
        }
        #expect(copying, "the import was seen copying")
        let stopped = try own.run("stop")
        #expect(stopped.status == 0, "\(stopped.output)")
        let result = importing.wait()
        #expect(result.failedCleanly(with: 1, oneLine: true), "\(result.summary)")
        #expect(result.stderr.contains("was lost during the command; nothing of it was kept"), "\(result.stderr)")

        let restarted = try own.run("restart")
        #expect(restarted.status == 0, "\(restarted.output)")
        #expect(try PostgresTestServer.psql(url, "SELECT count(*) FROM tasks") == "0")
        let again = try todo.run(["import", "--db", url], stdin: records)
        #expect(again.status == 0, "\(again.summary)")
        #expect(try PostgresTestServer.psql(url, "SELECT count(*), (SELECT open_count FROM lists) FROM tasks") == "50000|50000")
    }
}
/// A team as the manual sets one up on the test server: a role that owns a database of its own,
/// and members who log in with passwords and act as it there. Dropped, with its roles, when
/// the test lets go of it.
final class Team {
    /// The names on the server: unique to this test, as the server is shared.
    private let suffix = UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(12)
    private let server: String
    private let name: String
    private var logins: [String] = []
    /// The owner role's name, and the URL of its database as the server's superuser.
    let owner: String
    let database: String

    init(members: [String]) throws {
        server = try PostgresTestServer.newDatabase()
        owner = "team_\(suffix)"
        name = "shared_\(suffix)"
        database = PostgresTestServer.database(name, on: server)
        try PostgresTestServer.psql(server, "CREATE ROLE \(owner) NOLOGIN")
        try PostgresTestServer.psql(server, "CREATE DATABASE \(name) OWNER \(owner)")
        for member in members {
            try login(member, "IN ROLE \(owner)")
            try PostgresTestServer.psql(server, "ALTER ROLE \(member)_\(suffix) IN DATABASE \(name) SET role = \(owner)")
        }
    }

    deinit {
        _ = try? PostgresTestServer.psql(server, "DROP DATABASE \(name)")
        _ = try? PostgresTestServer.psql(server, "DROP ROLE \((logins + [owner]).joined(separator: ", "))")
    }

    /// The database's URL as `member` logs in (the password is the name's first letter).
    func url(of member: String) -> String {
        database.replacingOccurrences(of: "://todo:todo@", with: "://\(member)_\(suffix):\(member.prefix(1))@")
    }

    /// A login that is not a member; its URL.
    func outsider(_ name: String) throws -> String {
        try login(name, "")
        return url(of: name)
    }

    /// Who owns todo's tables.
    func tableOwners() throws -> String {
        try PostgresTestServer.psql(database, "SELECT DISTINCT tableowner FROM pg_tables WHERE schemaname = 'public'")
    }

    private func login(_ name: String, _ roles: String) throws {
        try PostgresTestServer.psql(server, "CREATE ROLE \(name)_\(suffix) LOGIN PASSWORD '\(name.prefix(1))' \(roles)")
        logins.append("\(name)_\(suffix)")
    }
}
#endif
