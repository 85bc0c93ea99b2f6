import Foundation
import TodoTestSupport

/// What one run of the `todo` binary did.
struct RunResult {
    let status: Int32
    /// True when the process died from a signal (a crash) instead of exiting.
    let wasSignalled: Bool
    let stdout: String
    let stderr: String
    let stdoutBytes: Data

    /// stdout parsed as JSON.
    func json() throws -> Any {
        try JSONSerialization.jsonObject(with: stdoutBytes, options: [.fragmentsAllowed])
    }

    func jsonObject() throws -> [String: Any] {
        guard let object = try json() as? [String: Any] else { throw RunnerError.notJSON(stdout) }
        return object
    }

    func jsonArray() throws -> [[String: Any]] {
        guard let array = try json() as? [[String: Any]] else { throw RunnerError.notJSON(stdout) }
        return array
    }
}

enum RunnerError: Error {
    case notJSON(String)
    case binaryMissing(String)
}

/// Runs the built `todo` binary in a scratch directory with a clean environment, so nothing
/// from the machine (a real TODO_DB, a .env, NO_COLOR) leaks into a test.
final class TodoRunner {
    let directory: TemporaryDirectory
    /// The database every run uses unless a test says otherwise.
    let databasePath: String
    var environment: [String: String]

    init() throws {
        directory = try TemporaryDirectory()
        databasePath = directory.path("todo.db")
        environment = [
            "PATH": "/usr/bin:/bin",
            "HOME": directory.path("home"),
            "TODO_DB": databasePath,
            "TZ": "UTC",
        ]
    }

    /// The binary next to the test bundle (`swift build` puts both in the same folder);
    /// TODO_BINARY overrides it, e.g. to test a release build.
    static let binary: String = {
        if let path = ProcessInfo.processInfo.environment["TODO_BINARY"] { return path }
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for folder in [bundle, bundle.deletingLastPathComponent()] {
            let candidate = folder.appendingPathComponent("todo").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return bundle.appendingPathComponent("todo").path
    }()

    /// Runs `todo` with `arguments`; `stdin` is fed from the given bytes (empty by default).
    @discardableResult
    func run(_ arguments: [String], stdin: Data = Data(), environment extra: [String: String?] = [:],
             in workingDirectory: String? = nil) throws -> RunResult {
        guard FileManager.default.isExecutableFile(atPath: Self.binary) else { throw RunnerError.binaryMissing(Self.binary) }
        let id = UUID().uuidString
        let outPath = directory.path(".out-\(id)"), errPath = directory.path(".err-\(id)"), inPath = directory.path(".in-\(id)")
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        _ = FileManager.default.createFile(atPath: inPath, contents: stdin)
        defer { for path in [outPath, errPath, inPath] { try? FileManager.default.removeItem(atPath: path) } }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = arguments
        var env = environment
        for (key, value) in extra { env[key] = value }
        process.environment = env
        process.currentDirectoryURL = URL(fileURLWithPath: workingDirectory ?? directory.path)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: inPath))
        try process.run()
        process.waitUntilExit()

        let out = fileBytes(outPath) ?? Data()
        return RunResult(
            status: process.terminationStatus,
            wasSignalled: process.terminationReason == .uncaughtSignal,
            stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: fileBytes(errPath) ?? Data(), as: UTF8.self),
            stdoutBytes: out)
    }

    /// Runs and requires success, returning the parsed JSON of `--json` output.
    func json(_ arguments: [String]) throws -> Any {
        let result = try run(arguments + ["--json"])
        guard result.status == 0 else { throw RunnerError.notJSON("exit \(result.status): \(result.stderr)") }
        return try result.json()
    }

    func jsonObject(_ arguments: [String]) throws -> [String: Any] {
        guard let object = try json(arguments) as? [String: Any] else { throw RunnerError.notJSON("not an object") }
        return object
    }

    func jsonArray(_ arguments: [String]) throws -> [[String: Any]] {
        guard let array = try json(arguments) as? [[String: Any]] else { throw RunnerError.notJSON("not an array") }
        return array
    }

    /// Adds a task and returns its id.
    @discardableResult
    func add(_ list: String, _ title: String, _ options: [String] = []) throws -> Int {
        let task = try jsonObject(["add", list, title] + options)
        guard let id = task["id"] as? Int else { throw RunnerError.notJSON("no id") }
        return id
    }
}
