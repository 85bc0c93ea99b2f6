#if PostgreSQL
import Foundation
import Testing
import TodoTestSupport

/// Issue 30's rule 10, the first half: a sync cut off at any moment (SIGKILL while it sends or
/// receives, its hub session ended by the server) leaves the file and the hub as they were or as
/// a completed sync leaves them, and the next sync finishes the work: nothing sent twice, nothing
/// lost, `todo db check` clean on both sides.
@Suite(.enabled(if: PostgresTestServer.url != nil, Comment(rawValue: PostgresTestServer.skipped)))
struct SyncInterruptionTests {
    typealias Team = SyncTests.Team

    /// One machine's own tasks, by title (each title is unique), as the model has them.
    struct Machine {
        var titles: Set<String> = []
    }

    @Test func syncsCutOffAtRandomMomentsLoseNothingAndDoubleNothing() throws {
        let seed = UInt64(ProcessInfo.processInfo.environment["TODO_TEST_SEED"] ?? "") ?? UInt64.random(in: 1...1_000_000)
        var random = SeededGenerator(seed: seed)
        let team = try Team(machines: 2)
        for index in 0..<2 { _ = try team.link(index) }
        var machines = [Machine(), Machine()]
        var cutOff = 0
        for round in 0..<25 {
            for index in 0..<2 {
                try work(on: index, round: round, team: team, model: &machines[index], random: &random)
                let sync = try team[index].start(["sync", "--json"])
                Thread.sleep(forTimeInterval: Double.random(in: 0...0.15, using: &random))
                if round % 5 == 4 {
                    // The hub's side goes: the server ends the session (as a restart or a lost
                    // network does).
                    try PostgresTestServer.psql(team.hub, """
                        SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                        WHERE datname = current_database() AND pid <> pg_backend_pid()
                        """)
                } else {
                    sync.kill()
                }
                let result = sync.wait()
                if result.wasSignalled || result.status != 0 { cutOff += 1 }
                #expect(result.wasSignalled || [0, 1].contains(result.status), "seed \(seed): \(result.summary)")
                #expect(result.wasSignalled || result.stderr.split(separator: "\n").count <= 1, "seed \(seed): \(result.summary)")
                // A sync cut off is finished by the next as a sync, never taken for a hub gone back.
                #expect(!result.stdout.contains("hub_behind"), "seed \(seed), round \(round), machine \(index): \(result.stdout)")
            }
        }
        // Each next sync finishes the work as a sync does: the hub is as these files left it.
        for index in 0..<2 {
            let report = try team.sync(index)
            #expect(report["hub_behind"] == nil, "seed \(seed): \(report)")
        }
        try team.converge()
        // Every change is on the hub, or listed as a conflict: a title this machine gave a task
        // its cut-off sync had sent changed, the hub keeping the one that sync sent.
        var expected = machines[0].titles.union(machines[1].titles)
        for index in 0..<2 {
            for conflict in try team[index].jsonArray(["sync", "conflicts"]) where conflict["field"] as? String == "title" {
                if let yours = conflict["yours"] as? String, let kept = conflict["kept"] as? String, expected.contains(yours) {
                    expected.remove(yours)
                    expected.insert(kept)
                }
            }
        }
        let onHub = Set(try PostgresTestServer.psql(team.hub, "SELECT title FROM tasks").split(separator: "\n").map(String.init))
        #expect(onHub == expected, "seed \(seed): missing \(expected.subtracting(onHub).sorted()), extra \(onHub.subtracting(expected).sorted())")
        #expect(try PostgresTestServer.psql(team.hub, "SELECT count(*) = count(DISTINCT uuid) FROM tasks") == "t", "seed \(seed)")
        #expect(try PostgresTestServer.psql(team.hub, "SELECT count(*) FROM lists") == "1", "one Home, made offline twice: seed \(seed)")
        for index in 0..<2 { #expect(try team[index].run(["db", "check"]).status == 0, "seed \(seed)") }
        #expect(try team[0].run(["db", "check", "--db", team.hub]).status == 0, "seed \(seed)")
        // Many syncs were cut off; those that finished first are fine too.
        #expect(cutOff >= 10, "seed \(seed): only \(cutOff) of 50 syncs were cut off")
    }

    /// A sync that reached the hub and not the file (cut off between the two commits) sent two
    /// new tasks; the file then edits one and deletes the other: its own changes, sent as such,
    /// neither a conflict with itself nor undone by the hub's copy.
    @Test func tasksACutOffSyncSentAreThisFilesAfterwards() throws {
        let team = try Team(machines: 1)
        _ = try team.link(0)
        let kept = try team[0].add("Home", "kept")
        let gone = try team[0].add("Home", "gone")
        try team.syncCutOffBeforeTheFileCommits(0)
        try team[0].succeed(["edit", "\(kept)", "--title", "kept, edited"])
        try team[0].succeed(["rm", "\(gone)"])
        let report = try team.sync(0)
        #expect((report["conflicts"] as? [Any])?.isEmpty == true && report["hub_behind"] == nil, "\(report)")
        #expect(try team.hubTasks() == "\(kept)|Home|kept, edited|||none|f|")
        try team.converge()
    }

    /// A task a cut-off sync sent, received by another machine and deleted there before this
    /// file synced again: this file cannot tell whether it changed the task since, so the task
    /// stays and a conflict says so. It was sent back without a word ("sent 1 change, received
    /// 0"), on every machine again (found by a helper's sweep).
    @Test func aTaskACutOffSyncSentAndAnotherDeletedIsAConflict() throws {
        let team = try Team(machines: 2)
        _ = try team.sharing("Home", "milk")
        let sent = try team[0].add("Home", "sent, cut off")
        try team.syncCutOffBeforeTheFileCommits(0)
        _ = try team.sync(1)
        try team[1].succeed(["rm", "\(sent)"])
        _ = try team.sync(1)
        let report = try team.sync(0)
        let conflicts = try #require(report["conflicts"] as? [[String: Any]], "\(report)")
        #expect(conflicts.count == 1 && conflicts.first?["task"] as? Int == sent && conflicts.first?["field"] as? String == "deleted"
                    && conflicts.first?["yours"] as? String == "sent from here, then deleted on the hub", "\(report)")
        try team.converge()
        #expect(try team.hubTasks().contains("|Home|sent, cut off|"), "kept, as the conflict says")
    }

