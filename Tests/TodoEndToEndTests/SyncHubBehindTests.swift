#if PostgreSQL
import Foundation
import Testing
import TodoTestSupport

/// Issue 30's rule 10: a hub reset, or restored from a backup older than a file's last sync, is
/// never a reason to discard that file's lists and tasks; the sync says what it found and sends
/// them again, ids and all. Another database at another URL is still refused.
@Suite(.enabled(if: PostgresTestServer.url != nil, Comment(rawValue: PostgresTestServer.skipped)))
struct SyncHubBehindTests {
    typealias Team = SyncTests.Team

    /// The hub's database name, from its URL.
    static func name(of hub: String) throws -> String {
        let path = try #require(hub.split(separator: "?").first?.split(separator: "/").last)
        return String(path)
    }

    static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let complaint = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw RunnerError.failed("\(tool): " + String(decoding: complaint, as: UTF8.self)) }
    }

    /// Dropped and made again, empty: another database at the same URL.
    @Test func aHubResetGetsEveryFilesListsAndTasksAgainWithTheirIds() throws {
        let team = try Team(machines: 2)
        let milk = try team.sharing("Home", "milk")
        let bread = try team[1].add("Shop", "bread", ["--tag", "errand"])
        _ = try team.sync(1)
        _ = try team.sync(0)
        try team[0].succeed(["edit", "\(milk)", "--title", "oat milk"])
        try team[0].succeed(["new-list", "Empty"])
        let before = try team.hubTasks()
        let server = try #require(PostgresTestServer.url), name = try Self.name(of: team.hub)
        try PostgresTestServer.psql(server, "DROP DATABASE \(name)")
        try PostgresTestServer.psql(server, "CREATE DATABASE \(name)")

        let first = try team.sync(0)
        let behind = try #require(first["hub_behind"] as? [String: Int], "\(first)")
        #expect(behind["lacked"] == 5, "3 lists and 2 tasks: \(first)")
        #expect(first["renumbered"] == nil && (first["conflicts"] as? [Any])?.isEmpty == true, "\(first)")
        #expect(try team[1].run(["sync"]).stdout.contains("The hub was not as this file left it"))
        try team.converge()
        let after = try team.hubTasks()
        #expect(after == before.replacingOccurrences(of: "|milk|", with: "|oat milk|"), "\(after)")
        #expect(after.contains("\(bread)|Shop|bread|||none|f|errand"), "\(after)")
        #expect(try PostgresTestServer.psql(team.hub, "SELECT count(*) FROM lists WHERE name = 'Empty'") == "1")
        // The reset hub gives no id that a file gave before.
        let next = try team[1].add("Home", "after the reset")
        _ = try team.sync(1)
        #expect(next > max(milk, bread))
        let direct = try TodoRunner(environment: ["TODO_DB": team.hub])
        #expect(try direct.add("Home", "on the hub itself") > next)
        try team.converge()
        #expect(try team[0].run(["db", "check", "--db", team.hub]).status == 0)
    }

    /// Restored in place (the same database) from a dump taken before a file's last sync: that
    /// file's later work goes to the hub again, and a file that synced before the dump and did
    /// nothing since finds the hub as it left it.
    @Test func aHubRestoredFromAnOlderBackupLosesNoFilesWork() throws {
        let team = try Team(machines: 2)
        let milk = try team.sharing("Home", "milk")
        let eggs = try team[0].add("Home", "eggs")
        _ = try team.sync(0)
        _ = try team.sync(1)
        let dump = team[0].directory.path("hub.dump")
        try Self.run("pg_dump", ["--format=custom", "--file=\(dump)", team.hub])

        try team[0].succeed(["edit", "\(milk)", "--title", "oat milk", "--tag", "dairy"])
        try team[0].succeed(["rm", "\(eggs)"])
        let later = try team[0].add("Home", "later")
        _ = try team.sync(0)
        try Self.run("pg_restore", ["--clean", "--if-exists", "--single-transaction", "--dbname=\(team.hub)", dump])

        let unaware = try team.sync(1)
        #expect(unaware["hub_behind"] == nil, "its last sync is in the dump: \(unaware)")
        let report = try team.sync(0)
        let behind = try #require(report["hub_behind"] as? [String: Int], "\(report)")
        #expect(behind == ["lacked": 1, "had_otherwise": 1], "\(report)")
        #expect(report["renumbered"] == nil, "\(report)")
        try team.converge()
        let hub = try team.hubTasks()
        #expect(hub == "\(milk)|Home|oat milk|||none|f|dairy\n\(later)|Home|later|||none|f|", "\(hub)")
        #expect(try team.sync(0)["hub_behind"] == nil, "once")
    }

    /// A copy of a linked file (`todo db backup`, a backup restored on a second machine) that
    /// syncs beside the original: each took the other's mark for a hub gone back, said so, and
    /// took a new block of ids, at every other sync. Now the first to find the other's mark
    /// (told from a sync of its own cut off by the token each sync leaves) becomes a file of its
    /// own, once, with ids of its own, and both sync as any two files do.
    @Test func aCopyOfALinkedFileBecomesAFileOfItsOwn() throws {
        let team = try Team(machines: 2)
        try team[0].add("Home", "milk")
        _ = try team.link(0)
        try team[0].succeed(["db", "backup", team[1].databasePath])
        let original = try team[0].add("Home", "from the original"), copy = try team[1].add("Home", "from the copy")
        #expect(original == copy, "one block, one next id")
        _ = try team.sync(0)
        let found = try team[1].succeed(["sync"]).stdout
        #expect(found.contains("\n  A copy of this file had synced with this hub as this file: this file now syncs as one of its own"), "\(found)")
        #expect(!found.contains("The hub was not as this file left it"), "\(found)")
        for index in [1, 0, 1, 0] {
            let report = try team.sync(index)
            #expect(report["hub_behind"] == nil && report["separated_from_copy"] == nil, "machine \(index): \(report)")
        }
        #expect(try PostgresTestServer.psql(team.hub, "SELECT count(*) || ' ' || count(DISTINCT holder) FROM id_blocks") == "2 2")
        #expect(try team[0].add("Home", "later here") != team[1].add("Home", "later there"))
        try team.converge()
        #expect(try team[0].succeed(["sync"]).stdout.split(separator: "\n").count == 1, "nothing more to say")
    }

    /// A copy and its original each sync what they made since the copy, in either order: the
    /// second to sync stood where the first's mark says its sync started, took that sync for one
    /// of its own cut off, and sent what the first made (a list, a task) as deleted here: gone
    /// everywhere, without a word (found by a helper's sweep). Each keeps the other's now.
    @Test(arguments: [[0, 1], [1, 0]])
    func aCopyAndItsOriginalDeleteNothingTheOtherMade(_ order: [Int]) throws {
        let team = try Team(machines: 2)
        try team[0].add("Home", "one")
        _ = try team.link(0)
        try team[0].succeed(["db", "backup", team[1].databasePath])
        // The original gives an id up; the copy gives it to a task of its own.
        let scratch = try team[0].add("Home", "scratch")
        try team[0].succeed(["rm", "\(scratch)"])
        try team[0].succeed(["new-list", "Groceries"])
        #expect(try team[1].add("Home", "the copy's") == scratch)
        for index in order { _ = try team.sync(index) }
        try team.converge()
        #expect(try PostgresTestServer.psql(team.hub, "SELECT string_agg(name, ' ' ORDER BY name) FROM lists") == "Groceries Home")
        let hub = try team.hubTasks()
        #expect(hub.contains("|Home|the copy's|"), "\(hub)")
        for index in 0..<2 { #expect(try team[index].jsonArray(["sync", "conflicts"]).isEmpty, "machine \(index)") }
    }

    /// Restored from a dump older than the file's last block, then written to directly before
    /// any file synced: the team member got ids the file had given. The file's first sync works,
    /// and its tasks that held them take new ones, one entry each in the map.
    @Test func aRestoredHubWrittenToFirstStopsNoSync() throws {
        let team = try Team(machines: 1, block: 4)
        try team[0].add("Home", "a1")
        _ = try team.link(0)
        let dump = team[0].directory.path("hub.dump")
        try Self.run("pg_dump", ["--format=custom", "--file=\(dump)", team.hub])
        for title in ["a2", "a3", "a4", "a5"] { try team[0].add("Home", title) }
        _ = try team.sync(0)
        let later = [try team[0].add("Home", "a6"), try team[0].add("Home", "a7")]
        _ = try team.sync(0)
        try Self.run("pg_restore", ["--clean", "--if-exists", "--single-transaction", "--dbname=\(team.hub)", dump])
        let direct = try TodoRunner(environment: ["TODO_DB": team.hub])
        let given = try ["team1", "team2", "team3"].map { try direct.add("Work", $0) }
        #expect(given.contains(later[0]) && given.contains(later[1]), "the ids the restored hub gives: \(given)")
        let report = try team.sync(0)
        let moved = try #require(report["renumbered"] as? [[String: Int]], "\(report)")
        #expect(moved.map { $0["from"] } == later.map { Optional($0) } && Set(moved.compactMap { $0["to"] }).isDisjoint(with: given), "\(report)")
        try team.converge()
        #expect(try PostgresTestServer.psql(team.hub, "SELECT count(*), count(DISTINCT id) FROM tasks") == "10|10")
    }

    /// A file pointed at another database at another URL is not sent into it.
    @Test func anotherDatabaseAtAnotherURLIsRefused() throws {
        let team = try Team(machines: 1)
        try team[0].add("Home", "milk")
        _ = try team.link(0)
        let other = try PostgresTestServer.newDatabase()
        let result = try team[0].run(["sync"], environment: ["TODO_SYNC_URL": other])
        #expect(result.failedCleanly(with: 1, oneLine: true) && result.stderr.contains("not the database"), "\(result.summary)")
        #expect(try PostgresTestServer.psql(other, "SELECT count(*) FROM tasks") == "0")
    }
}
#endif
