/// A PostgreSQL URL's password is never shown (docs/manual.md): not by `todo db path`, and not inside
/// any message that echoes what was typed or configured (`Error: 2 unexpected arguments:
/// 'init', 'postgres://ann:s3cret@localhost/todo'` from ArgumentParser, a list name, a value
/// read from `.env`). Everything written to stderr passes through `hidden(in:)`.
public enum ServerPasswords {
    /// `url` (a `postgres://` or `postgresql://` URL) without its password: neither the one
    /// after the user nor a `password=` parameter, which libpq takes as well.
    public static func removed(from url: Substring) -> String {
        guard let colon = url.firstIndex(of: ":"), let prefixEnd = url.index(colon, offsetBy: 3, limitedBy: url.endIndex) else {
            return String(url)
        }
        var rest = url[prefixEnd...]
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
        let parameters = query.map { $0.split(separator: "&", omittingEmptySubsequences: false).filter { !namesPassword($0) } } ?? []
        return String(url[..<prefixEnd]) + rest + (parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&"))
    }

    /// `text` with every server URL in it (up to the next space or quote) shown without its
    /// password; text with none is returned as it is.
    public static func hidden(in text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: ":")), let first = nextURL(in: text[...]) else { return text }
        var out = String(text[..<first])
        var rest = text[first...]
        while !rest.isEmpty {
            let end = rest.firstIndex { $0.isWhitespace || $0 == "'" || $0 == "\"" || $0 == "`" } ?? rest.endIndex
            out += removed(from: rest[..<end])
            rest = rest[end...]
            let next = nextURL(in: rest) ?? rest.endIndex
            out += rest[..<next]
            rest = rest[next...]
        }
        return out
    }

    /// Where the next `postgres://` or `postgresql://` (any case) starts.
    private static func nextURL(in text: Substring) -> Substring.Index? {
        var index = text.startIndex
        while let colon = text[index...].firstIndex(of: ":") {
            let scheme = text[..<colon].reversed().prefix { $0.isLetter }
            let word = String(scheme.reversed()).lowercased()
            if (word.hasSuffix("postgresql") || word.hasSuffix("postgres")), text[colon...].hasPrefix("://") {
                return text.index(colon, offsetBy: -(word.hasSuffix("postgresql") ? 10 : 8))
            }
            index = text.index(after: colon)
        }
        return nil
    }

    /// Whether a URL parameter is `password=…`, its name percent-encoded or not (libpq decodes
    /// it); a name that cannot be decoded is compared as written.
    private static func namesPassword(_ parameter: Substring) -> Bool {
        let name = parameter.prefix { $0 != "=" }
        return String(decoding: name.percentDecoded ?? Array(name.utf8), as: UTF8.self).lowercased() == "password"
    }
}
