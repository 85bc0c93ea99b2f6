#if PostgreSQL
import Foundation
import Testing
import TodoTestSupport

/// Blocks of task ids reserved on a PostgreSQL database for the files that sync with it
/// (migration `postgres/0005`, issue 30's rule 7): disjoint, past every id there is, and every id
/// handed out afterwards, by todo or by psql, is past every block.
@Suite(.enabled(if: PostgresTestServer.url != nil, Comment(rawValue: PostgresTestServer.skipped)))
struct HubIDBlockTests {
    @Test func blocksNeverOverlapEachOtherOrAnyIdHandedOut() throws {
        let url = try PostgresTestServer.newDatabase()
        let todo = try TodoRunner(environment: ["TODO_DB": url])
        let first = try todo.add("Home", "one")
        let laptop = try PostgresTestServer.psql(url, "SELECT first || ' ' || last FROM todo_reserve_ids(10000, 'laptop')")
        let desktop = try PostgresTestServer.psql(url, "SELECT first || ' ' || last FROM todo_reserve_ids(500, 'desktop')")
        #expect(laptop == "\(first + 1) \(first + 10000)")
        #expect(desktop == "\(first + 10001) \(first + 10500)")
        // Added here afterwards, by todo and by psql: past both.
        let added = try todo.add("Home", "two")
        #expect(added == first + 10501)
        let written = try PostgresTestServer.psql(url, "INSERT INTO tasks (list_id, title, created_at, updated_at) VALUES (1, 'three', '2026-11-26T10:00:00Z', '2026-11-26T10:00:00Z') RETURNING id")
        #expect(written == "\(first + 10502)")
        // A task a file sends with an id of its block keeps it, and moves nothing.
        try PostgresTestServer.psql(url, "INSERT INTO tasks (id, list_id, title, created_at, updated_at) VALUES (\(first + 5), 1, 'offline', '2026-11-26T10:00:00Z', '2026-11-26T10:00:00Z')")
        #expect(try todo.add("Home", "four") == first + 10503)
        #expect(try PostgresTestServer.psql(url, "SELECT holder FROM id_blocks ORDER BY first") == "laptop\ndesktop")
        #expect(throws: (any Error).self) { try PostgresTestServer.psql(url, "SELECT * FROM todo_reserve_ids(0, 'none')") }
        #expect(try todo.run(["db", "check"]).status == 0)
    }

    /// Two reservations at once: the second waits for the first and starts past it.
    @Test func twoReservationsAtOnceAreDisjoint() throws {
        let url = try PostgresTestServer.newDatabase()
        let todo = try TodoRunner(environment: ["TODO_DB": url])
        _ = try todo.add("Home", "one")
        let slow = try PostgresTestServer.psqlInBackground(url, "BEGIN; SELECT * FROM todo_reserve_ids(100, 'a'); SELECT pg_sleep(1); COMMIT;")
        try PostgresTestServer.psql(url, "SELECT * FROM todo_reserve_ids(100, 'b')")
        slow.waitUntilExit()
        let blocks = try PostgresTestServer.psql(url, "SELECT holder || ' ' || first || ' ' || last FROM id_blocks ORDER BY first")
        #expect(blocks == "a 2 101\nb 102 201", "\(blocks)")
    }
}
#endif
