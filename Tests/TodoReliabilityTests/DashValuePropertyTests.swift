import Foundation
import PropertyBased
import Testing
import TodoTestSupport

/// A value that starts with `-` is a value where one is expected, never a bundle of short flags
/// that silently prints help (`todo add Work "-5 pushups"` used to exit 0 having added nothing).
/// `-h` and `--help` standing alone still ask for help (docs/manual.md), so they are the two strings
/// left out. One that is exactly an option of `add` (or `--`, or an option with its value, as
/// `--notes=x`) is that option: `todo add Work --notes=x` adds the task "Work" to the default
/// list.
@Suite struct DashValuePropertyTests {
    static let dashed = [
        "-5 pushups", "-think about health", "-h x", "-qh", "-q-", "-", "--", "---", "--x", "--json", "--help me",
        "-\u{1B}[2J", "- ", "-\u{3000}", "--db", "--notes=x", "-1", "-9223372036854775809",
    ]

    static var title: Generator<String, some SendableSequenceType> {
        Gen.frequency(
            (1, Gen<String?>.element(of: dashed).map { $0 ?? "-" }),
            (3, ArgumentPropertyTests.text.map { "-" + $0 })
        ).filter { $0 != "-h" && $0 != "--help" }
    }

    @Test func aTitleThatStartsWithADashIsAddedExactlyOrRefusedAsUsage() async throws {
        let todo = try TodoRunner()
        let db = Database(path: todo.databasePath)
        var added = 0
        await propertyCheck(count: 60, input: Self.title, Gen.bool) { title, quiet throws in
            let result = try todo.run(["add"] + (quiet ? ["-q"] : ["--json"]) + ["Work", title])
            #expect(!result.stdout.contains("USAGE:") && !result.stdout.contains("OVERVIEW:"), "\(result.summary)")
            guard result.status == 0 else {
                #expect(result.failedCleanly(with: 64), "\(result.summary)")
                #expect(try db.count("SELECT count(*) FROM tasks") == added, "\(result.summary)")
                return
            }
            added += 1
            let id = quiet ? result.stdout.trimmingCharacters(in: .newlines) : "\(try result.jsonObject()["id"] ?? "")"
            let stored = try db.value("SELECT title FROM tasks WHERE id = ?", [Int64(id) ?? -1])
            #expect(sameScalars(stored, Self.isAnOptionOfAdd(title) ? "Work" : ArgumentPropertyTests.trimmed(title)), "\(result.summary)")
        }
        // Every case that is clearly a value was added.
        for title in ["-5 pushups", "-think about health", "-qh", "-1"] {
            let result = try todo.run(["add", "-q", "Work", title])
            #expect(result.status == 0 && !result.stdout.isEmpty, "\(result.summary)")
        }
    }

    /// `--`, or how an option of `todo add` is written, alone or with its value.
    static func isAnOptionOfAdd(_ text: String) -> Bool {
        let options = ["--db", "--json", "--color", "--no-color", "-q", "--quiet", "--dry-run", "--notes", "--due", "--priority", "--tag",
                       "--repeat", "--repeat-from"]
        return text == "--" || options.contains { text == $0 || text.hasPrefix($0 + "=") }
    }

    @Test func aDashValueWhereNoneIsExpectedIsAUsageErrorThatNamesTheWayOut() throws {
        let todo = try TodoRunner()
        for arguments in [["new-list", "Work", "-5"], ["tags", "-x"], ["agenda", "-h1"], ["undo", "-qq"]] {
            let result = try todo.run(arguments)
            #expect(result.failedCleanly(with: 64), "\(result.summary)")
            #expect(result.stderr.contains("goes after '--'"), "\(result.summary)")
        }
        #expect(!FileManager.default.fileExists(atPath: todo.databasePath))
    }
}
