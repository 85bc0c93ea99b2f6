#if PostgreSQL
import TodoCore
// Its lists, task writes, undo and history are TodoHistory's (`SQLRepository`), re-exported.
@_exported import TodoHistory
import TodoMigrations

/// The `TodoRepository` kept in a PostgreSQL database that several machines share. Built by the
/// composition root instead of the SQLite one when `--db` is a `postgres://` URL; the
/// coordinators, screens and commands do not know which one they have.
///
/// Every write holds one advisory lock for its transaction, so writers from every machine take
/// turns as SQLite's do on a file: a command reads what it changes after the one before it
/// committed, and no update is lost or merged.
public final class PostgresTodoRepository: SQLRepository {
    let server: ServerConnection
    package let timestamp: () -> String
    /// How many changes the history keeps (0: none, and nothing is recorded).
    package var historyLimit: Int
    package let state = SQLRepositoryState(dialect: PostgresDialect())

    public struct Options: Sendable {
        public var historyLimit = 100
        /// Seconds a statement may run before the server cancels it, and the variable that said
        /// so (a sync's hub: TODO_SYNC_TIMEOUT).
        public var statementTimeoutSeconds = 30
        public var statementTimeoutSetting = "TODO_PG_STATEMENT_TIMEOUT"
        /// Seconds to wait for the server when connecting, unless the URL's connect_timeout says.
        public var connectTimeoutSeconds = 10
        /// libpq's defaults for what the URL leaves out: the login name, PGPASSWORD.
        public var fallbackUser = "postgres"
        public var fallbackPassword: String?
        /// The authorities' certificate file found outside the URL (PGSSLROOTCERT, or
        /// ~/.postgresql/root.crt), for `verify-ca` and `verify-full`.
        public var fallbackRootCertificate: String?
        /// The text of libpq's password file, for a URL without a password and no PGPASSWORD.
        public var passwordFile: String?
        public var timestamp: @Sendable () -> String = { LocalClock().timestamp() }
        /// Whether opening sets the schema up or upgrades it; when not (a backup, which only
        /// reads), a database that needs it is refused.
        public var setsUpSchema = true

        public init() {}
    }

    init(server: ServerConnection, options: Options) {
        self.server = server
        historyLimit = options.historyLimit
        timestamp = options.timestamp
    }

    /// Connects to the database at `url` (shown as `shown`, without its password) and brings its
    /// schema up to this binary's.
    public static func open(url: String, shown: String, options: Options = Options()) throws -> PostgresTodoRepository {
        let repository = try connect(url: url, shown: shown, options: options)
        let server = repository.server
        try repository.translatingErrors {
            try sayingWhoLetsIn(shown, server) {
                let migrator = ServerMigrator()
                if options.setsUpSchema { return try migrator.migrate(server, now: options.timestamp()) }
                let pending = try migrator.pending(server, probing: true)
                if pending.count == migrator.migrations.count {
                    throw ServerError.unusableDatabase("\(shown) holds no todo database yet; there is nothing to read (any other todo command sets it up, as it does a new file)")
                }
                if let first = pending.first {
                    throw ServerError.unusableDatabase("\(shown) was set up by an older todo (first missing: \(first.fileName)); any other todo command upgrades it")
                }
            }
        }
        return repository
    }

    /// Runs the first reads of todo's tables: a login the database's owner has not let in yet
    /// is told so, and who can fix it, rather than only which table it was refused. Tables that
    /// belong to another role than the database's owner (set up by a login that did not act
    /// as the team, before todo gave the schema to the owner) are named as the cause.
    static func sayingWhoLetsIn<T>(_ shown: String, _ server: ServerConnection, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error where ServerError.sqlState(of: error) == "42501" {
            let refused = "\(shown): this login may not use todo's tables there (\(ServerError.message(of: error)))"
            let owners = try? server.first("""
                SELECT pg_get_userbyid(c.relowner), pg_get_userbyid(d.datdba) FROM pg_class AS c, pg_database AS d
                WHERE c.oid = to_regclass('schema_migrations') AND d.datname = current_database() AND c.relowner <> d.datdba
                """) { (tables: try $0.text(0), database: try $0.text(1)) }
            guard let owners else {
                throw ServerError.unusableDatabase(refused + "; the database's owner lets a member in (see docs/manual.md, \"A database shared by a team\")")
            }
            throw ServerError.unusableDatabase(refused + ": they belong to '\(owners.tables)', not to the database's owner '\(owners.database)'; a superuser gives them to it (see docs/manual.md, \"A database shared by a team\")")
        }
    }

    /// Connects to the database at `url`, its schema left as it is.
    static func connect(url: String, shown: String, options: Options) throws -> PostgresTodoRepository {
        var address = try ServerAddress(url: url, fallbackUser: options.fallbackUser, password: options.fallbackPassword,
                                        connectTimeout: options.connectTimeoutSeconds, rootCertificate: options.fallbackRootCertificate)
        if address.password == nil, let file = options.passwordFile {
            address.password = PasswordFile.password(in: file, host: address.host, port: address.port, database: address.database, user: address.user)
        }
        let server = try ServerConnection.connect(address, shown: shown, statementTimeout: options.statementTimeoutSeconds,
                                                  timeoutSetting: options.statementTimeoutSetting)
        return PostgresTodoRepository(server: server, options: options)
    }

    /// One transaction on the server holding the writers' lock; nested, a savepoint, unless it
    /// joins: each savepoint is two round trips more.
    package func transaction<T>(rollback: Bool, joining: Bool, _ body: () throws -> T) throws -> T {
        try server.transaction(rollback: rollback, joining: joining, body)
    }

    /// Runs `body` in one read-only transaction that sees the database at one moment while
    /// others go on writing (REPEATABLE READ): how `todo db backup` reads it whole.
    public func readingOneMoment<T>(_ body: () throws -> T) throws -> T {
        try translatingErrors { try server.readingOneMoment(body) }
    }

    /// Moves with every change to lists, tasks or tags, by any client (see the schema).
    public func dataVersion() throws -> Int64 {
        try translatingErrors { try server.first("SELECT version FROM data_version") { try $0.int64(0) } ?? 0 }
    }

    /// Turns what the server refused into the domain's errors where it means something there;
    /// the rest passes through as `ServerError`.
    package func translatingErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as ServerError {
            throw error
        } catch let error as TodoError {
            throw error
        } catch {
            // Not the server's (a renderer's closed pipe, say): passed on as it is.
            guard let state = ServerError.sqlState(of: error) else { throw error }
            // An identity at the largest id there is (only a row written by hand takes it there).
            if state == "2200H" {
                throw TodoError.idsExhausted(table: ServerError.message(of: error).contains("lists_id_seq") ? "lists" : "tasks")
            }
            // Two sessions each waiting for rows the other holds (psql takes none of todo's locks).
            if state == "40P01" || state == "40001" {
                throw ServerError.refused("another session was changing the same rows at the same moment, and the server stopped this command to let it finish; nothing was changed: run it again")
            }
            throw ServerError.refused(ServerError.message(of: error))
        }
    }
}
#endif
