import TodoConfiguration
import TodoCore
import TodoSQLite
#if PostgreSQL
import TodoPostgres
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
    static func openServer(_ url: ServerURL, _ configuration: Configuration) throws -> any TodoRepository {
        #if PostgreSQL
        return try PostgresTodoRepository.open(url: url.text, shown: url.withoutPassword, options: PostgresTodoRepository.Options(configuration.serverSettings()))
        #else
        throw ServerNotSupported(url: url)
        #endif
    }

    /// `todo db check` on a server: its schema, values and counts, without migrating it.
    static func checkServer(_ url: ServerURL, _ configuration: Configuration, repair: Bool) throws -> CheckReport {
        #if PostgreSQL
        return try PostgresTodoRepository.check(url: url.text, shown: url.withoutPassword, options: PostgresTodoRepository.Options(configuration.serverSettings()), repair: repair)
        #else
        throw ServerNotSupported(url: url)
        #endif
    }

    /// `todo db backup FILE` on a server: its lists and tasks as they are at one moment, into a
    /// new SQLite file that any todo opens (the history stays on the server).
    static func backUpServer(_ url: ServerURL, _ configuration: Configuration, to file: String) throws {
        #if PostgreSQL
        var serverOptions = PostgresTodoRepository.Options(try configuration.serverSettings())
        serverOptions.setsUpSchema = false
        let options = SQLiteTodoRepository.Options(try configuration.fileSettings())
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
    static func serverListNames(_ url: ServerURL, _ configuration: Configuration) -> [String] {
        #if PostgreSQL
        guard var options = try? PostgresTodoRepository.Options(configuration.serverSettings()) else { return [] }
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
}
