import Foundation
import Testing
import TodoTestSupport

/// Issue 4, section 4: hostile arguments are either stored exactly or refused with a clear
/// error, and never crash `todo`; what comes from the data cannot take over a terminal.
@Suite struct HostileInputTests {
    // MARK: SQL, quotes and formats

    static let metacharacters = [
        "'; DROP TABLE tasks; --",
        "Robert'); DROP TABLE lists;-- \" OR \"\"=\" ' OR '1'='1",
        "%s%n%x%p%@%d%% %s%s%s%s%s%s%s%s%s%s%n",
        "\\ \\0 \\n \\x1b \\",
        "$(touch pwned) `touch pwned` ${HOME} ?1 ?2 :name @name $name",
        "*/ /* -- ; PRAGMA writable_schema = 1;",
        "NULL",
        "'",
        "\"",
        "-- leading dashes",
        "-x",
    ]

    @Test(arguments: metacharacters)
    func metacharactersAreStoredExactly(text: String) throws {
        let todo = try TodoRunner()
        let db = Database(path: todo.databasePath)
        let added = try todo.jsonObject(["add", "--notes=\(text)", "--", "list " + text, "title " + text])
        #expect(sameScalars(added["title"] as? String, "title " + text))
        #expect(sameScalars(added["notes"] as? String, text))
        #expect(sameScalars(added["list"] as? String, "list " + text))
        let id = try #require((added["id"] as? Int).map(Int64.init))

        // Exactly what was given is in the database, and the schema is whole.
        let row = try #require(try db.rows("SELECT t.title, t.notes, l.name FROM tasks t JOIN lists l ON l.id = t.list_id WHERE t.id = ?", [id]).first)
        #expect(sameScalars(row[0], "title " + text) && sameScalars(row[1], text) && sameScalars(row[2], "list " + text))
        #expect(try db.rows("SELECT name FROM sqlite_schema WHERE type = 'table' AND name IN ('lists', 'tasks') ORDER BY name") == [["lists"], ["tasks"]])

        // Every command that takes text treats it as plain text.
        let listed = try todo.jsonArray(["list", "--", "list " + text])
        #expect(listed.count == 1 && sameScalars(listed.first?["title"] as? String, "title " + text))
        let edited = try todo.jsonObject(["edit", String(id), "--title=\(text)", "--list=\(text)"])
        #expect(sameScalars(edited["title"] as? String, text) && sameScalars(edited["list"] as? String, text))
        try todo.succeed(["new-list", "--", "new " + text])
        try todo.succeed(["rename-list", "--", "new " + text, "renamed " + text])
        #expect(try db.listID("renamed " + text) != nil)
        try todo.succeed(["delete-list", "--", "renamed " + text])
        let missing = try todo.run(["list", "--", "missing " + text])
        #expect(missing.failedCleanly(with: 1, oneLine: true), "\(missing.summary)")
        // No shell ever saw the text.
        #expect(!FileManager.default.fileExists(atPath: todo.directory.path("pwned")))
        #expect(try db.count("SELECT count(*) FROM tasks") == 1)
        #expect(try db.problems() == [])
    }

    // MARK: Control characters and terminal escapes

    static let escapes = [
        "clear\u{1B}[2J\u{1B}[H title\u{1B}]0;pwned\u{07}",
        "clip\u{1B}]52;c;cm0gLXJmIH4=\u{07} bell\u{07}\u{07}",
        "csi\u{9B}31mred osc\u{9D}8;;http://evil\u{9C}link del\u{7F}",
        "back\u{08}\u{08}\u{08}space over\rwrite",
        "two\nlines tab\tand\u{0B}vt\u{0C}ff sep\u{2028}line\u{2029}para",
        "bidi \u{202E}gnp.exe\u{202C} \u{2066}x\u{2069} \u{200E}\u{200F}\u{061C}",
        "\u{1B}",
    ]

