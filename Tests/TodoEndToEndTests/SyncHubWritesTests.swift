#if PostgreSQL
import Foundation
import Testing
import TodoTestSupport

/// The hub's tasks a sync changes and deletes are written many to a statement (a statement a
/// task made sending 10,000 changed tasks take 20 s), each row still only if no one changed it
/// since the sync read it: psql takes none of todo's locks.
@Suite(.enabled(if: PostgresTestServer.url != nil, Comment(rawValue: PostgresTestServer.skipped)))
struct SyncHubWritesTests {
    typealias Team = SyncTests.Team

    /// A sync's memory does not grow with the statements it sends: each one used to leave a
    /// callback on the connection until it closed (about 1 KiB), so a sync renaming 10,000
    /// lists peaked at 38 MiB. Here 4,000 lists renamed take what 400 take.
    @Test func aSyncsMemoryDoesNotGrowWithItsStatements() throws {
        let team = try Team(machines: 1)
        let records = (0..<4_000).map { #"{"list":"list \#($0)","title":"task \#($0)"}"# }.joined(separator: "\n")
        #expect(try team[0].run(["import", "--format", "ndjson"], stdin: Data(records.utf8)).status == 0)
        _ = try team.link(0)
        func renamingSync(_ count: Int) throws -> Int {
            try sqlite3(team[0].databasePath, "UPDATE lists SET name = name || '.' WHERE id <= \(count)")
            let timed = try team[0].shell("/usr/bin/time -f '%M' \"$TODO_UNDER_TEST\" sync --json 2>&1 >/dev/null | tail -n 1")
            #expect(timed.status == 0, "\(timed.summary)")
            return try #require(Int(timed.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), "\(timed.summary)")
        }
        let few = try renamingSync(400), many = try renamingSync(4_000)
        #expect(many - few < 2_048, "peak \(few) KiB renaming 400 lists, \(many) KiB renaming 4,000")
        try team.converge()
    }

    /// psql changes one task of several the sync writes, committing while the sync waits for its
    /// row: the sync stops with nothing kept on either side, and the next one merges.
    @Test(arguments: ["edited", "deleted"])
    func aTaskChangedOnTheHubWhileASyncWritesItStopsTheSync(_ here: String) throws {
        let team = try Team(machines: 1)
        let first = try team.sharing("Home", "t1")
        var all = [first]
        for title in ["t2", "t3", "t4"] { all.append(try team[0].add("Home", title)) }
        _ = try team.sync(0)
        // Every task changed here (or deleted, t2 among them); t2 changed by psql meanwhile.
        if here == "edited" {
            try team[0].succeed(["edit"] + all.map(String.init) + ["--priority", "high"])
        } else {
            try team[0].succeed(["rm"] + all.map(String.init))
        }
        let file = try team[0].succeed(["export"]).stdout
        let hubBefore = try team.hubTasks()
        let psql = try PostgresTestServer.psqlInBackground(team.hub, """
            BEGIN; UPDATE tasks SET notes = 'by psql' WHERE id = \(all[1]); SELECT pg_sleep(1.5); COMMIT;
            """, headStart: 0.5)
        let sync = try team[0].run(["sync"], environment: ["TODO_SYNC_TIMEOUT": "30"])
        psql.waitUntilExit()
        #expect(psql.terminationStatus == 0)
        #expect(sync.failedCleanly(with: 1, oneLine: true) && sync.stderr.contains("changed on the hub while this sync ran"), "\(sync.summary)")
        #expect(try team[0].succeed(["export"]).stdout == file, "the file as it was")
        #expect(try team.hubTasks() == hubBefore.replacingOccurrences(of: "|t2||", with: "|t2|by psql|"), "only psql's change on the hub")

        // t2 is received too: psql's notes (edited here), or the whole task (deleted here).
        let next = try team.sync(0)
        #expect(next["sent"] as? Int == (here == "edited" ? 4 : 3) && next["received"] as? Int == 1, "\(next)")
        // Deleted here and changed on the hub: said as a conflict (rule 4).
        #expect((next["conflicts"] as? [Any])?.count == (here == "edited" ? 0 : 1), "\(next)")
        try team.converge()
        let hub = try team.hubTasks()
        if here == "edited" {
            #expect(hub.split(separator: "\n").count == 4 && hub.split(separator: "\n").allSatisfy { $0.contains("|high|") }, "\(hub)")
            #expect(hub.contains("|t2|by psql|"), "psql's notes and the file's priority: different fields")
        } else {
            // Deleted here and changed on the hub: the changed one stays (rule 4).
            #expect(hub.split(separator: "\n").count == 1 && hub.contains("|t2|by psql|"), "\(hub)")
        }
    }
}
#endif
