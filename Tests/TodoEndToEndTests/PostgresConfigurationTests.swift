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
        try "TODO_DB=\(withoutPassword)\n".write(toFile: work + "/.env", atomically: false, encoding: .utf8)
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
        #expect(none.stderr.contains("put it in the URL, in PGPASSWORD or in ~/.pgpass"), "\(none.stderr)")
        environment["PGPASSWORD"] = "not-the-password"
        let wrong = try todo.run(["list"], environment: environment, in: work)
        #expect(wrong.failedCleanly(with: 1, oneLine: true) && wrong.stderr.contains("refused the password"), "\(wrong.summary)")
        #expect(!wrong.stderr.contains("not-the-password"))
        // A password in the URL wins over PGPASSWORD, as in libpq.
        #expect(try todo.run(["list", "--db", url], environment: environment, in: work).status == 0)
    }

    /// TLS checked as libpq checks it, against a team's own authority: the test server's
    /// certificate is signed by one made for it and made out to localhost only.
    @Test(.enabled(if: PostgresTestServer.authority != nil, "the test server has no TLS (scripts/test-postgres makes it with openssl)"))
    func certificatesAreCheckedAgainstTheTeamsAuthority() throws {
        let authority = try #require(PostgresTestServer.authority)
        let url = try PostgresTestServer.newDatabase()
        let byAddress = String(url.split(separator: "?")[0])
        let byName = byAddress.replacingOccurrences(of: "@127.0.0.1:", with: "@localhost:")
        let todo = try TodoRunner()
        func list(_ database: String, _ environment: [String: String?] = ["PGSSLROOTCERT": nil]) throws -> RunResult {
            try todo.run(["list", "--db", database], environment: environment)
        }
        #expect(try list("\(byName)?sslmode=verify-full&sslrootcert=\(authority)").status == 0)
        #expect(try list("\(byAddress)?sslmode=verify-ca&sslrootcert=\(authority)").status == 0, "verify-ca does not check the name")
        #expect(try list("\(byAddress)?sslmode=require").status == 0, "require checks nothing")

        let wrongName = try list("\(byAddress)?sslmode=verify-full&sslrootcert=\(authority)")
        #expect(wrongName.failedCleanly(with: 1, oneLine: true), "\(wrongName.summary)")
        #expect(wrongName.stderr.contains("the server's certificate is not made out to 127.0.0.1"), "\(wrongName.stderr)")
        let untrusted = try list("\(byName)?sslmode=verify-full")
        #expect(untrusted.failedCleanly(with: 1, oneLine: true), "\(untrusted.summary)")
        #expect(untrusted.stderr.contains("the server's certificate is not signed by an authority todo trusts"), "\(untrusted.stderr)")
        let unreadable = try list("\(byName)?sslmode=verify-full&sslrootcert=/nowhere/root.crt")
        #expect(unreadable.failedCleanly(with: 1, oneLine: true) && unreadable.stderr.contains("/nowhere/root.crt (sslrootcert) cannot be read"), "\(unreadable.summary)")

        // Where libpq looks when the URL does not say: PGSSLROOTCERT, then ~/.postgresql/root.crt.
        #expect(try list("\(byName)?sslmode=verify-full", ["PGSSLROOTCERT": authority]).status == 0)
        let folder = todo.directory.path("home/.postgresql")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: authority, toPath: folder + "/root.crt")
        #expect(try list("\(byName)?sslmode=verify-full").status == 0)
        #expect(try list("\(byName)?sslmode=verify-full&sslrootcert=system").failedCleanly(with: 1, oneLine: true), "the system's roots do not know it")
    }
}

/// What is at the other end when it is not a server that lets todo in: one line each, saying
/// what was found there. No server needed.
@Suite struct ServerConnectionFailureTests {
    /// A loopback port where something listens; `answer` runs on each connection it accepts.
    final class Listener {
        let socket: Int32
        let port: UInt16

