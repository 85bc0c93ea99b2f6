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
        case .link:
            guard let url = hub else { return }
            let report = try exchange(file, url, configuration, linking: true)
            try print(SyncText.report(report, linking: true, json: json))
            if report.clearedHistory { StandardError.write("todo: the history was cleared: its changes named the tasks' old ids\n") }
        case .run:
            guard let link = try Sync.link(of: file) else { throw SyncFailure.notLinked }
            let url = try configuration.syncSettings().url ?? ServerURL(link.hub) ?? { throw SyncFailure.notAHub(link.hub) }()
            try print(SyncText.report(try exchange(file, url, configuration, linking: false), linking: false, json: json))
        case .status: try print(SyncText.status(try Sync.status(of: file), json: json))
        case .conflicts(let ids) where !ids.isEmpty: try Sync.dismiss(ids, in: file)
        case .conflicts:
            var lines: [String] = []
            try Sync.forEachConflict(in: file) { lines.append(json ? SyncText.conflict(json: $0) : SyncText.line($0)) }
            try print(json ? "[" + lines.joined(separator: ",") + "]\n" : lines.map { $0 + "\n" }.joined())
        case .unlink: try print(SyncText.unlinked(try Sync.unlink(file), json: json))
        }
    }
}
