import Foundation
import Testing
import TodoTestSupport
import TodoSQLite

/// Issue 10, section 3: what a user writes by hand in sqlite3 either keeps everything consistent
/// or is caught by `todo db check` (and put right by `--repair` where it can be).
@Suite struct HandEditTests {
    static func seeded() throws -> (TodoRunner, Database) {
        let todo = try TodoRunner()
        try todo.add("Home", "water the plants")
        try todo.add("Work", "write the report", ["--notes", "quarterly numbers"])
        try todo.add("Work", "call the bank")
        return (todo, Database(path: todo.databasePath))
    }

    @Test func changingATasksIdOrListByHandKeepsCountsAndSearch() throws {
        let (todo, db) = try Self.seeded()
        try db.execute("UPDATE tasks SET id = 1000 WHERE id = 2")
        try db.execute("UPDATE tasks SET list_id = (SELECT id FROM lists WHERE name = 'Home') WHERE id = 3")
        #expect(try db.problems().isEmpty)
        try todo.succeed(["db", "check"])
        #expect(try todo.jsonArray(["search", "quarterly"]).map { $0["id"] as? Int } == [1000])
        let lists = try todo.jsonArray(["list"]).map { [$0["name"] as? String, String(describing: $0["open"] ?? "")] }
        #expect(lists == [["Home", "2"], ["Work", "1"]])
    }

    @Test func insertOrReplaceByHandIsCaughtAndRepaired() throws {
        let (todo, db) = try Self.seeded()
        // REPLACE deletes the old row without its delete triggers (SQLite runs them only with
        // recursive_triggers on), so the count and the search index miss the deletion.
        try db.execute("""
            INSERT OR REPLACE INTO tasks (id, list_id, title, created_at, updated_at)
            VALUES (2, (SELECT id FROM lists WHERE name = 'Home'), 'replaced by hand', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')
            """)
        let check = try todo.run(["db", "check"])
        #expect(check.status == 1)
        #expect(check.stderr.contains("counts: list 'Work' records 2 open"), "\(check.stderr)")
        #expect(check.stderr.contains("search index:"), "\(check.stderr)")

        let repair = try todo.run(["db", "check", "--repair"])
        #expect(repair.status == 0, "\(repair.summary)")
        #expect(repair.stdout == "\(todo.databasePath): ok\n")
        #expect(repair.stderr.contains("todo: repaired: counts: list 'Work'"), "\(repair.stderr)")
        #expect(try db.problems().isEmpty)
        #expect(try todo.jsonArray(["search", "quarterly"]).isEmpty)
        #expect(try todo.jsonArray(["search", "replaced"]).map { $0["id"] as? Int } == [2])
    }

    @Test func everyCheckRunsAndReportsEveryProblem() throws {
        let (todo, db) = try Self.seeded()
        // Counts out of step AND a value the schema forbids: both are reported.
        try db.execute("""
            PRAGMA ignore_check_constraints = ON;
            UPDATE lists SET open_count = 9 WHERE name = 'Home';
            UPDATE tasks SET priority = '7' WHERE id = 1;
            UPDATE tasks SET title = '' WHERE id = 3;
            """)
        let check = try todo.run(["db", "check"])
        #expect(check.status == 1)
        for expected in ["counts: list 'Home' records 9 open", "task 1: priority '7' is not none, low, medium or high", "task 3: its title is empty"] {
            #expect(check.stderr.contains(expected), "\(expected) in \(check.stderr)")
        }
    }

    /// Text that is not UTF-8 is read with U+FFFD for its bytes; a write of the task would store
    /// that, and record it for an undo that could then never match: it is refused, the bytes kept.
    @Test func textThatIsNotUTF8IsNeverWrittenBackChanged() throws {
        let (todo, db) = try Self.seeded()
        try db.execute("""
            UPDATE tasks SET title = CAST(x'ff41' AS TEXT) WHERE id = 1;
            UPDATE tasks SET notes = CAST(x'6e6fe2' AS TEXT) WHERE id = 2;
            INSERT INTO task_tags (task_id, tag) VALUES (3, CAST(x'67ff' AS TEXT));
            UPDATE lists SET name = CAST(x'57fe' AS TEXT) WHERE name = 'Home';
            """)
        let stored = try db.rows("SELECT hex(title), hex(notes), updated_at FROM tasks ORDER BY id")
        for (arguments, field) in [(["edit", "1", "--priority", "high"], "task 1's title"), (["done", "1"], "task 1's title"),
                                   (["rm", "1"], "task 1's title"), (["edit", "2", "--title", "renamed"], "task 2's notes"),
                                   (["done", "3"], "task 3's tag")] {
            let result = try todo.run(arguments)
            #expect(result.failedCleanly(with: 1, oneLine: true), "\(arguments): \(result.summary)")
            #expect(result.stderr.contains("\(field) in the database is not UTF-8 text"), "\(arguments): \(result.stderr)")
        }
        #expect(try db.rows("SELECT hex(title), hex(notes), updated_at FROM tasks ORDER BY id") == stored)
        // A task already as asked changes nothing: it is said so, whatever its text.
        let finished = try todo.add("Work", "finished")
        try todo.succeed(["done", String(finished)])
        try db.execute("UPDATE tasks SET title = CAST(x'ff42' AS TEXT) WHERE id = \(finished)")
        let again = try todo.run(["done", String(finished)])
        #expect(again.status == 0 && again.stdout.lowercased().contains("already done"), "\(again.summary)")
        let check = try todo.run(["db", "check"])
        #expect(check.status == 1)
        for finding in ["task 1: its title is not UTF-8 text", "task 2: its notes are not UTF-8 text", "task 3: tag 'g\u{FFFD}' is not UTF-8 text",
                        "its name 'W\u{FFFD}' is not UTF-8 text"] {
            #expect(check.stderr.contains(finding), "\(finding) in \(check.stderr)")
        }
    }