        init(answer: (@Sendable (Int32) -> Void)? = nil) throws {
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && listen(socket, 8) == 0 && getsockname(socket, $0, &length) == 0 }
            }
            self.socket = socket
            port = UInt16(bigEndian: address.sin_port)
            try #require(socket >= 0 && bound)
            if let answer {
                Thread.detachNewThread {
                    while true {
                        let peer = accept(socket, nil, nil)
                        guard peer >= 0 else { return }
                        answer(peer)
                    }
                }
            }
        }

        deinit { shutdown(socket, Int32(SHUT_RDWR)); close(socket) }
    }

    /// A port where something accepts connections and never answers: todo gives up after
    /// TODO_PG_CONNECT_TIMEOUT, in one line, instead of waiting for ever.
    @Test func aServerThatNeverAnswersIsGivenUpOn() throws {
        let listener = try Listener()
        let port = listener.port

        let started = Date()
        let result = try TodoRunner().run(["list", "--db", "postgres://todo:secret@127.0.0.1:\(port)/todo"], environment: ["TODO_PG_CONNECT_TIMEOUT": "1"])
        #expect(result.failedCleanly(with: 1, oneLine: true), "\(result.summary)")
        #expect(result.stderr.contains("cannot connect to postgres://todo@127.0.0.1:\(port)/todo"), "\(result.stderr)")
        #expect(Date().timeIntervalSince(started) < 10)
    }

    /// Something that reads what todo sends and hangs up, as a server that is not PostgreSQL's
    /// (or one that turns the client away without a word) does.
    @Test func aPeerThatHangsUpIsSaidSo() throws {
        let listener = try Listener { peer in
            var buffer = [UInt8](repeating: 0, count: 64)
            _ = read(peer, &buffer, buffer.count)
            close(peer)
        }
        for mode in ["disable", "prefer"] {
            let result = try TodoRunner().run(["list", "--db", "postgres://todo:secret@127.0.0.1:\(listener.port)/todo?sslmode=\(mode)"])
            #expect(result.failedCleanly(with: 1, oneLine: true), "\(result.summary)")
            #expect(result.stderr.contains("the other end closed the connection before todo could log in"), "\(result.stderr)")
        }
    }

    /// No host is a server on this machine, through its socket in a folder (Debian's by default);
    /// a host that names nothing cannot be found.
    @Test func aMissingSocketAndAnUnknownHostAreSaidSo() throws {
        let todo = try TodoRunner()
        let folder = todo.directory.path("sockets")
        let socket = try todo.run(["list", "--db", "postgres://todo:secret@/todo?host=\(folder)"])
        #expect(socket.failedCleanly(with: 1, oneLine: true), "\(socket.summary)")
        #expect(socket.stderr.contains("there is no server's socket at \(folder)/.s.PGSQL.5432"), "\(socket.stderr)")
        let unknown = try todo.run(["list", "--db", "postgres://todo:secret@no-such-host.invalid/todo"], environment: ["TODO_PG_CONNECT_TIMEOUT": "5"])
        #expect(unknown.failedCleanly(with: 1, oneLine: true), "\(unknown.summary)")
        #expect(unknown.stderr.contains("no host named 'no-such-host.invalid' could be found"), "\(unknown.stderr)")
    }

    /// A file's settings that todo cannot use do not stop a command on a server (they did: the
    /// server's options were read through the file's), and a server's own bad one still does.
    @Test func aFilesSettingsDoNotConcernAServer() throws {
        let url = try PostgresTestServer.newDatabase()
        let todo = try TodoRunner()
        let fileOnly: [String: String?] = ["TODO_SYNC": "sometimes", "TODO_BUSY_TIMEOUT": "soon"]
        let added = try todo.run(["--db", url, "add", "Inbox", "x"], environment: fileOnly)
        #expect(added.status == 0, "\(added.summary)")
        #expect(try PostgresTestServer.psql(url, "SELECT title FROM tasks") == "x")
        let refused = try todo.run(["--db", url, "add", "Inbox", "y"], environment: ["TODO_PG_STATEMENT_TIMEOUT": "soon"])
        #expect(refused.failedCleanly(with: 64, oneLine: true), "\(refused.summary)")
        #expect(refused.stderr.contains("TODO_PG_STATEMENT_TIMEOUT must be a whole number of seconds"), "\(refused.stderr)")
        #expect(try PostgresTestServer.psql(url, "SELECT count(*) FROM tasks") == "1")
    }
}
#endif
