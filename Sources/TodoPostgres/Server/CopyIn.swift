#if PostgreSQL
import Dispatch
import NIOCore
import PostgresNIO

/// Rows on their way into a `COPY … FROM STDIN`, handed from the thread that reads the import
/// file to the task that writes them to the server, one chunk at a time: the reader waits for
/// each chunk to be taken, so memory holds one chunk however large the import.
final class CopyIn: @unchecked Sendable {
    fileprivate let chunks: AsyncStream<ByteBuffer>
    private let continuation: AsyncStream<ByteBuffer>.Continuation
    private let taken = DispatchSemaphore(value: 0)
    /// Set by the writing side when it stopped (the server refused or the connection broke).
    fileprivate var closed = false
    /// Set by the reading side when it gave up (a bad record): the COPY is then abandoned.
    fileprivate var abandoned = false
    private var pending = ByteBuffer()
    /// Rows are sent in chunks of about this many bytes.
    private static let chunkBytes = 256 * 1024

    init() {
        (chunks, continuation) = AsyncStream.makeStream(of: ByteBuffer.self)
    }

    /// Adds one row of COPY's text format: the fields tab-separated, NULL as `\N`. A field
    /// is copied whole unless it holds a byte COPY escapes (rare): byte by byte, the buffer's
    /// checks would cost more than the rest of the import's reading.
    func add(_ fields: [String?]) throws {
        for (index, field) in fields.enumerated() {
            if index > 0 { pending.writeInteger(UInt8(ascii: "\t")) }
            guard let field else {
                pending.writeStaticString("\\N")
                continue
            }
            pending.writeString(field.utf8.contains(where: Self.isEscaped) ? Self.escaped(field) : field)
        }
        pending.writeInteger(UInt8(ascii: "\n"))
        if pending.readableBytes >= Self.chunkBytes { try flush() }
    }

    private static func isEscaped(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    private static func escaped(_ field: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(field.utf8.count + 8)
        for byte in field.utf8 {
            switch byte {
            case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case UInt8(ascii: "\t"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case UInt8(ascii: "\n"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\r"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Hands what is pending to the writer and waits until it took it.
    func flush() throws {
        guard pending.readableBytes > 0 else { return }
        continuation.yield(pending)
        pending = ByteBuffer()
        taken.wait()
        if closed { throw CopyStopped() }
    }

    /// Writes each chunk as it comes, telling the reader once each is taken; throws when the
    /// reader gave up, so the server discards the COPY.
    fileprivate func drain(into writer: PostgresCopyFromWriter, on connection: PostgresConnection) async throws {
        for await chunk in chunks {
            // postgres-nio stops the program (a precondition) on a write once the connection
            // is closing, as after the server ended the session: looked at right before each.
            if connection.isClosed { throw ConnectionClosed() }
            try await writer.write(chunk)
            taken.signal()
        }
        if abandoned { throw CopyStopped() }
    }

    /// The connection closed under the COPY.
    struct ConnectionClosed: Error {}

    fileprivate func stop() {
        closed = true
        taken.signal()
    }

    fileprivate func end(abandoning: Bool) {
        abandoned = abandoning
        continuation.finish()
    }
}

/// The writing side stopped; the server's own error says why.
struct CopyStopped: Error {}

/// Where the writing side runs: a dispatch queue of its own, not Swift's shared pool, whose few
/// threads may all be waiting in blocking calls like this one's reader (tests run many at once).
final class CopyExecutor: TaskExecutor {
    static let shared = CopyExecutor()
    private let queue = DispatchQueue(label: "todo.copy")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

extension ServerConnection {
    /// Runs `COPY table (columns) FROM STDIN` with the rows `produce` adds. When `produce`
    /// throws, the COPY is abandoned (the server discards it) and that error is rethrown.
    func copy(into table: String, columns: [String], _ produce: (CopyIn) throws -> Void) throws {
        if isLost { throw ServerError.connectionLost(address: shown) }
        let rows = CopyIn()
        let outcome = ResultBox<Void>()
        let finished = Self.startSending(rows, into: table, columns: columns, on: postgresConnection, outcome: outcome)
        var thrown: (any Error)?
        do {
            try produce(rows)
            try rows.flush()
        } catch {
            thrown = error
        }
        rows.end(abandoning: thrown != nil)
        finished.wait()
        if let thrown, !(thrown is CopyStopped) { throw thrown }
        if case .failure(let error)? = outcome.value, !(error is CopyStopped) {
            let translatedError = translated(error)
            // What is not the server's own refusal left the connection in no state to use.
            if !(error is PSQLError) { markLost() }
            throw isLost ? ServerError.connectionLost(address: shown) : translatedError
        }
        if let thrown { throw thrown }
    }

    /// Starts the writing side on its own task; the semaphore is signalled when it is done.
    private static func startSending(_ rows: CopyIn, into table: String, columns: [String], on connection: PostgresConnection,
                                     outcome: ResultBox<Void>) -> DispatchSemaphore {
        let finished = DispatchSemaphore(value: 0)
        Task(executorPreference: CopyExecutor.shared) {
            await send(rows, into: table, columns: columns, on: connection, outcome: outcome)
            finished.signal()
        }
        return finished
    }

    /// The writing side: each chunk the reader hands over goes to the server as it comes.
    private static func send(_ rows: CopyIn, into table: String, columns: [String], on connection: PostgresConnection,
                             outcome: ResultBox<Void>) async {
        do {
            try await connection.copyFrom(table: table, columns: columns, logger: logger) { writer in
                try await rows.drain(into: writer, on: connection)
            }
            outcome.value = .success(())
        } catch {
            outcome.value = .failure(error)
        }
        rows.stop()
    }
}
#endif
