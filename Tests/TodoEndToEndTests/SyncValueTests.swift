#if PostgreSQL
import Foundation
import Testing
import TodoTestSupport

/// What a second sweep of `todo sync` found: values lost or carried where they break things (a
/// due date and the repeat that needs it merged apart, a moment of done edited by hand, values
/// todo cannot read crossing a sync in either direction), and a time limit named wrong.
@Suite(.enabled(if: PostgresTestServer.url != nil, Comment(rawValue: PostgresTestServer.skipped)))
struct SyncValueTests {
    typealias Team = SyncTests.Team

    private func conflicts(_ report: [String: Any]) -> [String] {
        (report["conflicts"] as? [[String: Any]] ?? []).map {
            "\($0["field"] as? String ?? "") kept \($0["kept"] as? String ?? "none") yours \($0["yours"] as? String ?? "none")"
        }
    }

    /// One machine changes the rule, the other takes the due date (and so the repeat) away: the
    /// two go together, so the hub's pair stays, and this file's values of both are set aside
    /// once each. The date went, the hub's rule with it, and two conflicts said opposite things.
    @Test func aRepeatAndTheDueDateItNeedsStayTogether() throws {
        let team = try Team(machines: 2)
        let id = try team.sharing("Home", "rent", ["--due", "2026-12-01", "--repeat", "weekly"])
        try team[0].succeed(["edit", "\(id)", "--repeat", "2w"])
        _ = try team.sync(0)
        try team[1].succeed(["edit", "\(id)", "--no-due", "--no-repeat"])
        let report = try team.sync(1)
        #expect(conflicts(report) == ["due kept 2026-12-01 yours none", "repeat kept 2w yours none"], "\(report)")
        #expect(try PostgresTestServer.psql(team.hub, "SELECT due || ' ' || repeat FROM tasks WHERE id = \(id)") == "2026-12-01 2w")
        try team.converge()
    }

    /// The moment a task was done, changed by hand on one machine only, is a change like any
    /// other: sent, not put back from the hub as "received".
    @Test func aMomentOfDoneChangedByHandIsSent() throws {
        let team = try Team(machines: 2)
        let id = try team.sharing("Home", "rent")
        try team[0].succeed(["done", "\(id)"])
        _ = try team.sync(0)
        _ = try team.sync(1)
        try sqlite3(team[0].databasePath, "UPDATE tasks SET completed_at = '2026-01-01T00:00:00Z' WHERE id = \(id)")
        let report = try team.sync(0)
        #expect(report["sent"] as? Int == 1 && report["received"] as? Int == 0, "\(report)")
        #expect(try PostgresTestServer.psql(team.hub, "SELECT completed_at FROM tasks WHERE id = \(id)") == "2026-01-01T00:00:00Z")
        _ = try team.sync(1)
        #expect(try team[1].jsonArray(["show", "\(id)"]).first?["completed_at"] as? String == "2026-01-01T00:00:00Z")
    }

    /// More text than todo keeps, written on the hub with psql, stops the sync there: it came
    /// into every file, and `todo db check` then failed on each.
    @Test func moreTextThanTodoKeepsOnTheHubStopsTheSync() throws {
        let team = try Team(machines: 2)
        let id = try team.sharing("Home", "rent")
        try PostgresTestServer.psql(team.hub, "UPDATE tasks SET title = repeat('x', 200000) WHERE id = \(id)")
        let before = try team[1].succeed(["export"]).stdout
        let sync = try team[1].run(["sync"])
        #expect(sync.failedCleanly(with: 1, oneLine: true), "\(sync.summary)")
        #expect(sync.stderr.contains("the hub's task \(id) holds what todo cannot read: a task's title, notes and tags hold at most"), "\(sync.stderr)")
        #expect(try team[1].succeed(["export"]).stdout == before)
    }

    /// A value written into a linked file by hand that todo cannot read stops the sync here,
    /// naming the row, the hub as it was: it reached the hub, and every other file's sync then
    /// stopped on it (or PostgreSQL refused it with its own words, for a list's name).
    @Test(arguments: [
        ("UPDATE tasks SET created_at = 'yesterday' WHERE title = 'rent'", "task", "created_at 'yesterday' is not a time"),
        ("PRAGMA ignore_check_constraints = ON; INSERT INTO task_tags (task_id, tag) SELECT id, 'two words' FROM tasks WHERE title = 'rent'",
         "task", "tag 'two words' is not one word"),
        ("PRAGMA ignore_check_constraints = ON; UPDATE lists SET name = ' Padded ' WHERE name = 'Home'", "list", "has spaces around it"),
    ])
    func aValueHereTodoCannotReadIsNotSent(_ change: String, _ row: String, _ problem: String) throws {
        let team = try Team(machines: 2)
        _ = try team.sharing("Home", "rent")
        let hub = try team.hubTasks()
        try sqlite3(team[0].databasePath, change)
        let sync = try team[0].run(["sync"])
        #expect(sync.failedCleanly(with: 1, oneLine: true), "\(sync.summary)")
        #expect(sync.stderr.contains("this file's \(row) 1 holds what todo cannot read:") && sync.stderr.contains(problem), "\(sync.stderr)")
        #expect(try team.hubTasks() == hub && team[0].run(["db", "check"]).status == 1)
        #expect(try team.sync(1)["received"] as? Int == 0, "the other file syncs as before")
    }

    /// Two lists renamed on two machines onto one name in two spellings become one, as before,
    /// under the spelling that reached the hub first; the other is set aside as a conflict of
    /// `name`. It took the second machine's spelling, without a word.
    @Test func aRenameOntoTheHubsNameInAnotherSpellingKeepsTheHubs() throws {
        let team = try Team(machines: 2)
        try team[0].add("B", "b1")
        _ = try team.sharing("A", "a1")
        try team[0].succeed(["rename-list", "A", "Work"])
        _ = try team.sync(0)
        try team[1].succeed(["rename-list", "B", "WORK"])
        let report = try team.sync(1)
        #expect(conflicts(report) == ["name kept Work yours WORK"], "\(report)")
        try team.converge()
        #expect(try PostgresTestServer.psql(team.hub, "SELECT string_agg(name, ' ') FROM lists") == "Work")
        for index in 0..<2 { #expect(try team[index].jsonArray(["list"]).map { $0["name"] as? String } == ["Work"], "machine \(index)") }
    }

    /// A sync that waits past its limit says which variable set it: a sync's is
    /// TODO_SYNC_TIMEOUT, not the TODO_PG_STATEMENT_TIMEOUT of commands on a server.
    @Test func aSyncPastItsLimitNamesTheVariableThatSetIt() throws {
        let team = try Team(machines: 1)
        _ = try team.sharing("Home", "milk")
        let holder = try PostgresTestServer.psqlInBackground(team.hub, "BEGIN; LOCK TABLE tasks; SELECT pg_sleep(4); COMMIT;")
        let add = try team[0].run(["add", "Home", "bread"], environment: ["TODO_SYNC_AUTO": "on", "TODO_SYNC_TIMEOUT": "1"])
        holder.waitUntilExit()
        #expect(add.status == 0 && add.stderr.contains("todo: not synced (") && add.stderr.contains("(TODO_SYNC_TIMEOUT)"), "\(add.summary)")
        #expect(!add.stderr.contains("TODO_PG_STATEMENT_TIMEOUT"), "\(add.stderr)")
    }
}
#endif
