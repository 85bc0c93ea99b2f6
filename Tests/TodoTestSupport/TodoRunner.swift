import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// What one run of the `todo` binary did.
public struct RunResult: Sendable {
    public let arguments: [String]
    public let status: Int32
    /// True when the process died from a signal (a crash, or our SIGKILL) instead of exiting.
    public let wasSignalled: Bool
    public let stdout: String
    public let stderr: String
    public let stdoutBytes: Data
    public let stderrBytes: Data

    /// stdout parsed as JSON, keeping strings exactly (see `ExactJSON`).
    public func json() throws -> Any {
        try ExactJSON.parse(Array(stdoutBytes))
    }

    public func jsonObject() throws -> [String: Any] {
        guard let object = try json() as? [String: Any] else { throw RunnerError.notJSON(stdout) }
        return object
    }

    public func jsonArray() throws -> [[String: Any]] {
        guard let array = try json() as? [[String: Any]] else { throw RunnerError.notJSON(stdout) }
        return array
    }

    /// stderr split into lines (without the final newline's empty remainder).
    public var stderrLines: [Substring] {
        var lines = stderr.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// the manual's failure shape: a clean exit with `status`, nothing on stdout, and stderr that
    /// starts with an `Error:` line. With `oneLine`, that line is all there is.
    public func failedCleanly(with status: Int32, oneLine: Bool = false) -> Bool {
        !wasSignalled && self.status == status && stdoutBytes.isEmpty && stderr.hasPrefix("Error: ")
            && (!oneLine || stderrLines.count == 1)
    }

    public var summary: String {
        "todo \(arguments.map { "'\($0.count > 60 ? $0.prefix(60) + "…(\($0.utf8.count) bytes)" : $0)'" }.joined(separator: " ")) → \(wasSignalled ? "signal" : "exit") \(status)\nstdout: \(stdout.prefix(400))\nstderr: \(stderr.prefix(800))"
    }
}

public enum RunnerError: Error {
    case notJSON(String)
    case binaryMissing(String)
    case failed(String)
}

/// A `todo` process started and not yet waited for.
public final class RunningTodo: @unchecked Sendable {
    public let process: Process
    public let arguments: [String]
    private let outPath: String
    private let errPath: String
    private let inPath: String

    init(process: Process, arguments: [String], outPath: String, errPath: String, inPath: String) {
        self.process = process
        self.arguments = arguments
        self.outPath = outPath
        self.errPath = errPath
        self.inPath = inPath
    }

    public var isRunning: Bool { process.isRunning }

    /// SIGKILL: the process gets no chance to clean up, as in a power cut or an OOM kill.
    public func kill() {
        if process.isRunning { _ = Glibc.kill(process.processIdentifier, SIGKILL) }
    }

    public func wait() -> RunResult {
        process.waitUntilExit()
        let out = fileBytes(outPath) ?? Data()
        let err = fileBytes(errPath) ?? Data()
        for path in [outPath, errPath, inPath] { try? FileManager.default.removeItem(atPath: path) }
        return RunResult(
            arguments: arguments,
            status: process.terminationStatus,
            wasSignalled: process.terminationReason == .uncaughtSignal,
            stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err, as: UTF8.self),
            stdoutBytes: out,
            stderrBytes: err)
    }
}

/// Runs the built `todo` binary in a scratch directory with a clean environment, so nothing
/// from the machine (a real TODO_DB, a .env, NO_COLOR) leaks into a test. Safe to use from
/// several threads at once once set up (each run has its own output files).
public final class TodoRunner: @unchecked Sendable {
    public let directory: TemporaryDirectory
    /// Where the database every run uses lives.
    public let store: Store
    /// The database every run uses unless a test says otherwise: a file's path, or on a server
    /// the URL of a database of the runner's own (what `--db` and `TODO_DB` take).
    public let databasePath: String
    public let environment: [String: String]

    /// `environment` is added to (and overrides) the clean environment every run gets.
    public init(_ store: Store = .file, environment extra: [String: String] = [:]) throws {
        directory = try TemporaryDirectory()
        self.store = store
        switch store {
        case .file: databasePath = directory.path("todo.db")
        case .server: databasePath = try PostgresTestServer.newDatabase()
        }
        var environment = [
            "PATH": "/usr/bin:/bin",
            "HOME": directory.path("home"),
            "TODO_DB": databasePath,
            "TZ": "UTC",
        ]
        for (key, value) in extra { environment[key] = value }
        self.environment = environment
    }

