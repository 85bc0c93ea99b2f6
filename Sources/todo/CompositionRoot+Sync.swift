import TodoCLI
import TodoConfiguration
import TodoSQLite

/// `todo sync …`: the configured file, and its exchange with a hub (`exchange`, with the
/// PostgreSQL repository or refused by a build without it).
extension CompositionRoot {
    static func sync(_ settings: Settings, _ request: SyncRequest) throws {
        try syncRun(try Configuration.resolve(databaseFlag: settings.db)).carryOut(request, json: settings.json)
    }

    static func syncRun(_ configuration: Configuration) -> SyncRun {
        SyncRun(configuration, opensServers: opensServers, open: { try open(configuration, onlyReads: $0) }) {
            try exchange($0, $1, configuration, linking: $2, timeout: $3)
        }
    }
}
