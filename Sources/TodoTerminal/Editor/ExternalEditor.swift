#if canImport(Glibc)
import Glibc
#endif
import TodoCore

/// The editor a person chose, run as git runs it: `$VISUAL`, else `$EDITOR`, else `vi`, through
/// the shell (so `code --wait` or `vim -u NONE` work), on a file, with the terminal.
public enum ExternalEditor {
    /// Why the editor could not be run, or ended without saying the text is done.
    public struct Failed: ReportedError {
        public let description: String
    }

    /// Whether todo talks to a person: stdin and stdout are both a terminal.
    public static var hasTerminal: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    /// The command: `$VISUAL`, else `$EDITOR` (an empty one counts as none), else `vi`.
    public static var command: String {
        for name in ["VISUAL", "EDITOR"] {
            if let value = getenv(name).flatMap({ String(validatingCString: $0) }), !value.allSatisfy(\.isWhitespace) { return value }
        }
        return "vi"
    }

    /// Runs the editor on `path` and waits for it. While it runs, todo leaves Ctrl-C and Ctrl-\
    /// to the editor, as git does. An editor that cannot start, or ends with another status
    /// than 0 (`:cq` in vim), is `Failed`.
    public static func edit(_ path: String) throws {
        let editor = command
        let arguments = ["/bin/sh", "-c", editor + " \"$@\"", editor, path]
        var cArguments = arguments.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        let interrupt = signal(SIGINT, SIG_IGN), quit = signal(SIGQUIT, SIG_IGN)
        defer {
            signal(SIGINT, interrupt)
            signal(SIGQUIT, quit)
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/sh", nil, nil, &cArguments, environ)
        guard spawned == 0 else { throw Failed(description: "cannot run the editor '\(editor)': \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw Failed(description: "lost the editor '\(editor)': \(String(cString: strerror(errno)))") }
        }
        // WIFEXITED and WEXITSTATUS are macros Swift does not import.
        let signalled = status & 0x7F
        let exit = (status >> 8) & 0xFF
        if signalled != 0 { throw Failed(description: "the editor '\(editor)' was ended by signal \(signalled)") }
        // 127: the shell found no such command.
        if exit == 127 { throw Failed(description: "cannot run the editor '\(editor)': not found (set VISUAL or EDITOR)") }
        if exit != 0 { throw Failed(description: "the editor '\(editor)' exited with status \(exit)") }
    }
}

/// A text kept in a file of the temporary folder (`TMPDIR`, else /tmp) for a person to edit:
/// its name says what it is, and it stays until removed.
public struct ScratchText {
    public let path: String

    /// The most bytes read back: a task holds far less (`TextLimits`), and a file grown past it
    /// by mistake is refused rather than read into memory.
    static let largest = 4 << 20

    /// A new file named `todo-<name>-XXXXXX.txt`, holding `text`.
    public init(named name: String, _ text: String) throws {
        let folder = getenv("TMPDIR").flatMap { String(validatingCString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((folder + "/todo-\(name)-XXXXXX.txt").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { name in name.baseAddress.map { mkstemps($0, 4) } ?? -1 }
        guard fd >= 0 else { throw ExternalEditor.Failed(description: "cannot make a file in \(folder): \(String(cString: strerror(errno)))") }
        close(fd)
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        try write(text)
    }

    public func write(_ text: String) throws {
        let fd = open(path, O_WRONLY | O_TRUNC)
        guard fd >= 0 else { throw ExternalEditor.Failed(description: "cannot write \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        do {
            try Array(text.utf8).withUnsafeBytes { try FileDescriptor.writeAll(fd, $0) }
        } catch let failure as OutputFailed {
            throw ExternalEditor.Failed(description: "cannot write \(path): \(failure.reason)")
        }
    }

    /// The text as saved; an editor may replace the file, so it is opened again by name. Only
    /// a file is read: opened without waiting, a pipe or a device put in its place is refused
    /// (a pipe with no writer kept `todo edit` waiting for ever).
    public func read() throws -> String {
        let fd = open(path, O_RDONLY | O_NONBLOCK)
        guard fd >= 0 else { throw ExternalEditor.Failed(description: "cannot read \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw ExternalEditor.Failed(description: "\(path) is no longer a file (the editor put something else there): nothing was changed")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ExternalEditor.Failed(description: "cannot read \(path): \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            bytes += chunk[..<count]
            if bytes.count > Self.largest { throw ExternalEditor.Failed(description: "\(path) grew past 4 MiB: nothing was changed") }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ExternalEditor.Failed(description: "\(path) is not UTF-8 text: nothing was changed")
        }
        return text
    }

    public func remove() { unlink(path) }
}
