import Foundation
import Testing
import TodoTestSupport

/// No message shows a server URL's password, whoever writes it: ArgumentParser echoing
/// unexpected arguments (`todo sync init postgres://ann:s3cret@…` printed the password), an
/// error that names a value typed or configured, a setting read from the environment or `.env`.
@Suite struct PasswordEchoTests {
    static let url = "postgres://ann:s3cret@localhost/todo?password=s3cret&sslmode=disable"

    @Test func noMessageShowsAPassword() throws {
        let todo = try TodoRunner()
        try todo.add("Work", "one")
        let cases: [(arguments: [String], environment: [String: String?])] = [
            (["sync", "init", Self.url], [:]),
            (["list", Self.url], [:]),
            (["add", "Work", "t", "--due", Self.url], [:]),
            (["add", "Work", "t", "--priority", Self.url], [:]),
            (["list", "Work", "--sort", "POSTGRESQL://ann:s3cret@h/x"], [:]),
            (["done", Self.url], [:]),
            (["tags", "--bogus=" + Self.url], [:]),
            (["list"], ["TODO_BUSY_TIMEOUT": Self.url]),
            (["list"], ["TODO_HISTORY_LIMIT": "x" + Self.url]),
            (["db", "backup", Self.url], [:]),
        ]
        for (arguments, environment) in cases {
            let result = try todo.run(arguments, environment: environment)
            #expect(result.status != 0, "\(result.summary)")
            #expect(!result.stderr.isEmpty && !result.stderr.contains("s3cret"), "\(result.summary)")
            #expect(!result.stdout.contains("s3cret"), "\(result.summary)")
        }
        // What is shown still says which server was meant.
        let shown = try todo.run(["sync", "init", Self.url])
        #expect(shown.stderr.contains("postgres://ann@localhost/todo?sslmode=disable"), "\(shown.summary)")
    }
}
