import TodoCLI
import TodoConfiguration
import TodoCore
import TodoSQLite
import TodoTerminal

#if canImport(Glibc)
import Glibc
#endif

/// `todo db ...`: these work on the database itself, not on lists and tasks, so they go straight
/// to the repository (a SQLite file's, or a server's) rather than through the screens.
extension CompositionRoot {
    static func showDatabasePath(_ options: Settings) throws {
        let location = try Configuration.resolve(databaseFlag: options.db).location
        // A server URL is shown without its password; whether it exists is not known here.
        let exists = location.server == nil ? access(location.path, F_OK) == 0 : nil
        try StandardOutput.print(DatabaseReport.path(location.shown, source: location.source.rawValue, sourceKey: location.source.key,
                                      exists: exists, opensServers: opensServers, json: options.json))
    }

    static func checkDatabase(_ options: Settings, repair: Bool) throws {
        let configuration = try Configuration.resolve(databaseFlag: options.db)
        let location = configuration.location
        let report = if let server = location.server {
            try checkServer(server, configuration, repair: repair)
        } else {
            try SQLiteTodoRepository.check(
                path: location.path, busyTimeoutMilliseconds: SQLiteTodoRepository.Options(configuration.fileSettings()).busyTimeoutMilliseconds,
                repair: repair)
        }
        DatabaseReport.tellRepairs(of: report)
        guard report.findings.isEmpty else {
            throw CommandFailure.checkFailed(path: location.shown, findings: report.findings)
        }
        try StandardOutput.print(DatabaseReport.checked(location.shown, repaired: report.repaired.count, json: options.json))
    }

    static func backUpDatabase(_ options: Settings, to file: String) throws {
        // A backup is a file; copying into a server is an import.
        if let target = ServerURL(file) { throw ServerRefusal.backupInto(target) }
        let configuration = try Configuration.resolve(databaseFlag: options.db)
        let location = configuration.location
        if let server = location.server {
            try backUpServer(server, configuration, to: file)
        } else {
            try SQLiteTodoRepository.backup(
                databaseAt: location.path, to: file,
                busyTimeoutMilliseconds: SQLiteTodoRepository.Options(configuration.fileSettings()).busyTimeoutMilliseconds)
        }
        try StandardOutput.print(DatabaseReport.backedUp(location.shown, to: file, json: options.json))
    }
}

