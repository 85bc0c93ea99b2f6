import TodoCore

#if canImport(Glibc)
import Glibc
#endif

/// Thrown when stdout was closed under us (`todo list | head`): the program ends quietly.
public struct OutputClosed: Error {}

/// Thrown when writing to stdout failed for any other reason (a full disk, an I/O error): not
/// a success, however much was written. `changeWasMade` says the command's change committed
/// before its output failed, which the user has to know.
public struct OutputFailed: Error, CustomStringConvertible {
    public let reason: String
    public var changeWasMade = false

    public var description: String {
        "cannot write the output: \(reason)" + (changeWasMade ? "; the change itself was made" : "")
    }
}

/// stdout, buffered. In hold mode nothing is written until `flush()`, which the composition root
/// calls only once a command has succeeded; otherwise the buffer goes out whenever it fills, so
/// long listings stream in constant memory.
public final class StandardOutput {
    private var buffer: [UInt8] = []
    private let holdUntilFlushed: Bool
    private static let chunk = 64 * 1024

    public init(holdUntilFlushed: Bool) {
        self.holdUntilFlushed = holdUntilFlushed
        buffer.reserveCapacity(Self.chunk)
    }

    /// Whether stdout is a terminal (for colour and layout).
    public var isTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    public func write(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        if !holdUntilFlushed && buffer.count >= Self.chunk { try flush() }
    }

    /// Appends whatever `build` writes into the buffer, as raw UTF-8, then a newline when asked.
    public func write(line: Bool = false, _ build: (inout [UInt8]) -> Void) throws {
        build(&buffer)
        if line { buffer.append(0x0A) }
        if !holdUntilFlushed && buffer.count >= Self.chunk { try flush() }
    }

    public func flush() throws {
        defer { buffer.removeAll(keepingCapacity: true) }
        try buffer.withUnsafeBytes { bytes in try FileDescriptor.writeAll(STDOUT_FILENO, bytes) }
    }
}

/// stderr, unbuffered: errors go out at once. A server URL's password in what is written (an
/// argument echoed by an error) is never shown.
public enum StandardError {
    public static func write(_ text: String) {
        var text = ServerPasswords.hidden(in: text)
        text.withUTF8 { bytes in _ = try? FileDescriptor.writeAll(STDERR_FILENO, UnsafeRawBufferPointer(bytes)) }
    }
}

enum FileDescriptor {
    /// write(2) until everything is out, retrying on interruption.
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count, let base = bytes.baseAddress {
            let written = Glibc.write(fd, base + offset, bytes.count - offset)
            if written < 0 {
                switch errno {
                case EINTR: continue
                case EPIPE: throw OutputClosed()
                case let code: throw OutputFailed(reason: String(cString: strerror(code)))
                }
            }
            offset += written
        }
    }
}
