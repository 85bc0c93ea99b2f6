#if PostgreSQL
import Foundation
import Testing
import TodoTestSupport

/// The lists' counts and `data_version` on a PostgreSQL database (postgres/0008): written only
/// where they change, once a transaction, and, between `todo_count_later()` and
/// `todo_count_now()` (what a sync does), once at the end.
@Suite(.enabled(if: PostgresTestServer.url != nil, Comment(rawValue: PostgresTestServer.skipped)))
struct HubCountTests {
    static let now = "'2026-01-01T00:00:00Z'"

    /// The counts of each list, as `todo list` shows them: name open done.
    private func counts(_ todo: TodoRunner) throws -> [String] {
        try todo.jsonArray(["list"]).map { "\($0["name"] ?? "") \($0["open"] ?? "") \($0["done"] ?? "")" }
    }

    @Test func countsNotedForLaterAreWrittenOnceAtTheEndAndAddUp() throws {
        let url = try PostgresTestServer.newDatabase()
        let todo = try TodoRunner(environment: ["TODO_DB": url])
        for title in ["moved", "finished", "deleted", "renamed"] { try todo.add("Home", title) }
        try todo.succeed(["done", String(try todo.add("Work", "filed"))])
        #expect(try counts(todo) == ["Home 4 0", "Work 0 1"])
        let printed = try PostgresTestServer.psql(url, """
            BEGIN;
            SELECT todo_count_later();
            INSERT INTO tasks (list_id, title, created_at, updated_at) SELECT id, 'new', \(Self.now), \(Self.now) FROM lists WHERE name = 'Work';
            UPDATE tasks SET list_id = (SELECT id FROM lists WHERE name = 'Work') WHERE title = 'moved';
            UPDATE tasks SET done = true, completed_at = \(Self.now) WHERE title = 'finished';
            DELETE FROM tasks WHERE title = 'deleted';
            UPDATE tasks SET title = 'named again' WHERE title = 'renamed';
            SELECT string_agg(name || ' ' || open_count || ' ' || done_count, ', ' ORDER BY name) FROM lists;
            SELECT todo_count_now();
            SELECT string_agg(name || ' ' || open_count || ' ' || done_count, ', ' ORDER BY name) FROM lists;
            COMMIT;
            """)
        let lines = printed.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        #expect(lines == ["Home 4 0, Work 0 1", "Home 1 1, Work 2 1"], "unchanged until the end, then each change counted once")
        #expect(try counts(todo) == ["Home 1 1", "Work 2 1"])
        #expect(try todo.succeed(["db", "check"]).stdout.contains("ok"))
    }

    @Test func anEditThatChangesNoCountLeavesTheListUnwritten() throws {
        let url = try PostgresTestServer.newDatabase()
        let todo = try TodoRunner(environment: ["TODO_DB": url])
        let id = try todo.add("Home", "ferns")
        let version = "SELECT xmin FROM lists WHERE name = 'Home'"
        let before = try PostgresTestServer.psql(url, version)
        try todo.succeed(["edit", String(id), "--title", "palms", "--priority", "high"])
        #expect(try PostgresTestServer.psql(url, version) == before, "a title and a priority change no count")
        try todo.succeed(["done", String(id)])
        #expect(try PostgresTestServer.psql(url, version) != before)
        #expect(try counts(todo) == ["Home 0 1"])
    }

    @Test func dataVersionMovesOnceATransaction() throws {
        let url = try PostgresTestServer.newDatabase()
        let todo = try TodoRunner(environment: ["TODO_DB": url])
        let id = try todo.add("Home", "ferns")
        let version = { try Int(PostgresTestServer.psql(url, "SELECT version FROM data_version")) ?? -1 }
        let before = try version()
        try PostgresTestServer.psql(url, """
            BEGIN; UPDATE tasks SET title = 'palms' WHERE id = \(id); INSERT INTO task_tags (task_id, tag) VALUES (\(id), 'green');
            UPDATE lists SET name = 'House'; COMMIT;
            """)
        #expect(try version() == before + 1)
        try PostgresTestServer.psql(url, "UPDATE tasks SET title = 'cacti' WHERE id = \(id)")
        #expect(try version() == before + 2, "the next transaction moves it again")
    }
}
#endif
