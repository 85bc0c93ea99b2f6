import Foundation
import Testing
import TodoTestSupport

/// Issue 4, section 5: nothing from outside (arguments, environment, files, database contents)
/// reaches a trap. The sources are scanned for the constructs that trap, and the database and
/// environment states that used to crash `todo` are run through the binary.
@Suite struct OutsideDataTests {
    // MARK: The sources hold nothing that traps

    /// Swift source with comments and the contents of string literals blanked out, so what is
    /// left is code. Handles nested block comments, multi-line and raw strings, interpolation.
    static func codeOnly(_ source: String) -> String {
        let chars = Array(source)
        var out = ""
        var index = 0
        func at(_ offset: Int) -> Character? { index + offset < chars.count ? chars[index + offset] : nil }
        /// How many `#` start a raw string here.
        func rawStringHashes() -> Int? {
            var count = 0
            while at(count) == "#" { count += 1 }
            return count
        }
        func starts(_ text: String) -> Bool {
            for (offset, char) in text.enumerated() where at(offset) != char { return false }
            return true
        }
        /// Skips a string literal starting at `index` (after any `#`s), blanking its text but
        /// keeping the code of interpolations.
        func skipString(hashes: Int) {
            let multiline = starts("\"\"\"")
            let quote = multiline ? "\"\"\"" : "\""
            index += quote.count
            let close = quote + String(repeating: "#", count: hashes)
            let interpolation = "\\" + String(repeating: "#", count: hashes) + "("
            while index < chars.count {
                if starts(close) { index += close.count; out += "\"\""; return }
                if starts(interpolation) {
                    index += interpolation.count
                    var depth = 1
                    out += "("
                    while index < chars.count, depth > 0 {
                        if chars[index] == "\"" { skipString(hashes: 0); continue }
                        if chars[index] == "(" { depth += 1 }
                        if chars[index] == ")" { depth -= 1 }
                        out.append(chars[index])
                        index += 1
                    }
                    continue
                }
                if hashes == 0, chars[index] == "\\" { index += 2; continue }
                if chars[index] == "\n" { out += "\n" }
                index += 1
            }
        }
        while index < chars.count {
            if starts("//") {
                while index < chars.count, chars[index] != "\n" { index += 1 }
            } else if starts("/*") {
                var depth = 0
                repeat {
                    if starts("/*") { depth += 1; index += 2 } else if starts("*/") { depth -= 1; index += 2 } else {
                        if chars[index] == "\n" { out += "\n" }
                        index += 1
                    }
                } while index < chars.count && depth > 0
            } else if chars[index] == "#", let hashes = rawStringHashes(), at(hashes) == "\"" {
                index += hashes
                skipString(hashes: hashes)
            } else if chars[index] == "\"" {
                skipString(hashes: 0)
            } else {
                out.append(chars[index])
                index += 1
            }
        }
        return out
    }