    /// The binary next to the test bundle (`swift build` puts both in the same folder);
    /// TODO_BINARY overrides it, e.g. to test a release build.
    public static let binary: String = {
        if let path = ProcessInfo.processInfo.environment["TODO_BINARY"] { return path }
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for folder in [bundle, bundle.deletingLastPathComponent()] {
            let candidate = folder.appendingPathComponent("todo").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return bundle.appendingPathComponent("todo").path
    }()

    /// Starts `todo` with `arguments` and returns without waiting; `stdin` is fed from the
    /// given bytes (empty by default).
    public func start(_ arguments: [String], stdin: Data = Data(), environment extra: [String: String?] = [:],
                      executable: String = TodoRunner.binary, in workingDirectory: String? = nil) throws -> RunningTodo {
        guard FileManager.default.isExecutableFile(atPath: Self.binary) else { throw RunnerError.binaryMissing(Self.binary) }
        let id = UUID().uuidString
        let outPath = directory.path(".out-\(id)"), errPath = directory.path(".err-\(id)"), inPath = directory.path(".in-\(id)")
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        _ = FileManager.default.createFile(atPath: inPath, contents: stdin)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var env = environment
        for (key, value) in extra { env[key] = value }
        process.environment = env
        process.currentDirectoryURL = URL(fileURLWithPath: workingDirectory ?? directory.path)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: inPath))
        do {
            try process.run()
        } catch {
            for path in [outPath, errPath, inPath] { try? FileManager.default.removeItem(atPath: path) }
            throw error
        }
        return RunningTodo(process: process, arguments: arguments, outPath: outPath, errPath: errPath, inPath: inPath)
    }

    /// Runs `todo` with `arguments` and waits for it; `stdin` is fed from the given bytes.
    @discardableResult
    public func run(_ arguments: [String], stdin: Data = Data(), environment extra: [String: String?] = [:],
                    in workingDirectory: String? = nil) throws -> RunResult {
        try start(arguments, stdin: stdin, environment: extra, in: workingDirectory).wait()
    }

    /// Runs `todo` with arguments given as raw bytes, which may be invalid UTF-8. Foundation's
    /// Process only takes Strings, so a shell builds each argument with printf from octal escapes
    /// and then execs todo with them. NUL bytes cannot be in an argument at all.
    @discardableResult
    public func run(rawArguments: [[UInt8]], environment extra: [String: String?] = [:]) throws -> RunResult {
        var script = "set --\n"
        for argument in rawArguments {
            precondition(!argument.contains(0), "an argument cannot hold a NUL byte")
            let escaped = argument.map { "\\" + String($0, radix: 8) }.joined()
            // The trailing x keeps $(...) from eating trailing newlines.
            script += "a=$(printf '\(escaped)x'); set -- \"$@\" \"${a%x}\"\n"
        }
        script += "exec \"$0\" \"$@\"\n"
        let running = try start(["-c", script, Self.binary], environment: extra, executable: "/bin/sh")
        let result = running.wait()
        let shown = rawArguments.map { String(decoding: $0, as: UTF8.self) }
        return RunResult(arguments: shown, status: result.status, wasSignalled: result.wasSignalled,
                         stdout: result.stdout, stderr: result.stderr, stdoutBytes: result.stdoutBytes,
                         stderrBytes: result.stderrBytes)
    }

    /// Runs a `/bin/sh` script in the scratch directory, in which `todo` runs the binary under
    /// test: for what Process cannot set up itself (`> /dev/full`, `head -c ... /dev/zero |`).
    @discardableResult
    public func shell(_ script: String, environment extra: [String: String?] = [:]) throws -> RunResult {
        var environment = extra
        environment["TODO_UNDER_TEST"] = Self.binary
        return try start(["-c", "todo() { \"$TODO_UNDER_TEST\" \"$@\"; }\n" + script], environment: environment,
                         executable: "/bin/sh").wait()
    }

    /// Runs and requires success, returning the parsed JSON of `--json` output. The flag goes
    /// just before a `--` (so it is not taken for a value after it), or else at the end (so it
    /// reaches nested subcommands such as `db check`).
    public func json(_ arguments: [String]) throws -> Any {
        var withFlag = arguments
        withFlag.insert("--json", at: arguments.firstIndex(of: "--") ?? arguments.endIndex)
        let result = try run(withFlag)
        guard result.status == 0 else { throw RunnerError.failed(result.summary) }
        return try result.json()
    }

    public func jsonObject(_ arguments: [String]) throws -> [String: Any] {
        guard let object = try json(arguments) as? [String: Any] else { throw RunnerError.notJSON("not an object") }
        return object
    }

    public func jsonArray(_ arguments: [String]) throws -> [[String: Any]] {
        guard let array = try json(arguments) as? [[String: Any]] else { throw RunnerError.notJSON("not an array") }
        return array
    }

    /// Adds a task and returns its id. `options` go before `--`, so any list or title is taken
    /// as text.
    @discardableResult
    public func add(_ list: String, _ title: String, _ options: [String] = []) throws -> Int {
        let task = try jsonObject(["add"] + options + ["--", list, title])
        guard let id = task["id"] as? Int else { throw RunnerError.notJSON("no id") }
        return id
    }

    /// Runs `arguments` and throws unless it succeeded.
    @discardableResult
    public func succeed(_ arguments: [String], environment extra: [String: String?] = [:]) throws -> RunResult {
        let result = try run(arguments, environment: extra)
        guard result.status == 0, !result.wasSignalled else { throw RunnerError.failed(result.summary) }
        return result
    }
}
