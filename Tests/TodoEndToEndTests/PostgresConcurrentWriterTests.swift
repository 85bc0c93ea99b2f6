#if PostgreSQL
import Foundation
import Testing
import TodoTestSupport

/// psql takes none of todo's locks: a change it commits while a todo command waits for the same
/// row is never overwritten by what that command had read before (a lost update).
@Suite(.enabled(if: PostgresTestServer.url != nil, Comment(rawValue: PostgresTestServer.skipped)))
struct PostgresConcurrentWriterTests {
    /// psql holds task `id` and changes its title to `title`, committing after about a second.
    private func slowTitle(_ url: String, _ id: Int, _ title: String) throws -> Process {
        try PostgresTestServer.psqlInBackground(url, """
            BEGIN; SELECT id FROM tasks WHERE id = \(id) FOR UPDATE; SELECT pg_sleep(0.8);
            UPDATE tasks SET title = '\(title)' WHERE id = \(id); COMMIT;
            """)
    }

    @Test func doneAndDeleteRecordTheTaskAsPsqlLeftIt() throws {
        let url = try PostgresTestServer.newDatabase()
        let todo = try TodoRunner(environment: ["TODO_DB": url])
        let id = try todo.add("Home", "ferns")
        let slow = try slowTitle(url, id, "palms")
        let done = try todo.run(["done", String(id)])
        slow.waitUntilExit()
        #expect(done.status == 0 && slow.terminationStatus == 0, "\(done.summary)")
        // Undone: back to open, with psql's title, which the history recorded as it was.
        #expect(try todo.run(["undo"]).status == 0)
        #expect(try PostgresTestServer.psql(url, "SELECT title || ' ' || done FROM tasks WHERE id = \(id)") == "palms false")

        let again = try slowTitle(url, id, "cacti")
        let removed = try todo.run(["rm", String(id)])
        again.waitUntilExit()
        #expect(removed.status == 0, "\(removed.summary)")
        #expect(try todo.run(["undo"]).status == 0)
        #expect(try PostgresTestServer.psql(url, "SELECT title FROM tasks WHERE id = \(id)") == "cacti", "put back as psql left it")
    }

    /// psql removes a tag while `done` waits for the task: the task is shown, recorded and undone
    /// with the tags psql left. (A read that waits for the row's lock sees the row as committed
    /// meanwhile but its tags as they were when the read started.)
    @Test func aDoneThatWaitedForPsqlsTagsHasThem() throws {
        let url = try PostgresTestServer.newDatabase()
        let todo = try TodoRunner(environment: ["TODO_DB": url])
        let id = try todo.add("Home", "ferns", ["--tag", "shop", "--tag", "keep"])
        let slow = try PostgresTestServer.psqlInBackground(url, """
            BEGIN; SELECT id FROM tasks WHERE id = \(id) FOR UPDATE;
            DELETE FROM task_tags WHERE task_id = \(id) AND tag = 'shop'; SELECT pg_sleep(0.8); COMMIT;
            """)
        let done = try todo.run(["done", String(id), "--json"])
        slow.waitUntilExit()
        #expect(done.status == 0 && slow.terminationStatus == 0, "\(done.summary)")
        #expect(done.stdout.contains(#""tags":["keep"]"#), "\(done.stdout)")
        #expect(try todo.run(["undo"]).status == 0, "the change recorded is the one stored")
        #expect(try PostgresTestServer.psql(url, "SELECT string_agg(tag, ' ') || ' ' || done FROM tasks JOIN task_tags ON task_id = id WHERE id = \(id) GROUP BY done") == "keep false")
    }

    /// An undo that waits for psql's change finds the task changed since, and refuses, rather
    /// than putting back over it what the history says.
    @Test func anUndoThatWaitedForPsqlRefusesRatherThanOverwrite() throws {
        let url = try PostgresTestServer.newDatabase()
        let todo = try TodoRunner(environment: ["TODO_DB": url])
        let id = try todo.add("Home", "ferns")
        try todo.succeed(["edit", String(id), "--priority", "high"])
        let slow = try slowTitle(url, id, "palms")
        let undo = try todo.run(["undo"])
        slow.waitUntilExit()
        #expect(undo.status == 1 && undo.stderr.contains("was changed or deleted since"), "\(undo.summary)")
        #expect(try PostgresTestServer.psql(url, "SELECT title || ' ' || priority FROM tasks WHERE id = \(id)") == "palms high")
    }
}
#endif
