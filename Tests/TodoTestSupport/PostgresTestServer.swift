import Foundation

/// The PostgreSQL server the tests of the PostgreSQL repository run on: a real one, named by
/// TODO_TEST_POSTGRES_URL (a superuser on it). `scripts/test-all` starts a throwaway server and
/// sets it; without it, those tests are skipped and say so.
public enum PostgresTestServer {
    public static let url: String? = ProcessInfo.processInfo.environment["TODO_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }

    /// The authority that signed the test server's TLS certificate (made out to localhost
    /// only), when `scripts/test-postgres` could make one (TODO_TEST_POSTGRES_CA).
    public static let authority: String? = ProcessInfo.processInfo.environment["TODO_TEST_POSTGRES_CA"].flatMap {
        FileManager.default.fileExists(atPath: $0) ? $0 : nil
    }

    public static let skipped = "TODO_TEST_POSTGRES_URL is not set, so the PostgreSQL repository is not tested: run scripts/test-all"

    /// A new, empty database of its own, as a URL.
    public static func newDatabase() throws -> String {
        guard let url else { throw RunnerError.failed(skipped) }
        let name = "todo_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(20)
        try psql(url, "CREATE DATABASE \(name)")
        return database(name, on: url)
    }

    /// `url` with its database replaced by `name`.
    public static func database(_ name: String, on url: String) -> String {
        let (base, query) = url.split(separator: "?", maxSplits: 1).map(String.init).splitFirst()
        let schemeEnd = base.range(of: "://")?.upperBound ?? base.startIndex
        let hostEnd = base[schemeEnd...].firstIndex(of: "/") ?? base.endIndex
        return String(base[..<hostEnd]) + "/" + name + (query.map { "?" + $0 } ?? "")
    }

    /// Runs SQL through psql (the server's own client) and returns what it printed, unaligned.
    @discardableResult
    public static func psql(_ url: String, _ sql: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["psql", "-X", "-q", "-At", "-v", "ON_ERROR_STOP=1", url, "-c", sql]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let complaint = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw RunnerError.failed("psql \(sql): " + String(decoding: complaint, as: UTF8.self))
        }
        return String(decoding: printed, as: UTF8.self).trimmingCharacters(in: .newlines)
    }

    /// Starts psql on `sql` (a transaction that holds something open a while) and returns once
    /// it has had `headStart` seconds to take its locks; `waitUntilExit()` on the process ends it.
    public static func psqlInBackground(_ url: String, _ sql: String, headStart: Double = 0.3) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", url, "-c", sql]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: headStart)
        return process
    }
}

private extension Array where Element == String {
    func splitFirst() -> (String, String?) {
        (self.first ?? "", count > 1 ? self[1] : nil)
    }
}
