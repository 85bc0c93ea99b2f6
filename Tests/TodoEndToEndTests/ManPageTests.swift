import Foundation
import Testing
import TodoTestSupport

/// `man todo` is docs/manual.md: scripts/man turns the manual into docs/todo.1, and the page in
/// the repository must be what the manual makes now (else it is older than the manual), read by
/// groff without a warning, with the sections a man page has. Skipped, saying so, without python3.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "python3 is not installed (.ci/run installs it)"))
struct ManPageTests {
    private static let root = RepositoryRoot.url

    private func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = Self.root
        let out = Pipe(), err = Pipe()
        (process.standardOutput, process.standardError) = (out, err)
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }

    @Test func theCommittedPageIsWhatTheManualMakes() throws {
        let made = try run("/usr/bin/python3", ["scripts/man", "--stdout"])
        #expect(made.status == 0, "\(made.err)")
        let committed = try String(contentsOf: Self.root.appendingPathComponent("docs/todo.1"), encoding: .utf8)
        #expect(made.out == committed, "docs/todo.1 is older than docs/manual.md: run scripts/man and commit it")
    }

    @Test func thePageHasAManPagesSectionsAndGroffReadsItWithoutAWarning() throws {
        let page = try String(contentsOf: Self.root.appendingPathComponent("docs/todo.1"), encoding: .utf8)
        for section in ["NAME", "SYNOPSIS", "COMMANDS", "ENVIRONMENT", "FILES", "EXAMPLES"] {
            #expect(page.contains("\n.SH \(section)\n"), "no \(section) section")
        }
        #expect(page.contains("TODO_HISTORY_LIMIT") && page.contains("todo.db\\-wal"), "the environment and the files are the manual's")
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/groff") else { return }
        let read = try run("/usr/bin/groff", ["-man", "-Tutf8", "-ww", "-z", "docs/todo.1"])
        #expect(read.status == 0 && read.err.isEmpty, "groff: \(read.err)")
    }
}
