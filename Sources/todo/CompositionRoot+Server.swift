import TodoCore
import TodoSQLite
#if PostgreSQL
import TodoPostgres

extension ServerError: ServerFailure {}
#endif

#if canImport(Glibc)
import Glibc
#endif

extension CompositionRoot {
    /// Whether this build opens `postgres://` URLs (the PostgreSQL trait).
    #if PostgreSQL
    static let opensServers = true
    #else
    static let opensServers = false
    #endif

    /// The repository on a PostgreSQL server, in place of the SQLite file: the same coordinators
    /// and screens run on it. A build without the PostgreSQL trait says how to get one.
    static func openServer(_ url: ServerURL, _ environment: Environment) throws -> any TodoRepository {
        #if PostgreSQL
        return try PostgresTodoRepository.open(url: url.text, shown: url.withoutPassword, options: serverOptions(environment))
        #else
        throw ServerNotSupported(url: url)
        #endif
    }

    /// `todo db check` on a server: its schema, values and counts, without migrating it.
    static func checkServer(_ url: ServerURL, _ environment: Environment, repair: Bool) throws -> CheckReport {
        #if PostgreSQL
        return try PostgresTodoRepository.check(url: url.text, shown: url.withoutPassword, options: serverOptions(environment), repair: repair)
        #else
        throw ServerNotSupported(url: url)
        #endif
    }

    /// `todo db backup FILE` on a server: its lists and tasks as they are at one moment, into a
    /// new SQLite file that any todo opens (the history stays on the server).
    static func backUpServer(_ url: ServerURL, _ environment: Environment, to file: String) throws {
        #if PostgreSQL
        var serverOptions = try serverOptions(environment)
        serverOptions.setsUpSchema = false
        let options = try SQLiteTodoRepository.Options.from(environment)
        // The file is refused first, if it must be; the server is asked only then.
        try SQLiteTodoRepository.create(newFileAt: file, options: options) { copy in
            let server = try PostgresTodoRepository.open(url: url.text, shown: url.withoutPassword, options: serverOptions)
            _ = try server.readingOneMoment { try server.copyEverything(into: copy) }
        }
        #else
        throw ServerNotSupported(url: url)
        #endif
    }

    /// The names of the lists on a server, read as they are (a database todo has not set up, or
    /// must upgrade, has none); none when the server cannot be reached within a few seconds.
    static func serverListNames(_ url: ServerURL, _ environment: Environment) -> [String] {
        #if PostgreSQL
        guard var options = try? serverOptions(environment) else { return [] }
        options.setsUpSchema = false
        // A shell waits for this on TAB: a server that does not answer soon gives no names.
        options.connectTimeoutSeconds = min(options.connectTimeoutSeconds, 3)
        var names: [String] = []
        guard let server = try? PostgresTodoRepository.open(url: url.text, shown: url.withoutPassword, options: options),
              (try? server.forEachList({ names.append($0.name) })) != nil
        else { return [] }
        return names
        #else
        return []
        #endif
    }

    #if PostgreSQL
    /// The server's settings from the environment: timeouts, the history's bound, libpq's
    /// defaults for what the URL leaves out.
    private static func serverOptions(_ environment: Environment) throws -> PostgresTodoRepository.Options {
        var options = PostgresTodoRepository.Options()
        options.historyLimit = try SQLiteTodoRepository.Options.from(environment).historyLimit
        if let seconds = try environment.wholeNumber("TODO_PG_STATEMENT_TIMEOUT", upTo: 86_400, of: "seconds") {
            options.statementTimeoutSeconds = seconds
        }
        if let seconds = try environment.wholeNumber("TODO_PG_CONNECT_TIMEOUT", upTo: 3600, of: "seconds") {
            options.connectTimeoutSeconds = seconds
        }
        // libpq's defaults: PGUSER, else the login name; the password from PGPASSWORD.
        options.fallbackUser = try environment.value("PGUSER") ?? environment.value("USER") ?? loginName() ?? "postgres"
        options.fallbackPassword = try environment.value("PGPASSWORD")
        // The authorities verify-ca and verify-full trust: PGSSLROOTCERT, else the file libpq
        // looks for in the home folder, when there is one (else the system's).
        let usual = try environment.value("HOME").map { $0 + "/.postgresql/root.crt" }
        options.fallbackRootCertificate = try environment.value("PGSSLROOTCERT") ?? usual.flatMap { access($0, F_OK) == 0 ? $0 : nil }
        return options
    }
    #endif

    /// The name of the user running todo, from the password database.
    private static func loginName() -> String? {
        guard let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name else { return nil }
        return String(cString: name)
    }
}
