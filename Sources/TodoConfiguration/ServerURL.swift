import TodoCore

/// A `postgres://` or `postgresql://` URL given for the database (the manual's section on PostgreSQL).
/// Recognised in every build, so that it is never taken for a file path (which would create a
/// folder named `postgres:`), and its password is never printed.
public struct ServerURL: Equatable, Sendable {
    /// The URL as given.
    public let text: String

    public init?(_ text: String) {
        guard ServerAddress.isServerURL(text) else { return nil }
        self.text = text
    }

    /// The URL without its password (`postgres://ann@host/todo`), to show and to log.
    public var withoutPassword: String { ServerPasswords.removed(from: text[...]) }
}

/// A server URL todo will not use here: exit 1, saying what to do instead.
public enum ServerRefusal: ReportedError, Equatable {
    /// A build without the PostgreSQL trait: how to get one that opens it.
    case notThisBuild(ServerURL)
    /// Given as `todo db backup`'s FILE: how to copy into a server.
    case backupInto(ServerURL)

    public var description: String {
        switch self {
        case .notThisBuild(let url):
            "this todo cannot open a PostgreSQL database (\(url.withoutPassword)): it was built for SQLite files only; build it with `swift build -c release --traits PostgreSQL` (see docs/manual.md), or give --db or TODO_DB a file path"
        case .backupInto(let url):
            "a backup is written to a new file, not to a server (\(url.withoutPassword)): to copy into one, `todo export | todo import --keep-ids --db URL`"
        }
    }
}

extension DatabaseLocation {
    /// The server this location names, if it is a URL.
    public var server: ServerURL? { ServerURL(path) }

    /// The location as it may be shown: a server URL without its password.
    public var shown: String { ServerURL(path)?.withoutPassword ?? path }
}
