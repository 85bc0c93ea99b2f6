#if PostgreSQL
import Dispatch
import TodoCore
import Logging
import NIOCore
import NIOPosix
import NIOSSL
import PostgresNIO

#if canImport(Glibc)
import Glibc
#endif

/// A value bound to a `$n` of a statement; nil is SQL NULL, typed by the statement.
typealias ServerValue = (any PostgresDynamicTypeEncodable)?

/// One connection to the server, used as the SQLite module uses its `Connection`: from one
/// thread, each call waiting for its answer. postgres-nio's futures run on one event-loop
/// thread of their own; nothing here is called from it.
final class ServerConnection {
    let connection: PostgresConnection
    /// For `copy(into:)`, which needs postgres-nio's async API.
    var postgresConnection: PostgresConnection { connection }
    /// The URL without its password, for messages.
    let shown: String
    let statementTimeout: Int
    /// The variable that set `statementTimeout`, as a timed-out statement's error names it.
    let timeoutSetting: String
    /// Transactions under way (an inner one becomes a savepoint).
    var depth = 0
    /// Set once the connection is known to be gone: nothing more is sent on it (postgres-nio
    /// would wait for ever for an answer from a server that closed it during a COPY).
    var isLost = false
    /// Seconds to wait for each answer, while a write's statements have a limit: the server
    /// cancels a statement at its limit and says so, so silence well past it is a network that
    /// stopped carrying packets (a socket that neither answers nor closes), and the command
    /// gives up rather than wait for ever. Nil: no bound (a read, an import).
    var answerLimit: Int?
    /// Fails the statement waiting for its answer (`whileOpen`) when the connection closes.
    let waiting = Waiting()

    /// postgres-nio logs nothing: stderr is todo's, for one `Error:` line.
    static let logger = Logger(label: "todo", factory: { _ in SwiftLogNoOpLogHandler() })

    /// The key of the advisory lock every write holds: writers from every machine take turns,
    /// as SQLite's writers do on one file.
    static let writeLock: Int64 = 0x544F_444F

    private init(connection: PostgresConnection, shown: String, statementTimeout: Int, timeoutSetting: String) {
        self.connection = connection
        self.shown = shown
        self.statementTimeout = statementTimeout
        self.timeoutSetting = timeoutSetting
        connection.closeFuture.whenComplete { [waiting] _ in waiting.connectionClosed() }
    }

    /// Closes the connection, waiting a moment for it. One the server ended (a terminated
    /// session, a COPY cut off) may not close as soon: it is kept until the process ends, since
    /// postgres-nio takes releasing an unclosed connection for a programming error (it stopped
    /// the program once, after pg_terminate_backend ended a sync's session).
    deinit {
        let closed = DispatchSemaphore(value: 0)
        connection.close().whenComplete { _ in closed.signal() }
        if closed.wait(timeout: .now() + .seconds(2)) == .timedOut || !connection.isClosed {
            Self.unclosed.append(connection)
        }
    }

    /// Touched by the one thread a command runs on (a connection is never shared).
    nonisolated(unsafe) private static var unclosed: [PostgresConnection] = []

    static func connect(_ address: ServerAddress, shown: String, statementTimeout: Int, timeoutSetting: String) throws -> ServerConnection {
        var configuration = if let socket = address.socketPath {
            PostgresConnection.Configuration(unixSocketPath: socket, username: address.user, password: address.password, database: address.database)
        } else {
            PostgresConnection.Configuration(
                host: address.host, port: address.port, username: address.user, password: address.password,
                database: address.database, tls: try tls(address))
        }
        // libpq reads 0 as "wait for ever"; an hour is as good.
        configuration.options.connectTimeout = .seconds(Int64(address.connectTimeout == 0 ? 3600 : address.connectTimeout))
        // Every wait for a lock is bounded (another writer's turn, an import's rebuild); a
        // write's statements are bounded too, once its transaction begins. A read's are not: a
        // listing streams for as long as its reader takes the rows (`todo export | less`), and
        // cutting it off would leave half of it on stdout. 0 is PostgreSQL's own "no limit".
        configuration.options.additionalStartupParameters = [
            ("application_name", "todo"),
            ("lock_timeout", String(statementTimeout * 1000)),
            // The server's side of a network gone silent: it probes an idle client after 10 s
            // and ends the session (releasing its transaction and the writers' lock) when three
            // probes 5 s apart go unanswered, however long the client's process lives.
            ("tcp_keepalives_idle", "10"), ("tcp_keepalives_interval", "5"), ("tcp_keepalives_count", "3"),
        ]
        let eventLoop = MultiThreadedEventLoopGroup.singleton.next()
        let started = ContinuousClock.now
        do {
            let connection = try PostgresConnection.connect(on: eventLoop, configuration: configuration, id: 1, logger: logger).wait()
            return ServerConnection(connection: connection, shown: shown, statementTimeout: statementTimeout, timeoutSetting: timeoutSetting)
        } catch {
            // Past the limit, postgres-nio closes a connection the server took but never answered
            // on, and reports it as closed: that is a silent server, said so.
            let timedOut = ContinuousClock.now - started >= Duration(configuration.options.connectTimeout) - .milliseconds(20)
            throw ServerError.cannotConnect(address: shown, reason: connectFailure(error, address, timedOut: timedOut))
        }
    }

