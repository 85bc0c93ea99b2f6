#if PostgreSQL
import Foundation
import Testing
import TodoTestSupport

/// What changed on a PostgreSQL database since a reader's last snapshot (migration
/// `postgres/0004`), which the files that sync with it (issue 30) will read: every list and task
/// carries the transaction that last wrote it, a deleted one leaves its uuid behind, and
/// whoever writes (todo or psql, in any session), a change is read once its transaction has
/// committed, whatever the order of commits.
@Suite(.enabled(if: PostgresTestServer.url != nil, Comment(rawValue: PostgresTestServer.skipped)))
struct HubOrderTests {
    /// The snapshot a reader would keep after reading now.
    private func snapshot(_ url: String) throws -> String {
        try PostgresTestServer.psql(url, "SELECT pg_current_snapshot()")
    }

    /// What changed since `last`, as a reader asks it: `task TITLE`, `list NAME`, `deleted task`.
    private func changed(_ url: String, since last: String) throws -> [String] {
        let unseen = "changed_in >= pg_snapshot_xmin('\(last)') AND NOT pg_visible_in_snapshot(changed_in, '\(last)')"
        let text = try PostgresTestServer.psql(url, """
            SELECT 'list ' || name FROM lists WHERE \(unseen)
            UNION ALL SELECT 'task ' || title FROM tasks WHERE \(unseen)
            UNION ALL SELECT 'deleted ' || kind FROM deleted_rows WHERE \(unseen) ORDER BY 1
            """)
        return text.isEmpty ? [] : text.components(separatedBy: "\n")
    }

    @Test func everyWriteMarksWhatItChangedWhoeverWroteIt() throws {
        let url = try PostgresTestServer.newDatabase()
        let todo = try TodoRunner(environment: ["TODO_DB": url])
        var last = try snapshot(url)
        let ferns = try todo.add("Home", "ferns")
        let mum = try todo.add("Home", "mum")
        #expect(try changed(url, since: last) == ["list Home", "task ferns", "task mum"])

        // Each write, and exactly what it changed, since the snapshot before it.
        func step(_ write: () throws -> Void, _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
            last = try snapshot(url)
            try write()
            #expect(try changed(url, since: last) == expected, sourceLocation: sourceLocation)
        }
        try step({ try PostgresTestServer.psql(url, "UPDATE tasks SET title = 'palms' WHERE id = \(ferns)") }, ["task palms"])
        try step({ try todo.succeed(["edit", String(ferns), "-t", "plants"]) }, ["task palms"])
        try step({ try PostgresTestServer.psql(url, "UPDATE task_tags SET tag = 'PLANTS' WHERE task_id = \(ferns)") }, ["task palms"])
        try step({ try PostgresTestServer.psql(url, "UPDATE task_tags SET task_id = \(mum) WHERE task_id = \(ferns)") }, ["task mum", "task palms"])
        try step({ try PostgresTestServer.psql(url, "DELETE FROM task_tags") }, ["task mum"])
        try step({ try todo.succeed(["done", String(mum)]) }, ["task mum"])
        // A list changes by its name, not by its counts.
        try step({ try todo.succeed(["rename-list", "Home", "House"]) }, ["list House"])
        // By hand, with the triggers told to stay quiet, or a value of one's own: marked all the same.
        try step({ try PostgresTestServer.psql(url, "SET session_replication_role = replica; UPDATE tasks SET notes = 'x' WHERE id = \(ferns)") }, ["task palms"])
        try step({ try PostgresTestServer.psql(url, "UPDATE tasks SET changed_in = '1' WHERE id = \(mum)") }, ["task mum"])
        try step({
            try PostgresTestServer.psql(url, "INSERT INTO tasks (list_id, title, created_at, updated_at, changed_in) VALUES (1, 'by hand', '2026-11-26T10:00:00Z', '2026-11-26T10:00:00Z', '1')")
        }, ["task by hand"])
        try step({ try todo.succeed(["rm", String(mum)]) }, ["deleted task"])
        try step({ try todo.succeed(["delete-list", "House", "--force"]) }, ["deleted list", "deleted task", "deleted task"])
        // Undone: the rows are there again, changed after their deletion.
        try step({ try todo.succeed(["undo"]) }, ["list House", "task by hand", "task palms"])
        try step({ try PostgresTestServer.psql(url, "TRUNCATE lists CASCADE") }, ["deleted list", "deleted task", "deleted task"])
        #expect(try todo.run(["db", "check"]).status == 0)
    }

    /// A transaction still open when a reader reads is read the next time; and holding a task
    /// FOR UPDATE while todo edits it is a wait, not a deadlock.
    @Test func aChangeCommittedAfterAReadIsReadTheNextTime() throws {
        let url = try PostgresTestServer.newDatabase()
        let todo = try TodoRunner(environment: ["TODO_DB": url])
        let a = try todo.add("Home", "a")
        let first = try snapshot(url)
        let slow = try PostgresTestServer.psqlInBackground(url, """
            BEGIN; SELECT id FROM tasks WHERE id = \(a) FOR UPDATE; SELECT pg_sleep(1);
            UPDATE tasks SET title = 'slow' WHERE id = \(a); SELECT pg_sleep(1); COMMIT;
            """)
        let edit = try todo.start(["edit", String(a), "--priority", "high"])  // waits for the row
        Thread.sleep(forTimeInterval: 1.2)
        // Read while the slow one is open, its change made: not there yet.
        #expect(try changed(url, since: first).isEmpty)
        let second = try snapshot(url)
        slow.waitUntilExit()
        let edited = edit.wait()
        #expect(slow.terminationStatus == 0 && edited.status == 0, "\(edited.summary)")
        // Read the next time, with todo's edit after it, which waited for the row and kept the
        // slow one's title (it wrote back the title it had read before, once).
        #expect(try changed(url, since: second) == ["task slow"])
        #expect(try PostgresTestServer.psql(url, "SELECT title || ' ' || priority FROM tasks WHERE id = \(a)") == "slow high")
    }

    /// An import marks its tasks with its transaction once, tags and all.
    @Test func anImportMarksItsTasks() throws {
        let url = try PostgresTestServer.newDatabase()
        let todo = try TodoRunner(environment: ["TODO_DB": url])
        _ = try todo.add("Home", "before")
        let last = try snapshot(url)
        let records = (1...300).map { #"{"list":"L\#($0 % 3)","title":"t\#($0)","tags":["a","b\#($0 % 5)"]}"# }.joined(separator: "\n")
        #expect(try todo.run(["import"], stdin: Data(records.utf8)).status == 0)
        let seen = try changed(url, since: last)
        #expect(seen.count == 303 && !seen.contains("task before"))
        #expect(try PostgresTestServer.psql(url, "SELECT count(DISTINCT changed_in) FROM tasks WHERE title <> 'before'") == "1")
    }
}
#endif
