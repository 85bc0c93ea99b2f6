#if canImport(Glibc)
import Glibc
#endif

/// What the environment asks of a PostgreSQL database: timeouts, the history's bound, and
/// libpq's defaults for what a URL leaves out. Nil where it says nothing, so the repository's
/// own default holds. A file's settings (`TODO_SYNC`, `TODO_BUSY_TIMEOUT`) are not read: a bad
/// one is no reason to refuse a server.
public struct ServerSettings: Equatable, Sendable {
    /// `TODO_HISTORY_LIMIT`, as for a file.
    public var historyLimit: Int?
    /// `TODO_PG_STATEMENT_TIMEOUT`: seconds a statement may run before the server cancels it.
    public var statementTimeoutSeconds: Int?
    /// `TODO_PG_CONNECT_TIMEOUT`: seconds to wait for the server, unless the URL's connect_timeout says.
    public var connectTimeoutSeconds: Int?
    /// libpq's: `PGUSER`, else the login name.
    public var fallbackUser = "postgres"
    /// libpq's: `PGPASSWORD`.
    public var fallbackPassword: String?
    /// The authorities `verify-ca` and `verify-full` trust: `PGSSLROOTCERT`, else the file libpq
    /// looks for in the home folder when there is one (else the system's).
    public var fallbackRootCertificate: String?
    /// libpq's password file (`PGPASSFILE`, else `~/.pgpass`), read when it is only its owner's
    /// to read, as libpq requires: its text, for a URL without a password and no `PGPASSWORD`.
    public var passwordFile: String?

    public init(_ environment: Environment) throws {
        historyLimit = try FileSettings.historyLimit(environment)
        statementTimeoutSeconds = try environment.wholeNumber("TODO_PG_STATEMENT_TIMEOUT", upTo: 86_400, of: "seconds")
        connectTimeoutSeconds = try environment.wholeNumber("TODO_PG_CONNECT_TIMEOUT", upTo: 3600, of: "seconds")
        fallbackUser = try environment.value("PGUSER") ?? environment.value("USER") ?? Self.loginName() ?? "postgres"
        fallbackPassword = try environment.value("PGPASSWORD")
        let usual = try environment.value("HOME").map { $0 + "/.postgresql/root.crt" }
        fallbackRootCertificate = try environment.value("PGSSLROOTCERT") ?? usual.flatMap { access($0, F_OK) == 0 ? $0 : nil }
        if fallbackPassword == nil, let path = try environment.value("PGPASSFILE") ?? environment.value("HOME").map({ $0 + "/.pgpass" }) {
            // Unreadable, or readable by others: ignored, as libpq ignores it.
            if let file = try? RegularFile.read(path, limit: 1 << 20), file.mode & 0o077 == 0 {
                passwordFile = String(decoding: file.bytes, as: UTF8.self)
            }
        }
    }

    /// The name of the user running todo, from the password database.
    private static func loginName() -> String? {
        guard let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name else { return nil }
        return String(cString: name)
    }
}
