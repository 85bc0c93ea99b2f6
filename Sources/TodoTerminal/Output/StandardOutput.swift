import TodoCore

#if canImport(Glibc)
import Glibc
#endif

/// Thrown when stdout was closed under us (`todo list | head`): the program ends quietly.
public struct OutputClosed: Error {}

/// Thrown when writing to stdout failed for any other reason (a full disk, an I/O error): not
/// a success, however much was written. `changeWasMade` says the command's change committed
/// before its output failed, which the user has to know.
public struct OutputFailed: ReportedError {
    public let reason: String
    public var changeWasMade = false

    public var description: String {
        "cannot write the output: \(reason)" + (changeWasMade ? "; the change itself was made" : "")
    }
}

extension OutputFailed {
    /// Runs `write`, the output of a command that made its change (`made`) or not: a failure to
    /// write it says which.
    public static func writing(afterChange made: Bool, _ write: () throws -> Void) throws {
        do {
            try write()
        } catch var failure as OutputFailed {
            failure.changeWasMade = made
            throw failure
        }
    }
}

/// stdout, buffered. In hold mode nothing is written until `flush()`, which the composition root
/// calls only once a command has succeeded; otherwise the buffer goes out whenever it fills, so
/// long listings stream in constant memory. Held output past `held` bytes (`todo done` of a
/// hundred thousand ids prints as many lines) waits in a temporary file instead of memory.
public final class StandardOutput {
    private var buffer: [UInt8] = []
    private let holdUntilFlushed: Bool
    private static let chunk = 64 * 1024
    /// How much held output stays in memory before the rest goes to the temporary file.
    private static let held = 256 << 10
    private var spill: TemporaryFile?

    public init(holdUntilFlushed: Bool) {
        self.holdUntilFlushed = holdUntilFlushed
        buffer.reserveCapacity(Self.chunk)
    }

    /// Whether stdout is a terminal (for colour and layout).
    public var isTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    public func write(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        try passOn()
    }

    /// Appends whatever `build` writes into the buffer, as raw UTF-8, then a newline when asked.
    public func write(line: Bool = false, _ build: (inout [UInt8]) -> Void) throws {
        build(&buffer)
        if line { buffer.append(0x0A) }
        try passOn()
    }

    /// Streams a full buffer to stdout, or, when holding, moves a large one to the temporary file.
    private func passOn() throws {
        if !holdUntilFlushed {
            if buffer.count >= Self.chunk { try flush() }
        } else if buffer.count >= Self.held {
            if spill == nil { spill = try TemporaryFile() }
            try spill?.append(buffer)
            buffer.removeAll(keepingCapacity: true)
        }
    }

    /// Writes `text` to stdout as one piece, checked (a closed pipe is an error, not a success):
    /// a command's whole answer, printed once it is known.
    public static func print(_ text: String) throws {
        let output = StandardOutput(holdUntilFlushed: true)
        try output.write(text)
        try output.flush()
    }

    public func flush() throws {
        defer { buffer.removeAll(keepingCapacity: true) }
        if let spill {
            self.spill = nil
            try spill.copy(to: STDOUT_FILENO)
        }
        try buffer.withUnsafeBytes { bytes in try FileDescriptor.writeAll(STDOUT_FILENO, bytes) }
    }
}

/// A file in the temporary folder (`TMPDIR`, else /tmp) that no name leads to: removed as soon
/// as it is made, so it goes when the process does, however it ends.
final class TemporaryFile {
    private let fd: Int32

    init() throws {
        let folder = getenv("TMPDIR").flatMap { String(validatingCString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((folder + "/todo-output-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { name in name.baseAddress.map { mkstemp($0) } ?? -1 }
        guard fd >= 0 else { throw OutputFailed(reason: "cannot hold the output in \(folder): \(String(cString: strerror(errno)))") }
        template.withUnsafeBufferPointer { name in _ = name.baseAddress.map { unlink($0) } }
        self.fd = fd
    }

    deinit { close(fd) }

    func append(_ bytes: [UInt8]) throws {
        do {
            try bytes.withUnsafeBytes { try FileDescriptor.writeAll(fd, $0) }
        } catch let failure as OutputFailed {
            throw OutputFailed(reason: "cannot hold the output in the temporary folder: " + failure.reason)
        }
    }

    /// Writes everything appended to `target`, a chunk at a time.
    func copy(to target: Int32) throws {
        guard lseek(fd, 0, SEEK_SET) == 0 else { throw OutputFailed(reason: String(cString: strerror(errno))) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw OutputFailed(reason: String(cString: strerror(errno)))
            }
            if count == 0 { return }
            try chunk.withUnsafeBytes { try FileDescriptor.writeAll(target, UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        }
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
