/// Where a command-level test keeps its database. The tests that take one run once per store
/// with the same commands and expectations: on a SQLite file, and on a PostgreSQL database of
/// their own when the build has the PostgreSQL trait and a server is given
/// (TODO_TEST_POSTGRES_URL, which `scripts/test-all` sets).
public enum Store: String, Sendable, CustomStringConvertible {
    case file, server

    /// Every store the tests can run on here.
    public static let all: [Store] = {
        #if PostgreSQL
        [.file] + (PostgresTestServer.url == nil ? [] : [.server])
        #else
        [.file]
        #endif
    }()

    public var description: String { rawValue }
}
