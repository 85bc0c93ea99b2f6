import TodoConfiguration
import TodoCore
import TodoHistory
import TodoSQLite
import TodoSync
#if PostgreSQL
import TodoPostgres
#endif

/// The repository on a PostgreSQL server, in place of the SQLite file: the same coordinators and
/// screens run on it. A build without the PostgreSQL trait says how to get one, for every use.
extension CompositionRoot {
    #if PostgreSQL
    static let opensServers = true

    static func openServer(_ url: ServerURL, _ configuration: Configuration) throws -> any TodoRepository {
        try PostgresTodoRepository.open(url: url.text, shown: url.withoutPassword, options: .init(configuration.serverSettings()))
    }

    /// `todo db check` on a server: its schema, values and counts, without migrating it.
    static func checkServer(_ url: ServerURL, _ configuration: Configuration, repair: Bool) throws -> CheckReport {
        try PostgresTodoRepository.check(url: url.text, shown: url.withoutPassword, options: .init(configuration.serverSettings()), repair: repair)
    }

    /// `todo db backup FILE` on a server: its lists and tasks as they are at one moment, into a
    /// new SQLite file that any todo opens (the history stays on the server).
    static func backUpServer(_ url: ServerURL, _ configuration: Configuration, to file: String) throws {
        var serverOptions = PostgresTodoRepository.Options(try configuration.serverSettings())
        serverOptions.setsUpSchema = false
        // The file is refused first, if it must be; the server is asked only then.
        try SQLiteTodoRepository.create(newFileAt: file, options: .init(configuration.fileSettings())) { copy in
            let server = try PostgresTodoRepository.open(url: url.text, shown: url.withoutPassword, options: serverOptions)
            _ = try server.readingOneMoment { try server.copyEverything(into: copy) }
        }
    }

    /// The names of the lists on a server, read as they are (a database todo has not set up, or
    /// must upgrade, has none); none when the server cannot be reached within a few seconds.
    static func serverForEachListName(_ url: ServerURL, _ configuration: Configuration, _ body: (String) -> Void) {
        guard var options = try? PostgresTodoRepository.Options(configuration.serverSettings()) else { return }
        options.setsUpSchema = false
        // A shell waits for this on TAB: a server that does not answer soon gives no names.
        options.connectTimeoutSeconds = min(options.connectTimeoutSeconds, 3)
        guard let server = try? PostgresTodoRepository.open(url: url.text, shown: url.withoutPassword, options: options) else { return }
        try? server.forEachList { body($0.name) }
    }

    /// `todo sync` (or, `linking`, `todo sync init`) between `file` and the hub at `url`.
    /// `timeout`: seconds to reach the hub and for each statement (the sync after a command).
    static func exchange(_ file: any SQLRepository, _ url: ServerURL, _ configuration: Configuration, linking: Bool, timeout: Int? = nil) throws -> SyncReport {
        var options = PostgresTodoRepository.Options(try configuration.serverSettings())
        if let timeout {
            (options.connectTimeoutSeconds, options.statementTimeoutSeconds, options.statementTimeoutSetting) = (timeout, timeout, "TODO_SYNC_TIMEOUT")
        }
        let hub = try PostgresTodoRepository.open(url: url.text, shown: url.withoutPassword, options: options)
        let block = Int64(try configuration.syncSettings().idBlock), now = LocalClock().timestamp()
        if linking { return try Sync.link(file: file, hub: hub, shown: url.withoutPassword, block: block, now: now) }
        return try Sync.run(file: file, hub: hub, shown: url.withoutPassword, block: block, now: now)
    }
    #else
    static let opensServers = false

    static func exchange(_: any SQLRepository, _ url: ServerURL, _: Configuration, linking _: Bool, timeout _: Int? = nil) throws -> SyncReport {
        throw ServerRefusal.notThisBuild(url)
    }

    static func openServer(_ url: ServerURL, _: Configuration) throws -> any TodoRepository { throw ServerRefusal.notThisBuild(url) }
    static func checkServer(_ url: ServerURL, _: Configuration, repair _: Bool) throws -> CheckReport { throw ServerRefusal.notThisBuild(url) }
    static func backUpServer(_ url: ServerURL, _: Configuration, to _: String) throws { throw ServerRefusal.notThisBuild(url) }
    static func serverForEachListName(_: ServerURL, _: Configuration, _: (String) -> Void) {}
    #endif
}
