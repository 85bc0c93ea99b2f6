import Foundation
import PropertyBased
import Testing
import TodoTestSupport

/// Issue 4, section 4, by property: random text as list names and titles is stored exactly
/// (trimmed) or refused as empty; random dates round-trip through `--due`; and random argument
/// lists never kill `todo` with a signal. Every case runs the real binary, so counts are modest.
@Suite struct ArgumentPropertyTests {
    // MARK: Generators

    /// Scalars weighted towards the troublesome: ASCII, C0 and C1 controls, every kind of
    /// Unicode whitespace, format characters, combining marks, and anything else at all.
    /// Never NUL, which no argument can hold.
    static var scalar: Generator<Unicode.Scalar, some SendableSequenceType> {
        let whitespace: [UInt32] = [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000, 0x2007, 0x200A,
                                    0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0x200B, 0xFEFF, 0x180E]
        let tricky: [UInt32] = [0x1B, 0x07, 0x08, 0x7F, 0x9B, 0x202E, 0x2066, 0x0301, 0x200D, 0xFFFD, 0xFFFF, 0x10FFFF,
                                0x27, 0x22, 0x25, 0x5C, 0x2D, 0x3D, 0x3B]
        return Gen.frequency(
            (6, Gen<UInt32>.value(in: 0x20...0x7E)),
            (2, Gen<UInt32>.value(in: 0x01...0x1F)),
            (1, Gen<UInt32>.value(in: 0x7F...0x9F)),
            (3, Gen<UInt32?>.element(of: whitespace).map { $0 ?? 0x20 }),
            (2, Gen<UInt32?>.element(of: tricky).map { $0 ?? 0x1B }),
            (2, Gen<UInt32>.value(in: 0xA0...0xD7FF)),
            (1, Gen<UInt32>.value(in: 0xE000...0x10FFFF))
        ).compactMap { Unicode.Scalar($0) }
    }

    static var text: Generator<String, some SendableSequenceType> {
        scalar.array(of: 0...24).map { scalars in
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            return text
        }
    }

