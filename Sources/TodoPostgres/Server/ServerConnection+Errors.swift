#if PostgreSQL
import PostgresNIO
import Synchronization

/// The driver's failures as the project's: a connection gone, a statement past its time, or the
/// server's own error kept whole.
extension ServerConnection {
    func translating<T>(_ body: () throws -> T) throws -> T {
        if isLost { throw ServerError.connectionLost(address: shown) }
        do {
            return try body()
        } catch let error as PSQLError {
            throw translated(error)
        }
    }

    /// Waits for a statement's `future`, or for the connection to close first: a statement
    /// whose session the server ended (pg_terminate_backend during an INSERT … RETURNING) was
    /// seen never to complete, and a command must not wait for it for ever.
    func whileOpen<T: Sendable>(_ future: EventLoopFuture<T>) throws -> T {
        let promise = future.eventLoop.makePromise(of: T.self)
        future.cascade(to: promise)
        // Whichever comes first; a promise completed already ignores the other. (The close is
        // watched once, by the connection: a callback added to `closeFuture` for each statement
        // stayed there until the connection closed, about 1 KiB each, and a sync of 10,000
        // statements held 10 MiB more at its end.)
        let lost = ServerError.connectionLost(address: shown)
        waiting.statement.withLock { $0 = { promise.fail(lost) } }
        defer { waiting.statement.withLock { $0 = nil } }
        // Closed before the statement was watched: the watch has run already.
        if connection.isClosed { promise.fail(lost) }
        let silence = answerLimit.map { [connection, shown] seconds in
            future.eventLoop.scheduleTask(in: .seconds(Int64(seconds))) {
                promise.fail(ServerError.noAnswer(address: shown, seconds: seconds))
                connection.close().whenComplete { _ in }
            }
        }
        defer { silence?.cancel() }
        do {
            return try promise.futureResult.wait()
        } catch let error as ServerError {
            isLost = true
            throw error
        }
    }

    /// The statement waiting for its answer, failed when the connection closes (`whileOpen`).
    final class Waiting: Sendable {
        let statement = Mutex<(@Sendable () -> Void)?>(nil)

        func connectionClosed() {
            statement.withLock { $0 }?()
        }
    }

    func translated(_ error: any Error) -> any Error {
        if connection.isClosed {
            isLost = true
            return ServerError.connectionLost(address: shown)
        }
        guard let error = error as? PSQLError else { return error }
        switch error.code {
        case .serverClosedConnection, .clientClosedConnection, .connectionError, .uncleanShutdown:
            isLost = true
            return ServerError.connectionLost(address: shown)
        default: break
        }
        switch ServerError.sqlState(of: error) {
        case "57P01", "57P02", "57P03":
            // The server ended the session (shut down, or pg_terminate_backend).
            isLost = true
            return ServerError.connectionLost(address: shown)
        // 57014 is also what the server says to a COPY the client gave up (a bad record).
        case "57014" where ServerError.message(of: error).contains("statement timeout"):
            return ServerError.timedOut(seconds: statementTimeout, setting: timeoutSetting)
        // A lock waited for past lock_timeout (set to the same, where statements may run longer).
        case "55P03" where ServerError.message(of: error).contains("lock timeout"):
            return ServerError.timedOut(seconds: statementTimeout, setting: timeoutSetting)
        default: return error
        }
    }
}
#endif