    /// Scalars that must never reach a terminal from the data.
    static func dangerous(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A: false  // the line ends todo itself writes
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
        default: false
        }
    }

    @Test(arguments: escapes)
    func escapesAreHarmlessForPeopleAndExactForScripts(text: String) throws {
        let todo = try TodoRunner()
        let db = Database(path: todo.databasePath)
        let list = "L " + text, title = "T hostile " + text
        var outputs: [RunResult] = []
        outputs.append(try todo.run(["add", "--notes=\(text)", "--due", "2030-01-01", "--", list, title]))
        let id = try #require(try db.value("SELECT id FROM tasks"))
        outputs.append(try todo.run(["list"]))
        outputs.append(try todo.run(["list", "--all", "--", list]))
        outputs.append(try todo.run(["show", id]))
        outputs.append(try todo.run(["search", "hostile"]))
        outputs.append(try todo.run(["agenda", "--days", "36500"]))
        outputs.append(try todo.run(["edit", id, "--priority", "high"]))
        outputs.append(try todo.run(["done", id]))
        outputs.append(try todo.run(["list", "--all", "--", list]))
        outputs.append(try todo.run(["undone", id]))
        outputs.append(try todo.run(["new-list", "--", "N " + text]))
        outputs.append(try todo.run(["rename-list", "--", "N " + text, "M " + text]))
        outputs.append(try todo.run(["delete-list", "--", "M " + text]))
        for result in outputs {
            #expect(result.status == 0, "\(result.summary)")
            #expect(!result.stdout.unicodeScalars.contains(where: Self.dangerous), "\(result.summary)")
            #expect(!result.stdoutBytes.contains(0x1B) && !result.stdoutBytes.contains(0x07))
        }

        // Errors that repeat the text are one harmless line too.
        for failing in [["list", "--", "missing " + text], ["new-list", "--", list], ["delete-list", "--", list]] {
            let result = try todo.run(failing)
            #expect(result.failedCleanly(with: 1, oneLine: true), "\(result.summary)")
            #expect(!result.stderr.unicodeScalars.contains(where: Self.dangerous), "\(result.summary)")
        }

        // JSON and the database keep the text exactly.
        let json = try todo.jsonArray(["list", "--all", "--", list])
        #expect(sameScalars(json.first?["title"] as? String, title))
        #expect(sameScalars(json.first?["notes"] as? String, text))
        #expect(sameScalars(json.first?["list"] as? String, list))
        let row = try #require(try db.rows("SELECT t.title, t.notes, l.name FROM tasks t JOIN lists l ON l.id = t.list_id").first)
        #expect(sameScalars(row[0], title) && sameScalars(row[1], text) && sameScalars(row[2], list))
        let lists = try todo.jsonArray(["list"])
        #expect(lists.contains { sameScalars($0["name"] as? String, list) })
    }

    // MARK: Very long text

    /// The longest single argument Linux passes to a program (MAX_ARG_STRLEN is 128 KiB,
    /// terminating NUL included); a megabyte cannot be an argument at all.
    static let longestArgument = 128 * 1024 - 1

    @Test func theLongestPossibleArgumentsAreStoredExactly() throws {
        let todo = try TodoRunner()
        let ascii = String(repeating: "a", count: Self.longestArgument)
        let wide = String(repeating: "é", count: Self.longestArgument / 2)  // two bytes each
        let emoji = String(repeating: "👩‍💻", count: Self.longestArgument / 11)  // eleven bytes each
        for text in [ascii, wide, emoji] {
            #expect(text.utf8.count <= Self.longestArgument)
            // The notes take what is left of the 160 KiB a task keeps (docs/manual.md).
            let notes = String(repeating: "n", count: (160 << 10) - text.utf8.count)
            let task = try todo.jsonObject(["add", "--notes", notes, "--", "Long", text])
            #expect(sameScalars(task["title"] as? String, text))
            #expect(sameScalars(task["notes"] as? String, notes))
            let human = try todo.run(["list", "Long"])
            #expect(human.status == 0 && human.stdout.contains(text))
        }
        #expect(try Database(path: todo.databasePath).count("SELECT count(*) FROM tasks WHERE length(title) >= ?", [Self.longestArgument / 11]) == 3)
    }

    @Test func aMegabyteTitleAndNotesInTheFileAreShownAndKeptExactly() throws {
        let todo = try TodoRunner()
        let id = try todo.add("Big", "placeholder")
        let db = Database(path: todo.databasePath)
        let title = String(repeating: "0123456789abcdé\u{1B}", count: 1 << 16)  // 17 bytes each: ~1.1 MiB
        let notes = String(repeating: "n", count: 1 << 20)
        try db.run("UPDATE tasks SET title = ?, notes = ? WHERE id = ?", title, notes, id)

        let listed = try todo.jsonArray(["list", "Big"])
        #expect(sameScalars(listed.first?["title"] as? String, title))
        #expect(sameScalars(listed.first?["notes"] as? String, notes))
        let human = try todo.run(["list", "Big"])
        #expect(human.status == 0)
        #expect(human.stdout.utf8.count > 1 << 20)
        #expect(!human.stdoutBytes.contains(0x1B))
        // Commands that rewrite the row keep the text exactly: past what todo keeps (docs/manual.md),
        // such a task is still edited in its other fields, only never made longer.
        let longer = try todo.run(["edit", String(id), "--tag", "longer"])
        #expect(longer.failedCleanly(with: 64), "\(longer.summary)")
        let edited = try todo.jsonObject(["edit", String(id), "--priority", "high", "--list", "Bigger"])
        #expect(sameScalars(edited["title"] as? String, title))
        let done = try todo.jsonArray(["done", String(id)])
        #expect(sameScalars(done.first?["title"] as? String, title))
        #expect(sameScalars(try db.value("SELECT title FROM tasks WHERE id = ?", [id]), title))
        #expect(sameScalars(try db.value("SELECT notes FROM tasks WHERE id = ?", [id]), notes))
        let removed = try todo.jsonArray(["rm", String(id)])
        #expect(sameScalars(removed.first?["notes"] as? String, notes))
    }

    // MARK: Extreme numbers

    static let ids = [
        "0", "-1", "-0", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
        "-9223372036854775809", "18446744073709551616", String(repeating: "9", count: 400), "1e3", "0x10",
        "1.0", "١", "１", "", " 1", "1 ", "--1", "0b1",
    ]

    @Test(arguments: ids)
    func extremeIdsAreRefusedCleanly(id: String) throws {
        let todo = try TodoRunner()
        try todo.add("Inbox", "only task")
        let db = Database(path: todo.databasePath)
        let before = try db.snapshot()
        for arguments in [["done", "--", id], ["rm", "--", id], ["undone", "1", "--", id], ["edit", "--list", "New", "--", id]] {
            let result = try todo.run(arguments)
            // An id that parses is simply not there (1); one that does not is a usage error (64).
            #expect(result.failedCleanly(with: 1, oneLine: true) || result.failedCleanly(with: 64), "\(result.summary)")
            if result.status == 1 { #expect(result.stderr.hasPrefix("Error: no task with id "), "\(result.stderr)") }
        }
        #expect(try db.snapshot() == before)
    }

    @Test func aTaskAtTheLargestIdWorksAndTheNextAddIsRefused() throws {
        let todo = try TodoRunner()
        try todo.add("Inbox", "first")
        let db = Database(path: todo.databasePath)
        let max = String(Int64.max)
        try db.run("INSERT INTO tasks (id, list_id, title, created_at, updated_at) VALUES (?, 1, 'last', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')", Int64.max)
        let listed = try todo.run(["list", "Inbox", "--json"])
        #expect(listed.stdout.contains("\"id\":\(max),"))
        #expect(try todo.run(["done", max]).status == 0)
        #expect(try todo.run(["edit", max, "--title", "still last", "--list", "Other"]).status == 0)
        #expect(try db.value("SELECT title FROM tasks WHERE id = ?", [Int64.max]) == "still last")

        // Ids are never reused, so there is no id left: refused cleanly, nothing half-done.
        let before = try db.snapshot()
        let result = try todo.run(["add", "Brand new list", "one too many"])
        #expect(result.failedCleanly(with: 1, oneLine: true), "\(result.summary)")
        #expect(try db.snapshot() == before)
        #expect(try db.problems() == [])
    }

    // MARK: Extreme dates

    /// Days from today (UTC, as the runner's TZ says) to 9999-12-31, by Foundation's calendar.
    static func daysToLastDay() throws -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let today = calendar.startOfDay(for: Date())
        let last = try #require(calendar.date(from: DateComponents(year: 9999, month: 12, day: 31)))
        return try #require(calendar.dateComponents([.day], from: today, to: last).day)
    }

    static func dateText(daysFromToday days: Int) throws -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let date = try #require(calendar.date(byAdding: .day, value: days, to: calendar.startOfDay(for: Date())))
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", try #require(parts.year), try #require(parts.month), try #require(parts.day))
    }

    @Test func extremeDatesAreStoredExactlyOrRefused() throws {
        let todo = try TodoRunner()
        try todo.succeed(["new-list", "Inbox"])
        let db = Database(path: todo.databasePath)
        let last = try Self.daysToLastDay()
        var cases: [(input: String, stored: String?)] = [
            ("0000-01-01", "0000-01-01"), ("9999-12-31", "9999-12-31"), ("0000-01-01T00:00", "0000-01-01T00:00"),
            ("9999-12-31T23:59", "9999-12-31T23:59"), ("2024-02-29", "2024-02-29"), ("2000-02-29T12:30", "2000-02-29T12:30"),
            ("2023-02-29", nil), ("1900-02-29", nil), ("10000-01-01", nil), ("0000-00-00", nil), ("9999-12-32", nil),
            ("-0001-01-01", nil), ("2026-13-01", nil), ("2026-01-01T24:00", nil), ("2026-01-01T23:60", nil),
            ("2026-1-1", nil), ("+9999999d", nil), ("+99999999d", nil), ("+9999999w", nil), ("+1000000w", nil),
            ("-1d", try Self.dateText(daysFromToday: -1)), ("-1m", nil), ("+-1d", nil), ("--1d", nil), ("-9999999w", nil),
            ("+9999999m", nil), ("+9999999y", nil), ("+1.5d", nil), ("+1e3d", nil), ("+d", nil), ("+١d", nil),
            (String(repeating: "9", count: 300), nil), ("+" + String(repeating: "9", count: 300) + "d", nil),
            ("+0d", try Self.dateText(daysFromToday: 0)), ("+1w", try Self.dateText(daysFromToday: 7)),
            ("+\(last)d", "9999-12-31"), ("+\(last + 1)d", nil),
            ("+\(last / 7)w", try Self.dateText(daysFromToday: last / 7 * 7)), ("+\(last / 7 + 1)w", nil),
        ]
        // The example: +2912118d reaches 9999-12-31 from 2026-11-21, and is refused later.
        cases.append(("+2912118d", 2_912_118 <= last ? try Self.dateText(daysFromToday: 2_912_118) : nil))

        for (input, stored) in cases {
            for arguments in [["add", "Inbox", "due \(input)", "--due=\(input)"], ["edit", "1", "--due=\(input)"]] {
                let before = try db.snapshot()
                let result = try todo.run(arguments + ["--json"])
                if let stored {
                    #expect(result.status == 0, "\(result.summary)")
                    #expect((try? result.jsonObject())?["due"] as? String == stored, "--due \(input): \(result.stdout)")
                } else {
                    #expect(result.failedCleanly(with: 64), "\(result.summary)")
                    #expect(result.stderr.hasPrefix("Error: invalid due date") || result.stderr.hasPrefix("Error: Missing value"), "\(result.stderr)")
                    #expect(try db.snapshot() == before)
                }
            }
        }
        #expect(try db.problems() == [])
    }

    // MARK: Invalid UTF-8

    /// Byte sequences that are not UTF-8: a lone continuation byte, bytes that never occur,
    /// overlong forms, a UTF-16 surrogate, a cut-off sequence and a scalar beyond U+10FFFF.
    static let invalidUTF8: [[UInt8]] = [
        [0xFF, 0xFE], [0x80], [0x61, 0xC0, 0xAF, 0x62], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80],
        [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0x6F, 0x6B, 0xC3],
    ]

    @Test(arguments: invalidUTF8)
    func argumentsThatAreNotUTF8AreRefusedNamingTheirPosition(bad: [UInt8]) throws {
        let todo = try TodoRunner()
        try todo.add("Inbox", "first")
        let db = Database(path: todo.databasePath)
        let before = try db.snapshot()
        let text = { (s: String) in Array(s.utf8) }
        let cases: [(arguments: [[UInt8]], position: Int)] = [
            ([bad], 1),
            ([text("add"), bad, text("title")], 2),
            ([text("add"), text("Inbox"), bad], 3),
            ([text("add"), text("Inbox"), text("title"), text("--notes"), bad], 5),
            ([text("edit"), text("1"), text("--title"), text("ok") + bad], 4),
            ([text("rename-list"), text("Inbox"), bad], 3),
            ([text("list"), text("--db"), text(todo.directory.path("x")) + bad + text(".db")], 3),
            ([text("done"), text("1"), bad, bad], 3),
        ]
        for (arguments, position) in cases {
            let result = try todo.run(rawArguments: arguments)
            #expect(result.failedCleanly(with: 64, oneLine: true), "\(result.summary)")
            #expect(result.stderr == "Error: argument \(position) is not valid UTF-8\n", "\(result.stderr)")
        }
        #expect(try db.snapshot() == before)
        // No database was created from a mangled path.
        #expect(try FileManager.default.contentsOfDirectory(atPath: todo.directory.path).filter { $0.hasSuffix(".db") } == ["todo.db"])
    }

    @Test func validUTF8GivenAsRawBytesIsStoredExactly() throws {
        let todo = try TodoRunner()
        // U+FFFD itself, the largest scalar, a noncharacter, NFD and NFC forms: all valid.
        for title in ["\u{FFFD}", "\u{10FFFF}", "\u{FFFF}", "e\u{301}", "\u{E9}", "😀", "ß", "\u{1F1FA}\u{1F1F8}"] {
            let result = try todo.run(rawArguments: [Array("add".utf8), Array("--json".utf8), Array("Inbox".utf8), Array(title.utf8)])
            #expect(result.status == 0, "\(result.summary)")
            #expect(sameScalars((try? result.jsonObject())?["title"] as? String, title))
        }
    }
}
