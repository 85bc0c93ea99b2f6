#if PostgreSQL
import Foundation
import Testing
import TodoTestSupport

/// Whether strace is there and may trace here (a container may forbid ptrace), and python3 runs the count.
private let canCountRoundTrips: Bool = {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { return false }
    let trial = Process()
    trial.executableURL = URL(fileURLWithPath: "/usr/bin/strace")
    trial.arguments = ["-o", "/dev/null", "/bin/true"]
    trial.standardOutput = FileHandle.nullDevice
    trial.standardError = FileHandle.nullDevice
    guard (try? trial.run()) != nil else { return false }
    trial.waitUntilExit()
    return trial.terminationStatus == 0
}()

/// What a team on a remote server feels: each command's round trips to PostgreSQL after the
/// login, counted from the client's socket calls (`scripts/round-trips`, under strace). A command
/// that needs more than its count here fails: each round trip is the network's latency again
/// (30 ms away, 10 of them are a third of a second). BENCHMARKS.md shows the same table.
@Suite(.enabled(if: PostgresTestServer.url != nil, Comment(rawValue: PostgresTestServer.skipped)),
       .enabled(if: canCountRoundTrips, "strace cannot trace here, or it or python3 is not installed (.ci/run installs both): the round trips are not counted"))
struct PostgresRoundTripTests {

    /// Each command with the most round trips it may take, on a database with a list and tasks:
    /// today's counts. They were 13, 16, 17, 14, 26 for the writes and 4, 3, 3 for the reads
    /// before the schema's check took one statement and a command's repository calls stopped
    /// taking a savepoint each; then 10, 13, 14, 11 for add, done, edit and rm until a write read
    /// its task once (after a statement that holds its row: a read that waits for the lock sees
    /// the tags as they were when it started) and stopped reading it back when nothing but what it
    /// wrote could have changed, and a command found the list of a task with one statement.
    /// Lower one when a change lowers the count. Undo took 24 until it held the rows it puts back before checking them
    /// (one statement), so that a psql change made between its check and its write is not
    /// overwritten.
    static let budgets: [(command: [String], trips: Int)] = [
        (["add", "Inbox", "a task"], 9),
        (["done", "1"], 11),
        (["edit", "2", "--title", "renamed"], 13),
        (["rm", "3"], 11),
        (["undo"], 25),
        (["list", "Inbox"], 3),
        (["search", "task"], 2),
        (["agenda"], 2),
    ]

    @Test func eachCommandStaysWithinItsRoundTrips() throws {
        let todo = try TodoRunner(.server)
        for title in ["one", "two", "three"] { _ = try todo.run(["add", "Inbox", title]) }
        let script = RepositoryRoot.url.appendingPathComponent("scripts/round-trips").path
        for (command, budget) in Self.budgets {
            let quoted = command.map { "'" + $0 + "'" }.joined(separator: " ")
            let counted = try todo.shell("'\(script)' -- \"$TODO_UNDER_TEST\" \(quoted)")
            #expect(counted.status == 0, "\(command): \(counted.summary)")
            let trips = try #require(Int(counted.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), "\(counted.summary)")
            #expect(trips > 0, "\(command): nothing counted, so the count means nothing")
            #expect(trips <= budget, "todo \(command.joined(separator: " ")) took \(trips) round trips; at most \(budget)")
        }
    }
}
#endif
