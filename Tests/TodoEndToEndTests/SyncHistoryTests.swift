#if PostgreSQL
import Foundation
import Testing
import TodoTestSupport

/// Issue 30's rule 9: what a sync receives is one change of the file's history, shown as
/// received and never undone there; undo undoes this file's own newest change, sent or not, and
/// refuses one whose rows a received change touched since.
@Suite(.enabled(if: PostgresTestServer.url != nil, Comment(rawValue: PostgresTestServer.skipped)))
struct SyncHistoryTests {
    typealias Team = SyncTests.Team

    @Test func receivedChangesAreInTheHistoryAndUndoPassesOverThem() throws {
        let team = try Team(machines: 2)
        let milk = try team.sharing("Home", "milk")
        try team[1].succeed(["edit", "\(milk)", "--title", "oat milk", "--tag", "dairy"])
        let bread = try team[1].add("Home", "bread")
        _ = try team.sync(1)
        let report = try team[0].add("Work", "report")
        _ = try team.sync(0)
        _ = try team.sync(1)

        let history = try team[0].jsonArray(["history"])
        #expect(history.first?["command"] as? String == "sync", "\(history)")
        #expect((history.first?["summary"] as? String)?.hasPrefix("received from postgres://") == true, "\(history)")
        #expect((history.first?["summary"] as? String)?.hasSuffix(": 2 tasks") == true, "\(history)")
        let recorded = try sqliteValue(team[0].databasePath, """
            SELECT group_concat(task_id || ':' || coalesce(before_title, '-') || '>' || coalesce(after_title, '-') || ':' || coalesce(after_tags, '-'), ' ')
            FROM (SELECT * FROM history_tasks WHERE change_id = (SELECT max(id) FROM history) ORDER BY task_id)
            """)
        #expect(recorded == "\(milk):milk>oat milk:dairy \(bread):->bread:", "\(recorded)")

        // Undo passes over the received change to this file's own: the add of `report`.
        let undone = try team[0].succeed(["undo"])
        #expect(undone.stdout.contains("add Work report"), "\(undone.stdout)")
        // The add of `milk` comes next, and the received change touched its task since.
        let refused = try team[0].run(["undo"])
        #expect(refused.failedCleanly(with: 1, oneLine: true) && refused.stderr.contains("task \(milk) was changed"), "\(refused.summary)")
        // The undone add is sent as the deletion it is.
        _ = try team.sync(0)
        try team.converge()
        #expect(try PostgresTestServer.psql(team.hub, "SELECT count(*) FROM tasks WHERE id = \(report)") == "0")
        #expect(try team[1].jsonArray(["history"]).first?["command"] as? String == "sync", "machine 1 received the deletion")
    }

    /// Redo passes over a received change as undo does; a change of this file's own after an
    /// undo drops what could have been redone, wherever received changes stand.
    @Test func redoPassesOverAReceivedChangeAndANewChangeEndsIt() throws {
        let team = try Team(machines: 2)
        let one = try team.sharing("Home", "one")
        let two = try team[0].add("Work", "two")
        _ = try team.sync(0)
        _ = try team.sync(1)
        try team[0].succeed(["edit", "\(one)", "--title", "one, edited"])
        try team[0].succeed(["undo"])
        try team[1].succeed(["edit", "\(two)", "--title", "two, edited there"])
        _ = try team.sync(1)
        _ = try team.sync(0)
        #expect(try team[0].succeed(["redo"]).stdout.contains("one, edited"))
        try team[0].succeed(["undo"])
        try team[0].add("Home", "three")
        let redo = try team[0].run(["redo"])
        #expect(redo.failedCleanly(with: 1, oneLine: true) && redo.stderr.contains("nothing to redo"), "\(redo.summary)")
        #expect(try team[0].succeed(["undo"]).stdout.contains("three"))
    }

    /// With the history kept at 0, a sync that receives keeps none, as any change does.
    @Test func aHistoryKeptAtZeroIsEmptiedByAReceivingSync() throws {
        let team = try Team(machines: 2)
        _ = try team.sharing("Home", "one")
        try team[0].add("Home", "two")
        _ = try team.sync(0)
        try team[1].add("Home", "made there")
        #expect(try team[1].jsonArray(["history"]).isEmpty == false)
        _ = try team[1].run(["sync"], environment: ["TODO_HISTORY_LIMIT": "0"])
        #expect(try team[1].jsonArray(["history"]).isEmpty)
    }

    @Test func aSyncThatReceivedNothingAddsNothingToTheHistory() throws {
        let team = try Team(machines: 1)
        try team[0].add("Home", "milk")
        _ = try team.link(0)
        let before = try team[0].jsonArray(["history"]).count
        try team[0].add("Home", "bread")
        _ = try team.sync(0)
        _ = try team.sync(0)
        #expect(try team[0].jsonArray(["history"]).count == before + 1, "the add alone")
    }
}
#endif
