#if PostgreSQL
import Foundation
import Testing
import TodoTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Where a server's URL and password come from, as libpq reads them: `TODO_DB` in `./.env`, the
/// password from `PGPASSWORD` when the URL has none, and how long todo waits for a server that
/// does not answer. Skipped, saying so, without a server (TODO_TEST_POSTGRES_URL).
@Suite(.enabled(if: PostgresTestServer.url != nil, Comment(rawValue: PostgresTestServer.skipped)))
struct PostgresConfigurationTests {
    @Test func aURLInDotEnvWithThePasswordFromPGPASSWORD() throws {
        let url = try PostgresTestServer.newDatabase()
        let withoutPassword = url.replacingOccurrences(of: "://todo:todo@", with: "://todo@")
        let todo = try TodoRunner()
        let work = todo.directory.path("work")
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        try "TODO_DB=\(withoutPassword)\n".write(toFile: work + "/.env", atomically: true, encoding: .utf8)
        let unset: [String: String?] = ["TODO_DB": nil, "PGPASSWORD": nil]

        var environment = unset
        environment["PGPASSWORD"] = "todo"
        let added = try todo.run(["add", "Inbox", "from .env", "--json"], environment: environment, in: work)
        #expect(added.status == 0, "\(added.summary)")
        #expect(try PostgresTestServer.psql(url, "SELECT title FROM tasks") == "from .env")
        let path = try todo.run(["db", "path"], environment: environment, in: work)
        #expect(path.stdout == withoutPassword + "\nchosen by TODO_DB in ./.env; a PostgreSQL database\n", "\(path.summary)")

        // No password anywhere, or a wrong one: one line, which never shows it.
        let none = try todo.run(["list"], environment: unset, in: work)
        #expect(none.failedCleanly(with: 1, oneLine: true), "\(none.summary)")
        #expect(none.stderr.contains("put it in the URL or in PGPASSWORD"), "\(none.stderr)")
        environment["PGPASSWORD"] = "not-the-password"
        let wrong = try todo.run(["list"], environment: environment, in: work)
        #expect(wrong.failedCleanly(with: 1, oneLine: true) && wrong.stderr.contains("refused the password"), "\(wrong.summary)")
        #expect(!wrong.stderr.contains("not-the-password"))
        // A password in the URL wins over PGPASSWORD, as in libpq.
        #expect(try todo.run(["list", "--db", url], environment: environment, in: work).status == 0)
    }

    /// A port where something accepts connections and never answers: todo gives up after
    /// TODO_PG_CONNECT_TIMEOUT, in one line, instead of waiting for ever.
    @Test func aServerThatNeverAnswersIsGivenUpOn() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #expect(listener >= 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) == 0 && listen(listener, 8) == 0 && getsockname(listener, $0, &length) == 0 }
        }
        try #require(bound)
        let port = UInt16(bigEndian: address.sin_port)

        let started = Date()
        let result = try TodoRunner().run(["list", "--db", "postgres://todo:secret@127.0.0.1:\(port)/todo"], environment: ["TODO_PG_CONNECT_TIMEOUT": "1"])
        #expect(result.failedCleanly(with: 1, oneLine: true), "\(result.summary)")
        #expect(result.stderr.contains("cannot connect to postgres://todo@127.0.0.1:\(port)/todo"), "\(result.stderr)")
        #expect(Date().timeIntervalSince(started) < 10)
    }
}
#endif
