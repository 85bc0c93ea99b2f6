import TodoCLI
import TodoConfiguration
import TodoCore
import TodoSQLite
import TodoSync
import TodoTerminal

#if canImport(Glibc)
import Glibc
#endif

/// `todo sync …` on the configured file (never a server: a hub is what a file syncs with).
extension CompositionRoot {
    static func sync(_ settings: Settings, _ request: SyncRequest) throws {
        let configuration = try Configuration.resolve(databaseFlag: settings.db), location = configuration.location
        if location.server != nil { throw SyncFailure.notAFile(location.shown) }
        // Only linking may make the file: a new machine's first step.
        var hub: ServerURL?
        if case .link(let text) = request {
            hub = ServerURL(text)
            guard let hub else { throw SyncFailure.notAHub(text) }
            if !opensServers { throw ServerRefusal.notThisBuild(hub) }
        } else if access(location.path, F_OK) != 0 {
            throw SyncFailure.notLinked
        }
        let file = try open(configuration, onlyReads: false), json = settings.json
        switch request {
        case .link(let text):
            guard let url = hub else { throw SyncFailure.notAHub(text) }
            let report = try exchange(file, url, configuration, linking: true)
            try print(SyncText.report(report, linking: true, json: json))
            if report.clearedHistory { StandardError.write("todo: the history was cleared: its changes named the tasks' old ids\n") }
        case .run:
            try print(SyncText.report(try exchange(file, try linkedHub(of: file, configuration), configuration, linking: false), linking: false, json: json))
        case .status: try print(SyncText.status(try Sync.status(of: file), json: json))
        case .conflicts(let ids) where !ids.isEmpty:
            try Sync.dismiss(ids, in: file)
            try print(SyncText.dismissed(ids, json: json))
        case .conflicts:
            var lines: [String] = []
            try Sync.forEachConflict(in: file) { lines.append(json ? SyncText.conflict(json: $0) : SyncText.line($0)) }
            try print(json ? "[" + lines.joined(separator: ",") + "]\n" : lines.map { $0 + "\n" }.joined())
        case .unlink: try print(SyncText.unlinked(try Sync.unlink(file), json: json))
        }
    }

    /// The hub `file` is linked to: TODO_SYNC_URL (with its password), else the URL it keeps.
    private static func linkedHub(of file: SQLiteTodoRepository, _ configuration: Configuration) throws -> ServerURL {
        guard let link = try Sync.link(of: file) else { throw SyncFailure.notLinked }
        return try configuration.syncSettings().url ?? ServerURL(link.hub) ?? { throw SyncFailure.notAHub(link.hub) }()
    }

    /// TODO_SYNC_AUTO: a sync after a command that wrote to a linked file, bounded by
    /// TODO_SYNC_TIMEOUT. It never fails the command: not reaching the hub is one line on stderr,
    /// and so is each conflict found.
    static func syncAfterwards(_ configuration: Configuration, _ repository: any TodoRepository) {
        guard let file = repository as? SQLiteTodoRepository, (try? Sync.link(of: file)) != nil else { return }
        do {
            let report = try exchange(file, try linkedHub(of: file, configuration), configuration, linking: false,
                                      timeout: try configuration.syncSettings().timeoutSeconds)
            for conflict in report.conflicts { StandardError.write("todo: sync conflict: " + SyncText.line(conflict) + "\n") }
        } catch {
            StandardError.write("todo: not synced (\(TerminalText.safe(String(describing: error))))\n")
        }
    }
}
