import TodoCore

#if canImport(Glibc)
import Glibc
#endif

/// Which database file a command uses, and why: the manual's order, first match wins.
public struct DatabaseLocation: Equatable, Sendable {
    public enum Source: String, Sendable {
        case flag = "--db"
        case environment = "TODO_DB"
        case dotEnv = "TODO_DB in ./.env"
        case xdgDataHome = "$XDG_DATA_HOME"
        case home = "~/.local/share"
    }

    public let path: String
    public let source: Source

    public init(path: String, source: Source) {
        self.path = path
        self.source = source
    }

    /// `--db`, then `$TODO_DB`, then `TODO_DB` in `./.env`, then the XDG data directory.
    /// A location SQLite would not read as a file (`:memory:`, a `file:` URI) is refused: a
    /// command there would say it succeeded and keep nothing.
    public static func resolve(flag: String?, environment: Environment, dotEnvPath: String = ".env") throws -> DatabaseLocation {
        let location = try given(flag: flag, environment: environment, dotEnvPath: dotEnvPath)
        if location.server == nil, let reason = FileName.specialMeaning(of: location.path) {
            throw SettingError.refusedLocation(path: location.path, reason: reason)
        }
        return location
    }

    private static func given(flag: String?, environment: Environment, dotEnvPath: String) throws -> DatabaseLocation {
        if let flag { return DatabaseLocation(path: flag, source: .flag) }
        if let path = try environment.value("TODO_DB") { return DatabaseLocation(path: path, source: .environment) }
        if let path = try DotEnv.read(dotEnvPath)["TODO_DB"], !path.isEmpty {
            // A file can hold a NUL byte, which would silently cut the path short in C.
            if path.utf8.contains(0) { throw SettingError.refusedLocation(path: path, reason: "TODO_DB in ./.env contains a NUL byte") }
            return DatabaseLocation(path: path, source: .dotEnv)
        }
        // The XDG spec says to ignore a relative XDG_DATA_HOME.
        if let data = try environment.value("XDG_DATA_HOME"), data.hasPrefix("/") {
            return DatabaseLocation(path: data + "/todo/todo.db", source: .xdgDataHome)
        }
        guard let home = try environment.value("HOME") ?? homeFromPasswordFile() else {
            throw SettingError.refusedLocation(path: "~/.local/share/todo/todo.db", reason: "HOME is not set; give --db or TODO_DB")
        }
        return DatabaseLocation(path: home + "/.local/share/todo/todo.db", source: .home)
    }

    private static func homeFromPasswordFile() throws -> String? {
        guard let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir else { return nil }
        guard let home = String(validatingCString: dir) else { throw SettingError.notUTF8(name: "the home folder in /etc/passwd") }
        return home.isEmpty ? nil : home
    }
}

extension DatabaseLocation.Source {
    /// The source as a word for JSON.
    public var key: String {
        switch self {
        case .flag: "flag"
        case .environment: "environment"
        case .dotEnv: "dotenv"
        case .xdgDataHome: "xdg_data_home"
        case .home: "home"
        }
    }
}
