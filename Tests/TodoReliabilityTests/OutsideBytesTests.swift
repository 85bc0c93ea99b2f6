import Foundation
import Testing
import TodoTestSupport

/// Issue 10, section 4: bytes and files from outside are used as given, or refused clearly.
@Suite struct OutsideBytesTests {
    // MARK: Settings that are not UTF-8

    @Test(arguments: ["TODO_DB", "XDG_DATA_HOME", "HOME"])
    func aSettingThatIsNotUTF8IsRefusedNotRepaired(variable: String) throws {
        let todo = try TodoRunner()
        // A Latin-1 "é" (0xE9): repaired to U+FFFD it would name another file.
        let value = variable == "TODO_DB" ? "$PWD/caf\\351.db" : "$PWD/caf\\351"
        let unset = variable == "TODO_DB" ? "" : "unset TODO_DB; " + (variable == "HOME" ? "unset XDG_DATA_HOME; " : "")
        let result = try todo.shell("\(unset)\(variable)=\"$(printf '\(value)')\" todo add Inbox x")
        #expect(result.failedCleanly(with: 64, oneLine: true), "\(result.summary)")
        #expect(result.stderr.hasPrefix("Error: \(variable) is not valid UTF-8"), "\(result.stderr)")
        let made = try FileManager.default.contentsOfDirectory(atPath: todo.directory.path).filter { $0.hasPrefix("caf") }
        #expect(made.isEmpty, "\(made)")
    }

    @Test func aDotEnvTODO_DBThatIsNotUTF8IsRefused() throws {
        let todo = try TodoRunner()
        try Data("TODO_DB=caf".utf8 + [0xE9] + Data(".db\n".utf8)).write(to: URL(fileURLWithPath: todo.directory.path(".env")))
        let result = try todo.run(["add", "Inbox", "x"], environment: ["TODO_DB": nil])
        #expect(result.failedCleanly(with: 64, oneLine: true), "\(result.summary)")
        #expect(result.stderr.hasPrefix("Error: TODO_DB in ./.env is not valid UTF-8"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: todo.directory.path).filter { $0.hasPrefix("caf") }.isEmpty)
    }

    @Test func aDotEnvWithAByteOrderMarkIsRead() throws {
        let todo = try TodoRunner()
        try Data([0xEF, 0xBB, 0xBF] + Array("TODO_DB=from-dotenv.db\n".utf8)).write(to: URL(fileURLWithPath: todo.directory.path(".env")))
        try todo.succeed(["add", "Inbox", "x"], environment: ["TODO_DB": nil])
        #expect(FileManager.default.fileExists(atPath: todo.directory.path("from-dotenv.db")))
    }

    @Test func aDotEnvThatIsAFIFOIsRefusedWithoutHanging() throws {
        let todo = try TodoRunner()
        #expect(mkfifo(todo.directory.path(".env"), 0o644) == 0)
        let result = try todo.shell("timeout 10 \"$TODO_UNDER_TEST\" list; echo \"status $?\" >&2", environment: ["TODO_DB": nil])
        #expect(result.stderr.hasPrefix("Error: cannot read .env: it is not a regular file"), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("status 1\n"), "hung or crashed: \(result.stderr)")
    }

