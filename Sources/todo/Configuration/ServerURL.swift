/// A `postgres://` or `postgresql://` URL given where a database file is expected (CLI.md's
/// PostgreSQL section). This build cannot open one yet; it recognises one so that it is never
/// taken for a file path (which would create a folder named `postgres:`), and never prints its
/// password.
struct ServerURL: Equatable {
    /// The URL as given.
    let text: String

    init?(_ text: String) {
        let lowered = text.lowercased()
        guard lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://") else { return nil }
        self.text = text
    }

    /// The URL without its password (`postgres://ann@host/todo`), to show and to log.
    var withoutPassword: String {
        guard let colon = text.firstIndex(of: ":") else { return text }
        let prefixEnd = text.index(colon, offsetBy: 3)  // init made sure "://" follows the scheme
        let rest = text[prefixEnd...]
        // The user information ends at the last `@` before the host's path, query or end.
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        guard let at = rest[..<authorityEnd].lastIndex(of: "@") else { return text }
        let user = rest[..<at]
        guard let passwordStart = user.firstIndex(of: ":") else { return text }
        return String(text[..<prefixEnd]) + user[..<passwordStart] + rest[at...]
    }
}

/// A server URL this build has no driver for: exit 1, saying what it cannot do and what works.
struct ServerNotSupported: Error, CustomStringConvertible {
    let url: ServerURL

    var description: String {
        "this todo cannot open a PostgreSQL database (\(url.withoutPassword)): it is built for SQLite files only, and PostgreSQL support is not written yet; give --db or TODO_DB a file path"
    }
}

extension DatabaseLocation {
    /// The location as a file path; `ServerNotSupported` for a server URL.
    func requireFile() throws -> DatabaseLocation {
        if let url = ServerURL(path) { throw ServerNotSupported(url: url) }
        return self
    }

    /// The location as it may be shown: a server URL without its password.
    var shown: String { ServerURL(path)?.withoutPassword ?? path }
}