    /// Constructs that stop the program when they meet a value they did not expect.
    static let forbidden: [(name: String, pattern: String)] = [
        ("try!", #"try!"#),
        ("as!", #"\bas!"#),
        ("force unwrap or implicitly unwrapped optional", #"[\w\)\]>]!(?!=)"#),
        ("fatalError", #"\bfatalError\s*\("#),
        ("precondition", #"\bprecondition(Failure)?\s*\("#),
        ("assert", #"\bassert(ionFailure)?\s*\("#),
        ("unsafelyUnwrapped", #"\bunsafelyUnwrapped\b"#),
        ("unowned(unsafe)", #"unowned\s*\(\s*unsafe"#),
    ]

    @Test func theSourcesHaveNoTrappingConstructs() throws {
        let sources = RepositoryRoot.url.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path))
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        #expect(files.count > 20)
        var findings: [String] = []
        for file in files {
            let code = Self.codeOnly(try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8))
            for (number, line) in code.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for (name, pattern) in Self.forbidden where line.range(of: pattern, options: .regularExpression) != nil {
                    findings.append("Sources/\(file):\(number + 1): \(name): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(findings.isEmpty, "\(findings.joined(separator: "\n"))")
    }

    @Test func theScannerFindsWhatItLooksFor() {
        let samples = [
            "let x = try! f()", "let y = z as! Int", "let a = b!", "let c = d()!.e", "let f = g[0]!", "var h: Int!",
            "fatalError(\"no\")", "precondition(x > 0)", "preconditionFailure()", "assert(ok)", "p.unsafelyUnwrapped",
        ]
        for sample in samples {
            let code = Self.codeOnly(sample)
            #expect(Self.forbidden.contains { code.range(of: $0.pattern, options: .regularExpression) != nil }, "missed: \(sample)")
        }
        let clean = [
            "if !done && a != b { }", "let s = \"Hello!\"", "// try! in a comment", "/* x! */ let y = 1",
            "let q = \"\"\"\n  wow! try!\n  \"\"\"", "let r = #\"raw \"quoted\"! \"#", "let t = \"\\(name)!\"",
        ]
        for sample in clean {
            let code = Self.codeOnly(sample)
            #expect(!Self.forbidden.contains { code.range(of: $0.pattern, options: .regularExpression) != nil }, "false alarm: \(sample) → \(code)")
        }
    }

    // MARK: Database contents that used to crash todo

    /// Runs `arguments` and requires a clean outcome: exit 0, or 1 with one `Error:` line.
    static func expectNoCrash(_ todo: TodoRunner, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try todo.run(arguments)
        #expect(!result.wasSignalled, "\(result.summary)", sourceLocation: sourceLocation)
        #expect(result.status == 0 || result.failedCleanly(with: 1, oneLine: true), "\(result.summary)", sourceLocation: sourceLocation)
    }

    @Test func listCountsAtTheLimitsOfIntegers() throws {
        // The schema only asks for counts >= 0, so sqlite3 can store Int64.max; with CHECKs
        // switched off, anything. Adding open and done used to overflow and trap.
        for (open, done) in [(Int64.max, Int64(1)), (Int64.max, Int64.max), (Int64.min, Int64(-1)), (Int64(-5), Int64(2))] {
            let todo = try TodoRunner()
            try todo.add("Huge", "a task")
            try Database(path: todo.databasePath).execute(
                "PRAGMA ignore_check_constraints = ON; UPDATE lists SET open_count = \(open), done_count = \(done)")
            for arguments in [["list"], ["list", "--json"], ["list", "Huge"], ["list", "Huge", "--json"], ["delete-list", "Huge"],
                              ["delete-list", "Huge", "--json"], ["add", "Huge", "another"], ["delete-list", "Huge", "--force"]] {
                try Self.expectNoCrash(todo, arguments)
            }
        }
    }

    @Test func aTimedTaskAfterTheFirstScreenfulOfDatedOnesIsListed() throws {
        // Column widths come from the first 256 rows; a longer due text after them (a time of
        // day) made the padding negative and trapped. Reachable with `todo add` alone.
        let todo = try TodoRunner()
        try todo.add("Long", "first", ["--due", "2030-01-01"])
        let db = Database(path: todo.databasePath)
        let list = try #require(try db.listID("Long"))
        try db.insertTasks(300, list: list, prefix: "dated ", due: { _ in "2030-01-01" })
        try db.insertTasks(1, list: list, prefix: "timed ", due: { _ in "2030-01-02T09:30" })
        for arguments in [["list", "Long"], ["list", "Long", "--all"]] {
            let result = try todo.run(arguments)
            #expect(result.status == 0 && !result.wasSignalled, "\(result.summary)")
            #expect(result.stdout.contains("2030-01-02T09:30  timed 1"), "\(result.stdout.suffix(300))")
        }
    }

    @Test func rowsThatBreakTheSchemasChecksAreShownNotFatal() throws {
        let todo = try TodoRunner()
        let id = try todo.add("Odd", "normal")
        try Database(path: todo.databasePath).execute("""
            PRAGMA ignore_check_constraints = ON;
            INSERT INTO tasks (list_id, title, notes, due, priority, done, created_at, updated_at, completed_at) VALUES
                (1, '', NULL, 'someday', 'urgent', 7, '', 'not a time', NULL),
                (1, 'x', '', '2026-02-30', '', 0, 'x', 'x', 'x'),
                (1, 'y', NULL, '99999-01-01T99:99', 'HIGH', -1, 'x', 'x', NULL);
            UPDATE lists SET name = '  padded  ' WHERE id = 1;
            INSERT INTO lists (name, created_at) VALUES ('', 'x');
            """)
        for arguments in [["list"], ["list", "--json"], ["list", "padded", "--all"], ["list", "padded", "--all", "--json"],
                          ["edit", String(id), "--title", "fine"], ["done", String(id + 1)], ["undone", String(id + 2)],
                          ["edit", String(id + 3), "--priority", "low"], ["rm", String(id + 1)], ["delete-list", "padded", "--force"]] {
            try Self.expectNoCrash(todo, arguments)
        }
    }

    @Test func aSchemaChangedByHandIsAStorageErrorNotACrash() throws {
        for change in ["ALTER TABLE tasks RENAME COLUMN title TO name", "DROP TRIGGER tasks_count_insert",
                       "DROP INDEX tasks_by_list_in_display_order", "ALTER TABLE lists ADD COLUMN colour TEXT",
                       "UPDATE schema_migrations SET checksum = 'edited'", "DELETE FROM schema_migrations",
                       "INSERT INTO schema_migrations VALUES (-5, 'negative', 'x', 'x')"] {
            let todo = try TodoRunner()
            try todo.add("Inbox", "a task")
            try Database(path: todo.databasePath).execute(change)
            for arguments in [["list"], ["list", "Inbox", "--json"], ["add", "Inbox", "another"], ["done", "1"]] {
                try Self.expectNoCrash(todo, arguments)
            }
        }
    }

    // MARK: Environment and .env

    @Test func hostileEnvironmentValues() throws {
        let todo = try TodoRunner()
        try todo.add("Inbox", "a task", ["--due", "2030-01-01"])
        let values: [[String: String?]] = [
            ["TZ": "Nowhere/Never"], ["TZ": ":/etc/passwd"], ["TZ": "UTC+99999999999"], ["TZ": String(repeating: "A", count: 100_000)],
            ["TZ": "../../../../../../etc/shadow"], ["TZ": "\u{1B}[2J"], ["TZ": nil],
            ["NO_COLOR": "\u{1B}"], ["XDG_DATA_HOME": "relative/path", "TODO_DB": nil, "HOME": todo.directory.path("home")],
            ["XDG_DATA_HOME": todo.directory.path("xdg") + "/" + String(repeating: "d", count: 255), "TODO_DB": nil],
            ["HOME": "", "XDG_DATA_HOME": todo.directory.path("xdg2"), "TODO_DB": nil],
        ]
        for environment in values {
            for arguments in [["add", "Inbox", "due today", "--due", "today"], ["add", "Inbox", "fri", "--due", "fri"], ["list"], ["list", "Inbox"]] {
                let result = try todo.run(arguments, environment: environment)
                #expect(!result.wasSignalled, "\(environment): \(result.summary)")
                #expect(result.status == 0, "\(environment): \(result.summary)")
            }
        }
    }

    @Test func hostileDotEnvFiles() throws {
        let todo = try TodoRunner()
        let folder = todo.directory.path("project")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let dotEnv = folder + "/.env"
        var generator = SystemRandomNumberGenerator()
        let contents: [Data] = [
            Data((0..<5000).map { _ in UInt8.random(in: 0...255, using: &generator) }),
            Data(repeating: 0x41, count: (1 << 20) + 1),
            Data("TODO_DB=\"unterminated\nTODO_DB='\nexport\nexport =\n=\n====\n#\n\"\"\n".utf8),
            Data([0x54, 0x4F, 0x44, 0x4F, 0x5F, 0x44, 0x42, 0x3D, 0xFF, 0xFE, 0x0A]),
            Data("TODO_DB=\(String(repeating: "x", count: 5000))\n".utf8),
        ]
        for data in contents {
            try data.write(to: URL(fileURLWithPath: dotEnv))
            let result = try todo.run(["list"], environment: ["TODO_DB": nil], in: folder)
            #expect(!result.wasSignalled, "\(result.summary)")
            // 64: a TODO_DB that is not UTF-8 is a setting todo refuses to guess at.
            #expect(result.status == 0 || result.failedCleanly(with: 1, oneLine: true) || result.failedCleanly(with: 64, oneLine: true),
                    "\(result.summary)")
        }
        // A path with a NUL byte cannot be opened as given; it must not quietly become "a".
        try Data("TODO_DB=a\u{0}b.db\n".utf8).write(to: URL(fileURLWithPath: dotEnv))
        let nul = try todo.run(["add", "Inbox", "x"], environment: ["TODO_DB": nil], in: folder)
        #expect(nul.failedCleanly(with: 1, oneLine: true), "\(nul.summary)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/a"))

        // A .env that is a folder.
        try FileManager.default.removeItem(atPath: dotEnv)
        try FileManager.default.createDirectory(atPath: dotEnv, withIntermediateDirectories: true)
        let result = try todo.run(["list"], environment: ["TODO_DB": nil], in: folder)
        #expect(!result.wasSignalled, "\(result.summary)")
        #expect(result.status == 0 || result.failedCleanly(with: 1, oneLine: true), "\(result.summary)")
    }
}