    @Test func aForbiddenValueIsNeverShownAsAnotherValidOne() throws {
        let (todo, db) = try Self.seeded()
        try db.execute("PRAGMA ignore_check_constraints = ON; UPDATE tasks SET priority = '7' WHERE id = 1")
        for arguments in [["list", "Home"], ["list", "Home", "--json"], ["show", "1"], ["export"]] {
            let result = try todo.run(arguments)
            #expect(result.status == 1, "\(arguments): \(result.summary)")
            #expect(result.stderr.contains("task 1 holds priority '7' in the database"), "\(arguments): \(result.stderr)")
            #expect(!result.stdout.contains("\"priority\":\"none\""), "\(arguments)")
        }
        try db.execute("PRAGMA ignore_check_constraints = ON; UPDATE tasks SET priority = 'none', due = '2026-13-45' WHERE id = 1")
        #expect(try todo.run(["show", "1"]).stderr.contains("task 1 holds due '2026-13-45'"))
        // An empty title is shown as what it is: empty.
        try db.execute("PRAGMA ignore_check_constraints = ON; UPDATE tasks SET due = NULL, title = '' WHERE id = 1")
        #expect(try todo.jsonArray(["show", "1"]).first?["title"] as? String == "")
    }

    @Test func timestampsWrittenBySQLiteFunctionsExportInTheContractsForm() throws {
        let (todo, db) = try Self.seeded()
        try db.execute("""
            UPDATE tasks SET created_at = '2026-11-22 09:30:00', updated_at = '2026-11-22 09:30:00.123' WHERE id = 1;
            UPDATE tasks SET created_at = '2026-11-22T11:30:00+02:00', updated_at = '2461367.5' WHERE id = 2;
            UPDATE tasks SET created_at = '2026-11-22', updated_at = '2026-11-22T09:30' WHERE id = 3;
            """)
        try todo.succeed(["db", "check"])
        let tasks = try todo.jsonArray(["export", "--format", "json"])
        #expect(tasks.map { $0["created_at"] as? String } == ["2026-11-22T09:30:00Z", "2026-11-22T09:30:00Z", "2026-11-22T00:00:00Z"])
        #expect(tasks.map { $0["updated_at"] as? String } == ["2026-11-22T09:30:00Z", "2026-11-23T00:00:00Z", "2026-11-22T09:30:00Z"])
        // So an export imports back, field for field.
        let copy = todo.directory.path("copy.db")
        let exported = try todo.run(["export"])
        let imported = try todo.run(["import", "--keep-ids", "--db", copy], stdin: exported.stdoutBytes)
        #expect(imported.status == 0, "\(imported.summary)")
        #expect(try todo.run(["export", "--db", copy]).stdout == exported.stdout)
        // A time that is no time at all is shown as written, and db check names it.
        try db.execute("UPDATE tasks SET created_at = 'last tuesday' WHERE id = 1")
        #expect(try todo.jsonArray(["show", "1"]).first?["created_at"] as? String == "last tuesday")
        let check = try todo.run(["db", "check"])
        #expect(check.stderr.contains("task 1: created_at 'last tuesday' is not a time"), "\(check.stderr)")
    }

    @Test func dbCheckWaitsAsLongAsTheBusyTimeoutSays() throws {
        let (todo, db) = try Self.seeded()
        // Its check of the search index runs as a write, so a writer holding the lock makes it wait.
        let lock = try ParallelProcessTests.holdWriteLock(db.path)
        defer { try? lock.execute("ROLLBACK") }
        let started = Date()
        let check = try todo.run(["db", "check"], environment: ["TODO_BUSY_TIMEOUT": "200"])
        #expect(check.failedCleanly(with: 1, oneLine: true), "\(check.summary)")
        #expect(check.stderr.contains("busy"), "\(check.stderr)")
        #expect(check.stderr.contains("200 ms"), "\(check.stderr)")
        #expect(Date().timeIntervalSince(started) < 4, "db check waited its old fixed 5 s instead of 200 ms")
    }
}