    /// the manual's rule, written out independently: surrounding Unicode whitespace goes.
    static func trimmed(_ text: String) -> String? {
        let scalars = Array(text.unicodeScalars)
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return nil }
        var result = ""
        result.unicodeScalars.append(contentsOf: scalars[first...last])
        return result
    }

    /// List names are the same list when equal ignoring ASCII case (SQLite's NOCASE).
    static func caseKey(_ name: String) -> [UInt32] {
        name.unicodeScalars.map { (0x41...0x5A).contains($0.value) ? $0.value + 32 : $0.value }
    }

    // MARK: Names and titles

    @Test func addedTextReadsBackAsExactlyTheTrimmedInput() async throws {
        let todo = try TodoRunner()
        let db = Database(path: todo.databasePath)
        // The name each list was first created with, by its case-insensitive key.
        var storedNames: [[UInt32]: String] = [:]
        var added = 0
        await propertyCheck(count: 40, input: Self.text, Self.text) { list, title throws in
            let result = try todo.run(["add", "--json", "--", list, title])
            guard let name = Self.trimmed(list), let expectedTitle = Self.trimmed(title) else {
                #expect(result.failedCleanly(with: 64), "\(result.summary)")
                #expect(result.stderr.contains("must not be empty"), "\(result.stderr)")
                #expect(try db.count("SELECT count(*) FROM tasks") == added)
                return
            }
            added += 1
            let expectedList = storedNames[Self.caseKey(name)] ?? name
            storedNames[Self.caseKey(name)] = expectedList
            #expect(result.status == 0, "\(result.summary)")
            let task = try result.jsonObject()
            #expect(sameScalars(task["title"] as? String, expectedTitle), "\(result.stdout)")
            #expect(sameScalars(task["list"] as? String, expectedList), "\(result.stdout)")
            let id = try #require((task["id"] as? Int).map(Int64.init))

            // Read back through the list, by the name as given (untrimmed): the same task.
            let listed = try todo.run(["list", "--json", "--", list])
            let found = try listed.jsonArray().first { ($0["id"] as? Int).map(Int64.init) == id }
            #expect(sameScalars(found?["title"] as? String, expectedTitle), "\(listed.summary)")
            // And the file holds exactly that.
            #expect(sameScalars(try db.value("SELECT title FROM tasks WHERE id = ?", [id]), expectedTitle))
            // Human output never passes a control character through.
            let human = try todo.run(["list", "--", list])
            #expect(!human.stdout.unicodeScalars.contains(where: HostileInputTests.dangerous), "\(human.summary)")
        }
        #expect(try db.problems() == [])
    }

    @Test func renamingToRandomTextKeepsItExactly() async throws {
        let todo = try TodoRunner()
        try todo.succeed(["new-list", "start"])
        var current = "start"
        await propertyCheck(count: 25, input: Self.text) { new throws in
            let result = try todo.run(["rename-list", "--json", "--", current, new])
            guard let expected = Self.trimmed(new) else {
                #expect(result.failedCleanly(with: 64), "\(result.summary)")
                return
            }
            #expect(result.status == 0, "\(result.summary)")
            #expect(sameScalars(try result.jsonObject()["name"] as? String, expected))
            current = expected
        }
    }

    // MARK: Dates

    @Test func everyRealDateRoundTripsThroughDue() async throws {
        let todo = try TodoRunner()
        let dates = zip(Gen.int(in: 0...9999), Gen.int(in: 1...12), Gen.int(in: 1...31), Gen.int(in: 0...1439).optional)
        await propertyCheck(count: 40, input: dates) { date throws in
            let (year, month, day, minute) = date
            var text = String(format: "%04d-%02d-%02d", year, month, day)
            if let minute { text += String(format: "T%02d:%02d", minute / 60, minute % 60) }
            let real = Self.isRealDate(year: year, month: month, day: day)
            let result = try todo.run(["add", "Dates", text, "--due", text, "--json"])
            if real {
                #expect(result.status == 0, "\(result.summary)")
                #expect((try? result.jsonObject())?["due"] as? String == text, "\(result.stdout)")
            } else {
                #expect(result.failedCleanly(with: 64), "\(result.summary)")
            }
        }
    }

    static func isRealDate(year: Int, month: Int, day: Int) -> Bool {
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return day <= days
    }

    @Test func relativeDaysMatchFoundationsCalendar() async throws {
        let todo = try TodoRunner()
        let last = try HostileInputTests.daysToLastDay()
        await propertyCheck(count: 30, input: Gen.int(in: 0...(last + 10)), Gen.bool) { days, weeks throws in
            let count = weeks ? days / 7 : days
            let offset = weeks ? count * 7 : count
            let text = "+\(count)\(weeks ? "w" : "d")"
            let result = try todo.run(["add", "Relative", text, "--due", text, "--json"])
            if offset <= last {
                #expect((try? result.jsonObject())?["due"] as? String == (try HostileInputTests.dateText(daysFromToday: offset)), "\(result.summary)")
            } else {
                #expect(result.failedCleanly(with: 64), "\(result.summary)")
            }
        }
    }

    // MARK: Fuzzing the command line

    /// Words the parser knows, values that are nearly right, and garbage. No "/" anywhere, so
    /// a random `--db` value stays inside the test's folder.
    static let words = [
        "list", "add", "edit", "done", "undone", "rm", "new-list", "rename-list", "delete-list", "help",
        "--db", "--json", "--color", "--no-color", "--all", "--force", "--notes", "--due", "--no-due", "--priority",
        "--title", "--list", "--done", "--undone", "--help", "-h", "--version", "--", "-", "--json=1", "--due=",
        "--priority=high", "--color=always", "--db=other.db", "--db=.", "--db=", "-x", "--bogus", "---",
        "always", "never", "auto", "none", "low", "medium", "high", "today", "tomorrow", "fri", "+3d", "+2w",
        "2026-02-29", "2028-02-29", "9999-12-31T23:59", "0", "1", "2", "3", "-1", "42", "9223372036854775807",
        "9223372036854775808", "Inbox", "inbox", "Work", " ", "", "other.db", "todo.db", "'; DROP TABLE tasks; --",
        "%s%n", "\u{1B}[2J", "\n",
        // The scripting commands (import and the db maintenance commands are left to their own tests).
        "search", "agenda", "show", "export", "--format", "ndjson", "csv", "json", "--sort", "title", "created",
        "--overdue", "--due-before", "--limit", "--days", "36500", "36501", "-q", "--quiet", "--dry-run",
    ]

    static var argument: Generator<String, some SendableSequenceType> {
        Gen.frequency(
            (5, Gen<String?>.element(of: words).map { $0 ?? "" }),
            (1, text.map { $0.replacingOccurrences(of: "/", with: "") }),
            (1, Gen.int(in: -20...20).map(String.init))
        )
    }

    @Test func randomArgumentListsNeverKillTodo() async throws {
        let todo = try TodoRunner()
        try todo.add("Inbox", "one")
        try todo.add("Work", "two", ["--due", "2030-01-01"])
        var statuses: [Int32: Int] = [:]
        await propertyCheck(count: 300, input: Self.argument.array(of: 0...7)) { arguments throws in
            let result = try todo.run(arguments)
            statuses[result.status, default: 0] += 1
            #expect(!result.wasSignalled, "\(result.summary)")
            #expect([0, 1, 64].contains(result.status), "\(result.summary)")
            if result.status != 0 {
                #expect(result.stdoutBytes.isEmpty, "\(result.summary)")
                #expect(result.stderr.hasPrefix("Error: "), "\(result.summary)")
            }
        }
        // The fuzzer reached past the parser, not just into usage errors.
        #expect(statuses[0, default: 0] > 0 && statuses[1, default: 0] > 0 && statuses[64, default: 0] > 0, "\(statuses)")
        for path in [todo.databasePath, todo.directory.path("other.db")] where FileManager.default.fileExists(atPath: path) {
            #expect(try Database(path: path).problems() == [])
        }
    }
}
