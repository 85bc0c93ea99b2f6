/// A PostgreSQL URL's password is never shown (docs/manual.md): not by `todo db path`, and not inside
/// any message that echoes what was typed or configured (`Error: 2 unexpected arguments:
/// 'init', 'postgres://ann:s3cret@localhost/todo'` from ArgumentParser, a list name, a value
/// read from `.env`). Everything written to stderr passes through `hidden(in:)`.
public enum ServerPasswords {
    /// `url` (a `postgres://` or `postgresql://` URL) without its password: neither the one
    /// after the user nor a `password=` parameter, which libpq takes as well.
    public static func removed(from url: Substring) -> String {
        // By scalar, as `ServerAddress` reads it: an `@` a combining mark follows is one.
        guard let colon = url.unicodeScalars.firstIndex(of: ":"),
              let prefixEnd = url.unicodeScalars.index(colon, offsetBy: 3, limitedBy: url.endIndex) else {
            return String(url)
        }
        var rest = url[prefixEnd...]
        var query: Substring?
        if let (before, after) = rest.split(atFirst: "?") { (rest, query) = (before, after) }
        // The user information ends at the last `@` before the host's path or the end.
        let authority = rest.split(atFirst: "/")?.before ?? rest
        if let (info, _) = authority.split(atLast: "@"), let (user, _) = info.split(atFirst: ":") {
            rest = user + rest[info.endIndex...]
        }
        let parameters = query.map {
            $0.unicodeScalars.split(separator: "&", omittingEmptySubsequences: false).map(Substring.init).filter { !namesPassword($0) }
        } ?? []
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

    /// Where the next `postgres://` or `postgresql://` (any case) starts. By scalar, as the URL
    /// is read: `://` that a combining mark follows is still one.
    private static func nextURL(in text: Substring) -> Substring.Index? {
        let scalars = text.unicodeScalars
        var index = text.startIndex
        while let colon = scalars[index...].firstIndex(of: ":") {
            let scheme = scalars[..<colon].reversed().prefix { $0.properties.isAlphabetic }
            let word = String(String.UnicodeScalarView(scheme.reversed())).lowercased()
            if word.hasSuffix("postgresql") || word.hasSuffix("postgres"), text[colon...].utf8.starts(with: "://".utf8) {
                return scalars.index(colon, offsetBy: -(word.hasSuffix("postgresql") ? 10 : 8))
            }
            index = scalars.index(after: colon)
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
