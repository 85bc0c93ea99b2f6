/// Where a PostgreSQL database is and how to log in, read from libpq's URL form:
/// `postgres://user:password@host:port/dbname?sslmode=require&connect_timeout=5`. The one reading
/// of such a URL, in every build: one without PostgreSQL recognises it too (it is never taken for
/// a file path) and shows it without its password (`ServerPasswords`).
public struct ServerAddress: Sendable, Equatable {
    /// A URL that cannot be read: one line, never echoing the password.
    public struct Problem: ReportedError, Equatable {
        public let reason: String
        public var description: String { "cannot read the PostgreSQL URL: \(reason)" }
    }

    /// Whether `text` names a server rather than a file: it starts with `postgres://` or
    /// `postgresql://`, in any case.
    public static func isServerURL(_ text: String) -> Bool {
        // By bytes: as Characters, `//` that a combining mark follows is not `//`, and the URL
        // would be taken for a file's path.
        let lowered = text.utf8.prefix(13).map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
        return lowered.starts(with: "postgres://".utf8) || lowered.starts(with: "postgresql://".utf8)
    }

    public enum TLSMode: String, Sendable {
        /// libpq's modes; `prefer` (its default) tries TLS and falls back to none. The
        /// certificate is checked only under `verify-ca` (signed by an authority trusted) and
        /// `verify-full` (that, and made out to the host connected to).
        case disable, allow, prefer, require, verifyCA = "verify-ca", verifyFull = "verify-full"
    }

    /// A host name or address; a path (a folder holding the server's socket) means a Unix
    /// socket, as with libpq, and so does a URL with no host (Debian's /var/run/postgresql).
    public var host: String
    public var port: Int
    public var user: String
    public var password: String?
    public var database: String
    public var tls: TLSMode
    /// Seconds to wait for the server to answer before giving up.
    public var connectTimeout: Int
    /// The authorities `verify-ca` and `verify-full` trust, as a PEM file (a team's own CA), as
    /// libpq finds it: the `sslrootcert` parameter, else `PGSSLROOTCERT`, else
    /// `~/.postgresql/root.crt` when it exists; nil for the system's roots (`sslrootcert=system`,
    /// or none of those).
    public var rootCertificate: String?

    /// Reads `url`; `fallbackUser` is libpq's default (the login name), `password` the one from
    /// `PGPASSWORD` and `rootCertificate` the authorities' file found outside the URL, used when
    /// the URL has none. Throws `Problem` saying what is wrong, never echoing the
    /// password.
    public init(url: String, fallbackUser: String, password fallbackPassword: String?, connectTimeout: Int,
                rootCertificate fallbackRootCertificate: String? = nil) throws {
        guard let schemeEnd = url.utf8.firstRange(of: "://".utf8),
              ["postgres", "postgresql"].contains(url[..<schemeEnd.lowerBound].lowercased())
        else { throw Problem(reason: "it does not start with postgres:// or postgresql://") }
        // Split at its delimiters by scalar, as libpq reads bytes: as Characters, an `@` or `:`
        // that a combining mark follows is not one, and the password would be read as the host.
        var rest = url[schemeEnd.upperBound...]
        var query = Substring("")
        if let (before, after) = rest.split(atFirst: "?") { (rest, query) = (before, after) }
        var path = Substring("")
        if let (before, after) = rest.split(atFirst: "/") { (rest, path) = (before, after) }
        var user: String?, password: String?
        if let (info, after) = rest.split(atLast: "@") {
            if let (name, secret) = info.split(atFirst: ":") {
                user = try Self.decoded(name)
                password = try Self.decoded(secret)
            } else {
                user = try Self.decoded(info)
            }
            rest = after
        }
        var host = rest, port = 5432
        if host.unicodeScalars.first == "[" {  // [::1]:5432
            guard let (inside, after) = host.split(atFirst: "]") else { throw Problem(reason: "its IPv6 host has no closing ]") }
            if after.unicodeScalars.first == ":" { port = try Self.port(Substring(after.unicodeScalars.dropFirst())) }
            host = Substring(inside.unicodeScalars.dropFirst())
        } else if let (name, number) = host.split(atLast: ":") {
            port = try Self.port(number)
            host = name
        }
        self.host = try Self.decoded(host)
        self.port = port
        self.user = user.flatMap { $0.isEmpty ? nil : $0 } ?? fallbackUser
        self.password = password ?? fallbackPassword
        self.database = try Self.decoded(path)
        tls = .prefer
        self.connectTimeout = connectTimeout
        rootCertificate = fallbackRootCertificate
        for pair in query.unicodeScalars.split(separator: "&").map(Substring.init) {
            let (rawName, rawValue) = pair.split(atFirst: "=") ?? (pair, "")
            let name = try Self.decoded(rawName), value = try Self.decoded(rawValue)
            switch name {
            case "sslmode":
                guard let mode = TLSMode(rawValue: value) else {
                    throw Problem(reason: "sslmode must be disable, allow, prefer, require, verify-ca or verify-full, not '\(value)'")
                }
                tls = mode
            case "connect_timeout":
                guard let seconds = Int(value), seconds >= 0, seconds <= 3600 else {
                    throw Problem(reason: "connect_timeout must be a whole number of seconds (0 to 3600), not '\(value)'")
                }
                self.connectTimeout = seconds
            case "sslrootcert": rootCertificate = value == "system" ? nil : value
            case "host": self.host = value
            case "port": self.port = try Self.port(Substring(value))
            case "user": self.user = value
            case "password": self.password = value
            case "dbname": self.database = value
            case "application_name", "options", "target_session_attrs": break  // libpq's, with nothing to do here
            default: throw Problem(reason: "todo does not know the parameter '\(name)'")
            }
        }
        if self.host.isEmpty { self.host = "/var/run/postgresql" }
        if self.database.isEmpty { self.database = self.user }
    }

    /// The socket's path when `host` is a folder.
    public var socketPath: String? {
        host.hasPrefix("/") ? host + "/.s.PGSQL.\(port)" : nil
    }

    private static func port(_ text: Substring) throws -> Int {
        guard let port = Int(text), (1...65535).contains(port) else {
            throw Problem(reason: "its port must be a number from 1 to 65535, not '\(text)'")
        }
        return port
    }

    /// Undoes percent-encoding (`%40` is `@`), as libpq does for every part of the URL.
    static func decoded(_ text: Substring) throws -> String {
        guard let bytes = text.percentDecoded else { throw Problem(reason: "a % in it is not followed by two hex digits") }
        guard let decoded = String(validating: bytes, as: UTF8.self) else {
            throw Problem(reason: "a part of it is not UTF-8 once decoded")
        }
        return decoded
    }
}
