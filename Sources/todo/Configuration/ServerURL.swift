import TodoCore

/// A `postgres://` or `postgresql://` URL given for the database (CLI.md's PostgreSQL section).
/// Recognised in every build, so that it is never taken for a file path (which would create a
/// folder named `postgres:`), and its password is never printed.
struct ServerURL: Equatable {
    /// The URL as given.
    let text: String

    init?(_ text: String) {
        let lowered = text.lowercased()
        guard lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://") else { return nil }
        self.text = text
    }

    /// The URL without its password (`postgres://ann@host/todo`), to show and to log: neither
    /// the one after the user nor a `password=` parameter, which libpq takes as well.
    var withoutPassword: String {
        guard let colon = text.firstIndex(of: ":") else { return text }
        let prefixEnd = text.index(colon, offsetBy: 3)  // init made sure "://" follows the scheme
        var rest = Substring(text[prefixEnd...])
        var query: Substring?
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        // The user information ends at the last `@` before the host's path or the end.
        let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        if let at = rest[..<authorityEnd].lastIndex(of: "@"), let passwordStart = rest[..<at].firstIndex(of: ":") {
            rest = rest[..<passwordStart] + rest[at...]
        }
        let parameters = query.map { $0.split(separator: "&", omittingEmptySubsequences: false).filter { !Self.namesPassword($0) } } ?? []
        return String(text[..<prefixEnd]) + rest + (parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&"))
    }

    /// Whether a URL parameter is `password=…`, its name percent-encoded or not (libpq decodes
    /// it); a name that cannot be decoded is compared as written.
    private static func namesPassword(_ parameter: Substring) -> Bool {
        let name = parameter.prefix { $0 != "=" }
        return String(decoding: name.percentDecoded ?? Array(name.utf8), as: UTF8.self).lowercased() == "password"
    }
}

/// A server URL in a build without the PostgreSQL trait: exit 1, saying how to get a build that
/// opens it.
struct ServerNotSupported: ServerFailure {
    let url: ServerURL

    var description: String {
        "this todo cannot open a PostgreSQL database (\(url.withoutPassword)): it was built for SQLite files only; build it with `swift build -c release --traits PostgreSQL` (see README), or give --db or TODO_DB a file path"
    }
}

/// A server URL given as `todo db backup`'s FILE: exit 1, saying how to copy into a server.
struct BackupToServer: ServerFailure {
    let url: ServerURL

    var description: String {
        "a backup is written to a new file, not to a server (\(url.withoutPassword)): to copy into one, `todo export | todo import --keep-ids --db URL`"
    }
}

extension DatabaseLocation {
    /// The server this location names, if it is a URL.
    var server: ServerURL? { ServerURL(path) }

    /// The location as it may be shown: a server URL without its password.
    var shown: String { ServerURL(path)?.withoutPassword ?? path }
}

/// What goes wrong with a PostgreSQL database: one `Error:` line, exit 1.
protocol ServerFailure: Error, CustomStringConvertible {}
