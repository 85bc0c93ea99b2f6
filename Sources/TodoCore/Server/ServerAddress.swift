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
        let lowered = text.prefix(13).lowercased()
        return lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://")
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
        guard let schemeEnd = url.firstRange(of: "://"),
              ["postgres", "postgresql"].contains(url[..<schemeEnd.lowerBound].lowercased())
        else { throw Problem(reason: "it does not start with postgres:// or postgresql://") }
        var rest = url[schemeEnd.upperBound...]
        var query = Substring("")
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        var path = Substring("")
        if let slash = rest.firstIndex(of: "/") {
            path = rest[rest.index(after: slash)...]
            rest = rest[..<slash]
        }
        var user: String?, password: String?
        if let at = rest.lastIndex(of: "@") {
            let info = rest[..<at]
            if let colon = info.firstIndex(of: ":") {
                user = try Self.decoded(info[..<colon])
                password = try Self.decoded(info[info.index(after: colon)...])
            } else {
                user = try Self.decoded(info)
            }
            rest = rest[rest.index(after: at)...]
        }
        var host = String(rest), port = 5432
        if host.hasPrefix("[") {  // [::1]:5432
            guard let close = host.firstIndex(of: "]") else { throw Problem(reason: "its IPv6 host has no closing ]") }
            let after = host[host.index(after: close)...]
            if after.hasPrefix(":") { port = try Self.port(after.dropFirst()) }
            host = String(host[host.index(after: host.startIndex)..<close])
        } else if let colon = host.lastIndex(of: ":") {
            port = try Self.port(host[host.index(after: colon)...])
            host = String(host[..<colon])
        }
        self.host = try Self.decoded(Substring(host))
        self.port = port
        self.user = user.flatMap { $0.isEmpty ? nil : $0 } ?? fallbackUser
        self.password = password ?? fallbackPassword
        self.database = try Self.decoded(path)
        tls = .prefer
        self.connectTimeout = connectTimeout
        rootCertificate = fallbackRootCertificate
        for pair in query.split(separator: "&") where !pair.isEmpty {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = try Self.decoded(parts[0]), value = parts.count > 1 ? try Self.decoded(parts[1]) : ""
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
