import TodoCLI
import TodoCore
import TodoInterchange
import TodoSQLite
import TodoTerminal

#if canImport(Glibc)
import Glibc
#endif

/// `todo db ...`: these work on the database itself, not on lists and tasks, so they go straight
/// to the repository (a SQLite file's, or a server's) rather than through the screens.
extension CompositionRoot {
    static func showDatabasePath(_ options: Settings) throws {
        let location = try DatabaseLocation.resolve(flag: options.db, environment: .process)
        // A server URL is shown without its password; whether it exists is not known here.
        let isServer = ServerURL(location.path) != nil
        let exists = !isServer && access(location.path, F_OK) == 0
        let output = StandardOutput(holdUntilFlushed: true)
        if options.json {
            try output.write("{\"path\":" + JSONWriter.string(location.shown) + ",\"source\":"
                + JSONWriter.string(location.source.key) + ",\"exists\":\(isServer ? "null" : String(exists))}\n")
        } else {
            try output.write(TerminalText.safe(location.shown) + "\n")
            let note = isServer ? "; a PostgreSQL database" + (CompositionRoot.opensServers ? "" : ", which this todo cannot open (built without PostgreSQL)")
                : exists ? "" : "; it does not exist yet"
            try output.write("chosen by \(location.source.rawValue)" + note + "\n")
        }
        try output.flush()
    }

    static func checkDatabase(_ options: Settings, repair: Bool) throws {
        let environment = Environment.process
        let location = try DatabaseLocation.resolve(flag: options.db, environment: environment)
        let report = if let server = location.server {
            try checkServer(server, environment, repair: repair)
        } else {
            try SQLiteTodoRepository.check(
                path: location.path, busyTimeoutMilliseconds: SQLiteTodoRepository.Options.from(environment).busyTimeoutMilliseconds,
                repair: repair)
        }
        // What was repaired, or could not be checked, is said on stderr, so stdout stays the verdict.
        for line in report.repaired { StandardError.write("todo: repaired: \(TerminalText.safe(line))\n") }
        for line in report.notChecked { StandardError.write("todo: \(TerminalText.safe(line))\n") }
        guard report.findings.isEmpty else {
            throw CommandFailure.checkFailed(path: location.shown, findings: report.findings)
        }
        let output = StandardOutput(holdUntilFlushed: true)
        try output.write(options.json ? "{\"path\":" + JSONWriter.string(location.shown) + ",\"ok\":true,\"repaired\":\(report.repaired.count)}\n"
                                      : "\(TerminalText.safe(location.shown)): ok\n")
        try output.flush()
    }

    static func backUpDatabase(_ options: Settings, to file: String) throws {
        let environment = Environment.process
        // A backup is a file; copying into a server is an import.
        if let target = ServerURL(file) { throw BackupToServer(url: target) }
        let location = try DatabaseLocation.resolve(flag: options.db, environment: environment)
        if let server = location.server {
            try backUpServer(server, environment, to: file)
        } else {
            try SQLiteTodoRepository.backup(
                databaseAt: location.path, to: file, busyTimeoutMilliseconds: SQLiteTodoRepository.Options.from(environment).busyTimeoutMilliseconds)
        }
        let output = StandardOutput(holdUntilFlushed: true)
        try output.write(options.json ? "{\"backup\":" + JSONWriter.string(file) + "}\n"
                                      : "Backed up \(TerminalText.safe(location.shown)) to \(TerminalText.safe(file))\n")
        try output.flush()
    }

}

extension DatabaseLocation.Source {
    /// The source as a word for JSON.
    var key: String {
        switch self {
        case .flag: "flag"
        case .environment: "environment"
        case .dotEnv: "dotenv"
        case .xdgDataHome: "xdg_data_home"
        case .home: "home"
        }
    }
}
