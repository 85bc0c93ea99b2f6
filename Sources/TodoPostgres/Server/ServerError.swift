#if PostgreSQL
import PostgresNIO
import TodoCore

/// What went wrong with the server, as one line for `Error:` (docs/manual.md): never a password, never
/// a stack of driver details.
public enum ServerError: ReportedError, Equatable {
    /// No connection: nothing listening, a refused password, no such database, TLS refused.
    case cannotConnect(address: String, reason: String)
    /// The connection broke during a command; nothing of it was kept.
    case connectionLost(address: String)
    /// A write's statement got no answer long past its limit (`ServerConnection.answerLimit`);
    /// the connection was given up, and nothing of the command was kept.
    case noAnswer(address: String, seconds: Int)
    /// The connection broke, or fell silent, while the server was committing: whether the
    /// change was kept cannot be known from here.
    case lostWhileCommitting(address: String)
    /// A statement ran past the limit `setting` gave (`TODO_PG_STATEMENT_TIMEOUT`, or a sync's
    /// `TODO_SYNC_TIMEOUT`); nothing of it was kept.
    case timedOut(seconds: Int, setting: String)
    /// The database belongs to another program, or to a newer todo, or was migrated differently.
    case unusableDatabase(String)
    /// Anything else the server refused, in its own words.
    case refused(String)

    public var description: String {
        switch self {
        case .cannotConnect(let address, let reason): "cannot connect to \(address): \(reason)"
        case .connectionLost(let address): "the connection to \(address) was lost during the command; nothing of it was kept"
        case .noAnswer(let address, let seconds):
            "\(address) gave no answer within \(seconds) s (the network or the server stopped answering); todo gave up, and nothing of the command was kept"
        case .lostWhileCommitting(let address):
            "the connection to \(address) was lost while the server was committing the change: whether it was kept cannot be known until the server is reached again (see todo history)"
        case .timedOut(let seconds, let setting): "the server took longer than \(seconds) s (\(setting)) and the command was cancelled; nothing of it was kept"
        case .unusableDatabase(let reason): reason
        case .refused(let message): "the server refused the command: \(message)"
        }
    }

    /// Whether the connection is gone (lost, or given up as silent).
    var isConnectionGone: Bool {
        switch self {
        case .connectionLost, .noAnswer: true
        default: false
        }
    }

    /// The SQLSTATE of a server error (`23505` for a unique violation), nil for other failures.
    static func sqlState(of error: any Error) -> String? {
        (error as? PSQLError)?.serverInfo?[.sqlState]
    }

    /// The server's own message for a server error.
    static func message(of error: any Error) -> String {
        guard let error = error as? PSQLError else { return String(describing: error) }
        if let message = error.serverInfo?[.message] {
            return message + (error.serverInfo?[.detail].map { " (\($0))" } ?? "")
        }
        return error.code.description
    }
}
#endif
