import Foundation
import Testing
import TodoTestSupport

/// Undo and redo under the blows other commands take: killed part-way through a large import's
/// undo, and run by several processes at once.
@Suite struct HistoryReliabilityTests {
    /// An undo (or redo) of a large import, killed with SIGKILL at a random moment, leaves the
    /// import wholly there and the change not undone, or wholly gone and the change undone; the
    /// file passes every check either way, and the next undo or redo carries on from there.
    @Test func killedDuringTheUndoOfALargeImportLeavesAllOrNothing() throws {
        let todo = try TodoRunner()
        let db = Database(path: todo.databasePath)
        let records = 25_000
        let file = todo.directory.path("tasks.ndjson")
        let lines = (1...records).map { "{\"list\":\"List \($0 % 5)\",\"title\":\"imported \($0)\",\"notes\":\"notes \($0)\",\"priority\":\"low\"}" }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: file))
        try todo.succeed(["add", "Home", "already there"])
        try todo.succeed(["import", file])
        let imported = try db.snapshot().filter { $0.hasPrefix("tasks: ") || $0.hasPrefix("lists: ") }

        // Kill anywhere from start-up to a little after a whole undo would have finished (the
        // window then follows the runs, `runAndKill`); on to 40 runs until three were killed.
        let started = Date()
        try todo.succeed(["undo"])
        try todo.succeed(["redo"])
        var tally = CrashTests.Tally(maxDelay: Int(Date().timeIntervalSince(started) / 2 * 1.3 * 1_000_000))

        var k = 0
        while k < 10 || (tally.killed < 3 && k < 40) {
            defer { k += 1 }
            let wasUndone = try db.value("SELECT undone FROM history ORDER BY id DESC LIMIT 1") == "1"
            let result = try CrashTests.runAndKill(todo, [wasUndone ? "redo" : "undo"], tally: &tally)
            let count = try db.count("SELECT count(*) FROM tasks")
            let isUndone = try db.value("SELECT undone FROM history ORDER BY id DESC LIMIT 1") == "1"
            #expect(count == (isUndone ? 1 : 1 + records), "iteration \(k): \(count) tasks, undone: \(isUndone)")
            if !result.wasSignalled { #expect(isUndone != wasUndone, "iteration \(k)") }
            if !isUndone {
                #expect(try db.snapshot().filter { $0.hasPrefix("tasks: ") || $0.hasPrefix("lists: ") } == imported, "iteration \(k)")
            }
            try CrashTests.expectConsistent(db, k)
            let check = try todo.run(["db", "check"])
            #expect(check.status == 0, "iteration \(k): \(check.summary)")
        }
        #expect(tally.killed >= 3, "too few undos were killed: \(tally)")
    }

    /// What one process did and saw.
    struct Outcome: Sendable {
        var added: [Int: String] = [:]
        /// The commands of the changes its undos reported reverting.
        var undid: [String] = []
        var failures: [String] = []
    }

    /// Four processes adding tasks and undoing at once. Each undo reverts the newest change,
    /// whoever made it, after its check; every add not reported undone is there, every one
    /// reported undone is gone, no change is undone twice, and nothing fails but "nothing to
    /// undo".
    @Test func severalProcessesChangingAndUndoingAtOnceLoseNothing() throws {
        let todo = try TodoRunner()
        let outcomes = Locked([Outcome](repeating: Outcome(), count: 4))
        onThreads(4) { worker in
            var outcome = Outcome()
            for step in 0..<24 {
                do {
                    if step % 3 == 2 {
                        let result = try todo.run(["undo", "--json"])
                        if result.status == 0, let command = try result.jsonObject()["command"] as? String {
                            outcome.undid.append(command)
                        } else if !result.stderr.hasPrefix("Error: there is nothing to undo") {
                            outcome.failures.append(result.summary)
                        }
                    } else {
                        let title = "w\(worker)s\(step)"
                        let result = try todo.run(["add", "List \(worker % 2)", title, "--json"])
                        if result.status == 0, let id = try result.jsonObject()["id"] as? Int {
                            outcome.added[id] = title
                        } else {
                            outcome.failures.append(result.summary)
                        }
                    }
                } catch {
                    outcome.failures.append("\(error)")
                }
            }
            outcomes.withLock { $0[worker] = outcome }
        }
        let all = outcomes.current
        #expect(all.flatMap(\.failures).isEmpty, "\(all.flatMap(\.failures))")
        let undid = all.flatMap(\.undid)
        #expect(undid.count >= 8, "the undos must have reverted something: \(undid)")
        #expect(Set(undid).count == undid.count, "a change was undone twice: \(undid.sorted())")
        let added = all.reduce(into: [Int: String]()) { $0.merge($1.added) { a, _ in a } }
        let undoneTitles = Set(undid.compactMap { command in added.values.first { command.hasSuffix(" " + $0) } })
        #expect(undoneTitles.count == undid.count, "every undo reverted one of the adds: \(undid)")

        let db = Database(path: todo.databasePath)
        let present = Set(try db.rows("SELECT title FROM tasks").map { $0[0] })
        #expect(present == Set(added.values).subtracting(undoneTitles))
        try CrashTests.expectConsistent(db, 0)
        #expect(try todo.run(["db", "check"]).status == 0)
    }
}
