import Foundation

/// A PostgreSQL server of one test's own (`scripts/test-postgres`), for a test that stops it as
/// a crash would: stopping it disturbs no other test. Stopped and removed when let go of.
public final class OwnPostgresServer {
    /// The superuser's URL, to the `postgres` database.
    public private(set) var url = ""
    private let folder = "/tmp/todo-test-server-" + UUID().uuidString
    private let scratch: TodoRunner

    public init() throws {
        scratch = try TodoRunner()
        let started = try run("start")
        guard started.status == 0 else { throw RunnerError.failed("scripts/test-postgres start: \(started.output)") }
        url = started.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `scripts/test-postgres COMMAND` (stop: at once, as a crash; restart: on the same port).
    /// The server outlives the script that starts it: see `spawnAndWait`.
    @discardableResult
    public func run(_ command: String) throws -> (status: Int32, output: String) {
        try spawnAndWait("/bin/bash", [RepositoryRoot.url.appendingPathComponent("scripts/test-postgres").path, command, folder],
                         environment: scratch.environment, output: scratch.directory.path("script-\(command).txt"))
    }

    deinit {
        _ = try? run("stop")
        try? FileManager.default.removeItem(atPath: folder)
    }
}