    @Test(arguments: ["/dev/null", "/dev/zero", "/dev/tty"])
    func aDatabasePathThatIsNotAFileIsOneClearError(path: String) throws {
        let todo = try TodoRunner()
        guard FileManager.default.fileExists(atPath: path) else { return }
        for arguments in [["add", "Inbox", "x"], ["list"], ["db", "check"]] {
            let result = try todo.run(arguments, environment: ["TODO_DB": path])
            #expect(result.failedCleanly(with: 1, oneLine: true), "\(arguments): \(result.summary)")
            #expect(result.stderr == "Error: cannot open the database \(path): it is not a regular file (a device, a FIFO or a socket)\n",
                    "\(arguments): \(result.stderr)")
        }
    }

    // MARK: CSV

    @Test func csvKeepsEmptyTextApartFromNothing() throws {
        let todo = try TodoRunner()
        let file = todo.directory.path("in.ndjson")
        try Data("""
            {"list":"Inbox","title":"empty notes","notes":""}
            {"list":"Inbox","title":"no notes","notes":null}

            """.utf8).write(to: URL(fileURLWithPath: file))
        try todo.succeed(["import", file])
        let csv = try todo.run(["export", "--format", "csv"]).stdout
        let rows = csv.split(separator: "\r\n").map(String.init)
        // id, uuid, list, title, notes, due, priority…
        #expect(rows[1].hasPrefix("1,") && rows[1].dropFirst(39).hasPrefix("Inbox,empty notes,\"\",,none,"), "\(rows)")
        #expect(rows[2].hasPrefix("2,") && rows[2].dropFirst(39).hasPrefix("Inbox,no notes,,,none,"), "\(rows)")
        // And back: a copy has the same empty string and the same null.
        let copy = todo.directory.path("copy.db")
        #expect(try todo.run(["import", "--format", "csv", "--keep-ids", "--db", copy], stdin: Data(csv.utf8)).status == 0)
        let db = Database(path: copy)
        #expect(try db.rows("SELECT title, quote(notes) FROM tasks ORDER BY id") == [["empty notes", "''"], ["no notes", "NULL"]])
    }

    @Test func aCSVWithAByteOrderMarkIsRead() throws {
        let todo = try TodoRunner()
        let bom = Data([0xEF, 0xBB, 0xBF]) + Data("list,title\r\nInbox,from a spreadsheet\r\n".utf8)
        let result = try todo.run(["import", "--format", "csv"], stdin: bom)
        #expect(result.status == 0, "\(result.summary)")
        #expect(try todo.jsonArray(["list", "Inbox"]).first?["title"] as? String == "from a spreadsheet")
    }

    // MARK: Ids near the top

    @Test func importRefusesIdsNoJSONReaderKeepsExact() throws {
        let todo = try TodoRunner()
        let top = try todo.run(["import", "--keep-ids"], stdin: Data("{\"id\":9223372036854775807,\"list\":\"Inbox\",\"title\":\"x\"}\n".utf8))
        #expect(top.failedCleanly(with: 65, oneLine: true), "\(top.summary)")
        #expect(top.stderr.contains("\"id\" must be a whole number from 1 to 9007199254740991"), "\(top.stderr)")
        // The largest allowed still leaves room for new ids.
        #expect(try todo.run(["import", "--keep-ids"], stdin: Data("{\"id\":9007199254740991,\"list\":\"Inbox\",\"title\":\"x\"}\n".utf8)).status == 0)
        #expect(try todo.add("Inbox", "after it") == 9_007_199_254_740_992)
    }

    @Test func exhaustedIdsAreSaidSo() throws {
        let todo = try TodoRunner()
        try todo.add("Inbox", "first")
        // Only by hand: the counter AUTOINCREMENT keeps, at the largest id there is.
        try Database(path: todo.databasePath).execute("UPDATE sqlite_sequence SET seq = 9223372036854775807 WHERE name = 'tasks'")
        let result = try todo.run(["add", "Inbox", "one more"])
        #expect(result.failedCleanly(with: 1, oneLine: true), "\(result.summary)")
        #expect(result.stderr.hasPrefix("Error: task ids are exhausted"), "\(result.stderr)")
    }

    // MARK: Invisible characters

    @Test func invisibleFormatCharactersAreShownEscaped() throws {
        let todo = try TodoRunner()
        let title = "pay\u{200B}rent \u{202E}evil\u{2066} \u{FEFF}x"
        let family = "family 👨\u{200D}👩\u{200D}👧"
        // What Unicode says to show as nothing: Hangul fillers and the combining grapheme joiner;
        // a variation selector and a subdivision flag's tags are part of what shows.
        let fillers = "a\u{115F}b\u{3164}c\u{FFA0}d\u{34F}e"
        let shown = "✔\u{FE0F} 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"
        for each in [title, family, fillers, shown] { try todo.add("Bills\u{200B}", each) }
        let human = try todo.run(["list", "Bills\u{200B}"]).stdout
        #expect(human.contains("pay\\u{200b}rent \\u{202e}evil\\u{2066} \\u{feff}x"), "\(human)")
        #expect(human.hasPrefix("Bills\\u{200b}"), "\(human)")
        #expect(human.contains(family), "an emoji sequence stays whole: \(human)")
        #expect(human.contains("a\\u{115f}b\\u{3164}c\\u{ffa0}d\\u{34f}e") && human.contains(shown), "\(human)")
        #expect(try todo.jsonArray(["list", "Bills\u{200B}"]).map { $0["title"] as? String } == [title, family, fillers, shown])
    }

    // MARK: db backup and db check leave nothing behind

    @Test func aBackupOfAFileWithNoTodoDatabaseYetIsRefused() throws {
        let todo = try TodoRunner()
        _ = FileManager.default.createFile(atPath: todo.databasePath, contents: Data())
        let result = try todo.run(["db", "backup", todo.directory.path("copy.db")])
        #expect(result.failedCleanly(with: 1, oneLine: true), "\(result.summary)")
        #expect(result.stderr.contains("holds no todo database yet"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: todo.directory.path("copy.db")))
    }

    @Test func aBackupRacingTheFirstCreationIsWholeOrRefused() throws {
        let todo = try TodoRunner()
        for round in 0..<25 {
            let database = todo.directory.path("race-\(round).db")
            let copy = todo.directory.path("race-\(round)-copy.db")
            let creating = try todo.start(["add", "Inbox", "first", "--db", database])
            pause(microseconds: Int.random(in: 0...6000))
            let backup = try todo.run(["db", "backup", copy, "--db", database])
            _ = creating.wait()
            if backup.status == 0 {
                let db = Database(path: copy)
                #expect(try db.value("PRAGMA application_id") == "1414480975", "round \(round)")
                #expect(try db.count("SELECT count(*) FROM schema_migrations") > 0, "round \(round): an empty backup")
            } else {
                #expect(backup.failedCleanly(with: 1, oneLine: true), "round \(round): \(backup.summary)")
                #expect(!FileManager.default.fileExists(atPath: copy), "round \(round): a refused backup left a file")
            }
        }
    }

    @Test func dbCheckOfANewerDatabaseLeavesNoLogBehind() throws {
        let todo = try TodoRunner()
        try todo.add("Inbox", "x")
        let db = Database(path: todo.databasePath)
        try db.execute("INSERT INTO schema_migrations VALUES (9999, 'from_the_future', 'x', '2030-01-01T00:00:00Z')")
        try db.settle()
        #expect(sidecarFiles(of: todo.databasePath).isEmpty)
        let before = fileBytes(todo.databasePath)
        let check = try todo.run(["db", "check"])
        #expect(check.status == 1)
        #expect(check.stderr.contains("newer version"), "\(check.stderr)")
        #expect(sidecarFiles(of: todo.databasePath).isEmpty, "\(sidecarFiles(of: todo.databasePath))")
        #expect(fileBytes(todo.databasePath) == before)
    }
}