    private static func tls(_ address: ServerAddress) throws -> PostgresConnection.Configuration.TLS {
        var configuration = TLSConfiguration.makeClientConfiguration()
        switch address.tls {
        case .disable: return .disable
        case .allow, .prefer, .require:
            // libpq encrypts in these modes but checks no certificate.
            configuration.certificateVerification = .none
        case .verifyCA:
            configuration.certificateVerification = .noHostnameVerification
        case .verifyFull: break
        }
        if configuration.certificateVerification != .none, let file = address.rootCertificate {
            guard access(file, R_OK) == 0 else {
                throw ServerError.cannotConnect(address: address.host, reason: "the authorities' certificate file \(file) (sslrootcert) cannot be read")
            }
            configuration.trustRoots = .file(file)
        }
        do {
            let context = try NIOSSLContext(configuration: configuration)
            return address.tls == .allow || address.tls == .prefer ? .prefer(context) : .require(context)
        } catch {
            throw ServerError.cannotConnect(address: address.host, reason: "TLS could not be set up: \(error)")
        }
    }

    /// Why connecting failed, in words a user can act on.
    private static func connectFailure(_ error: any Error, _ address: ServerAddress, timedOut: Bool) -> String {
        switch ServerError.sqlState(of: error) {
        case "28P01": return "the server refused the password for user '\(address.user)'"
        case "28000": return "the server does not let user '\(address.user)' in (\(ServerError.message(of: error)))"
        case "3D000": return "there is no database named '\(address.database)' (create it first: see docs/manual.md)"
        case let state?: return "the server refused: \(ServerError.message(of: error)) (\(state))"
        case nil: break
        }
        let text = String(describing: (error as? PSQLError)?.underlying ?? error)
        if text.contains("connectTimeout") || text.contains("imed out") || timedOut {
            return "no answer within \(address.connectTimeout) s (connect_timeout)"
        }
        if text.contains("refused") || text.contains("ECONNREFUSED") { return "nothing is listening there (connection refused)" }
        if text.contains("CERTIFICATE_VERIFY_FAILED") {
            return "the server's certificate is not signed by an authority todo trusts (\(address.rootCertificate.map { "sslrootcert \($0)" } ?? "the system's; a team's own goes in sslrootcert, PGSSLROOTCERT or ~/.postgresql/root.crt"))"
        }
        if text.contains("ostname") {
            return "the server's certificate is not made out to \(address.host) (sslmode=verify-full checks the name; verify-ca does not)"
        }
        if let socket = address.socketPath, text.contains("No such file or directory") {
            return "there is no server's socket at \(socket) (a URL without a host means a server on this machine; name the host to reach another)"
        }
        if text.contains("UnknownHost") || text.contains("Name or service not known") {
            return "no host named '\(address.host)' could be found"
        }
        switch (error as? PSQLError)?.code {
        case .sslUnsupported?: return "the server does not offer TLS, which sslmode=\(address.tls.rawValue) requires"
        case .authMechanismRequiresPassword?: return "the server asks for a password: put it in the URL, in PGPASSWORD or in ~/.pgpass"
        case .serverClosedConnection?, .connectionError?, .uncleanShutdown?, .messageDecodingFailure?, .unexpectedBackendMessage?:
            return "the other end closed the connection before todo could log in (it is not a PostgreSQL server, or it turned this client away: its log says why)"
        default: return text
        }
    }

    // MARK: Statements

    /// Runs one statement and returns every row it gives (for statements that return few).
    func rows(_ sql: String, _ values: [ServerValue] = []) throws -> [ServerRow] {
        try translating {
            try whileOpen(connection.query(try Self.query(sql, values), logger: Self.logger)).map(ServerRow.init)
        }
    }

    /// The first row, or nil.
    func first<T>(_ sql: String, _ values: [ServerValue] = [], _ read: (ServerRow) throws -> T) throws -> T? {
        try rows(sql, values).first.map(read)
    }

    /// Runs one statement; returns how many rows it changed.
    @discardableResult
    func run(_ sql: String, _ values: [ServerValue] = []) throws -> Int {
        try translating {
            try whileOpen(connection.query(try Self.query(sql, values), logger: Self.logger)).metadata.rows ?? 0
        }
    }

    /// Runs a script of several statements (a migration), one after the other.
    func execute(_ sql: String) throws {
        for statement in SQLStatements.split(sql) { try run(statement) }
    }

    /// Hands each row to `body` as it arrives, so nothing is collected. `body` runs on the event
    /// loop's thread while this one waits, so the two never run at once; it must not call back
    /// into this connection (nothing does: bodies render rows).
    func forEachRow(_ sql: String, _ values: [ServerValue] = [], _ body: (ServerRow) throws -> Void) throws {
        if isLost { throw ServerError.connectionLost(address: shown) }
        let query = try Self.query(sql, values)
        try withoutActuallyEscaping(body) { body in
            let handler = RowHandler(body)
            // The event loop may hold the row callback a moment longer; the body must not.
            defer { handler.release() }
            do {
                _ = try whileOpen(connection.query(query, logger: Self.logger) { try handler.handle($0) })
            } catch {
                if let thrown = handler.thrown { throw thrown }
                throw translated(error)
            }
        }
    }

    private static func query(_ sql: String, _ values: [ServerValue]) throws -> PostgresQuery {
        var bindings = PostgresBindings(capacity: values.count)
        for value in values {
            if let value { bindings.append(value) } else { bindings.appendNull() }
        }
        return PostgresQuery(unsafeSQL: sql, binds: bindings)
    }
}

/// A row handler crossing to the event loop's thread; see `forEachRow`.
private final class RowHandler: @unchecked Sendable {
    private var body: ((ServerRow) throws -> Void)?
    private(set) var thrown: (any Error)?

    init(_ body: @escaping (ServerRow) throws -> Void) {
        self.body = body
    }

    func release() {
        body = nil
    }

    func handle(_ row: PostgresRow) throws {
        do {
            try body?(ServerRow(row))
        } catch {
            thrown = error
            throw error
        }
    }
}

/// The outcome of async work, handed back to the waiting thread.
final class ResultBox<T>: @unchecked Sendable {
    var value: Result<T, any Error>?
}
#endif