    /// The hub's server stopped mid-sync as a crash stops it (`pg_ctl stop -m immediate`) while
    /// the sync sends: one line, the file as it was; once the server is back, the next sync sends
    /// everything once and another machine gets the same. A server of its own, so stopping it
    /// disturbs no other test.
    @Test func theHubStoppedMidSyncLosesNothing() throws {
        let own = try OwnPostgresServer(), root = own.url
        try PostgresTestServer.psql(root, "CREATE DATABASE hub")
        let hub = PostgresTestServer.database("hub", on: root)
        let environment = ["TODO_SYNC_URL": hub, "TODO_SYNC_TIMEOUT": "120"]
        let (laptop, desktop) = (try TodoRunner(environment: environment), try TodoRunner(environment: environment))
        _ = try laptop.jsonObject(["sync", "init", hub])
        let count = 6_000
        #expect(try laptop.run(["import"], stdin: PostgresCommandTests.records(count, in: "Big")).status == 0)
        let waiting = try laptop.jsonObject(["sync", "status"])["waiting"] as? Int
        #expect(waiting == count + 1, "the tasks and their list")

        let sync = try laptop.start(["sync"])
        var sending = false
        for _ in 0..<400 where !sending {
            Thread.sleep(forTimeInterval: 0.02)
            sending = (try? PostgresTestServer.psql(hub, """
                SELECT count(*) FROM pg_stat_activity
                WHERE application_name = 'todo' AND xact_start IS NOT NULL AND query LIKE 'INSERT INTO tasks%'
                """)) == "1"
        }
        #expect(sending, "the sync was seen sending")
        #expect(try own.run("stop").status == 0)
        let result = sync.wait()
        #expect(result.failedCleanly(with: 1, oneLine: true), "\(result.summary)")
        #expect(try laptop.jsonObject(["sync", "status"])["waiting"] as? Int == waiting, "the file as it was")
        #expect(try laptop.succeed(["db", "check"]).stdout.contains("ok"))

        #expect(try own.run("restart").status == 0)
        #expect(try PostgresTestServer.psql(hub, "SELECT count(*) FROM tasks") == "0", "the hub as it was")
        let again = try laptop.run(["sync", "--json"])
        #expect(again.status == 0, "\(again.summary)")
        _ = try desktop.jsonObject(["sync", "init", hub])
        #expect(try PostgresTestServer.psql(hub, "SELECT count(*), count(DISTINCT uuid), count(DISTINCT title) FROM tasks") == "\(count)|\(count)|\(count)")
        #expect(try desktop.succeed(["export"]).stdout == laptop.succeed(["export"]).stdout)
        #expect(try laptop.succeed(["db", "check", "--db", hub]).stdout.contains("ok"))
    }

    /// Offline work on machine `index`: new tasks (an import), a few renamed, a few deleted,
    /// always its own, so that the end state does not depend on which sync got through.
    private func work(on index: Int, round: Int, team: Team, model: inout Machine, random: inout SeededGenerator) throws {
        let new = (0..<40).map { "m\(index)-r\(round)-\($0)" }
        let lines = new.map { "{\"list\":\"Home\",\"title\":\"\($0)\"}\n" }.joined()
        let imported = try team[index].run(["import"], stdin: Data(lines.utf8))
        #expect(imported.status == 0, "\(imported.summary)")
        model.titles.formUnion(new)
        let ids = try idsByTitle(team[index], prefix: "m\(index)-")
        for title in model.titles.sorted().shuffled(using: &random).prefix(3) {
            try team[index].succeed(["edit", "\(ids[title]!)", "--title", title + "*"])
            model.titles.remove(title)
            model.titles.insert(title + "*")
        }
        for title in model.titles.sorted().shuffled(using: &random).prefix(2) {
            let id = try idsByTitle(team[index], prefix: title)[title]!
            try team[index].succeed(["rm", "\(id)"])
            model.titles.remove(title)
        }
    }

    private func idsByTitle(_ machine: TodoRunner, prefix: String) throws -> [String: Int] {
        var ids: [String: Int] = [:]
        for line in try machine.succeed(["export"]).stdout.split(separator: "\n") {
            let task = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            if let title = task["title"] as? String, title.hasPrefix(prefix), let id = task["id"] as? Int { ids[title] = id }
        }
        return ids
    }
}
#endif
