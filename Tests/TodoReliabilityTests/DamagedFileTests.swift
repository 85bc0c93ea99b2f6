import Foundation
import Testing
import TodoTestSupport
import TodoSQLite

/// Issue 4, section 3: a file that is damaged or not todo's gives one `Error:` line and exit 1,
/// never a crash, and is never modified, through the real binary.
@Suite struct DamagedFileTests {
    /// Reading and writing commands: each must refuse the file before touching it.
    static let commands: [[String]] = [
        ["list"],
        ["list", "--json"],
        ["list", "Inbox"],
        ["add", "Inbox", "x"],
        ["new-list", "Reading"],
        ["done", "1"],
        ["edit", "1", "--list", "Elsewhere"],
        ["delete-list", "Inbox", "--force"],
    ]

    /// Runs every command on `path` and checks each fails cleanly with one line, leaving the file
    /// (and its folder) exactly as it was.
    static func expectRefusedUntouched(_ todo: TodoRunner, _ path: String, mentioning words: [String] = [],
                                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let bytes = fileBytes(path)
        let folder = (path as NSString).deletingLastPathComponent
        let siblings = try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }.sorted()
        for arguments in commands {
            let result = try todo.run(arguments + ["--db", path])
            #expect(result.failedCleanly(with: 1, oneLine: true), "\(result.summary)", sourceLocation: sourceLocation)
            #expect(result.stderr.contains(path), "\(result.stderr)", sourceLocation: sourceLocation)
            for word in words {
                #expect(result.stderr.contains(word), "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
            }
            #expect(fileBytes(path) == bytes, "\(arguments) changed the file", sourceLocation: sourceLocation)
            #expect(sidecarFiles(of: path) == [], "\(arguments) left \(sidecarFiles(of: path))", sourceLocation: sourceLocation)
        }
        let after = try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }.sorted()
        #expect(after == siblings, "files appeared next to it", sourceLocation: sourceLocation)
    }

    static func randomBytes(_ count: Int) -> Data {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    static func write(_ data: Data, _ path: String) throws {
        try data.write(to: URL(fileURLWithPath: path))
    }

    @Test(arguments: [1, 2, 50, 99, 100, 512, 4096, 10_000, 70_000])
    func randomBytesAreRefusedUntouched(size: Int) throws {
        let todo = try TodoRunner()
        let path = todo.directory.path("random.db")
        try Self.write(Self.randomBytes(size), path)
        try Self.expectRefusedUntouched(todo, path, mentioning: ["not a todo database"])
    }

    @Test func sqliteMagicFollowedByGarbageIsRefusedUntouched() throws {
        let todo = try TodoRunner()
        let path = todo.directory.path("garbage.db")
        try Self.write(Data("SQLite format 3\0".utf8) + Self.randomBytes(8192), path)
        try Self.expectRefusedUntouched(todo, path, mentioning: ["not a todo database"])
    }

    @Test func aTextFileIsRefusedUntouched() throws {
        let todo = try TodoRunner()
        let path = todo.directory.path("notes.txt")
        try Self.write(Data(String(repeating: "my precious notes\n", count: 300).utf8), path)
        try Self.expectRefusedUntouched(todo, path, mentioning: ["not a todo database"])
    }

    /// A real todo database, with a few tasks, closed so it is all in the main file.
    static func realDatabase(_ todo: TodoRunner) throws -> Data {
        for index in 1...40 { try todo.succeed(["add", index % 2 == 0 ? "Inbox" : "Work", "task \(index) " + String(repeating: "x", count: 200)]) }
        try Database(path: todo.databasePath).settle()
        #expect(sidecarFiles(of: todo.databasePath) == [])
        return try #require(fileBytes(todo.databasePath))
    }

    @Test func aTruncatedTodoDatabaseIsRefusedUntouched() throws {
        let todo = try TodoRunner()
        let full = try Self.realDatabase(todo)
        #expect(full.count >= 5 * 4096)
        // Cut inside the header, at page boundaries, and one page short of the end.
        for size in [1, 16, 50, 100, 1000, 4096, 8192, 4096 * 3, full.count - 4096] {
            let path = todo.directory.path("cut-\(size).db")
            try Self.write(full.prefix(size), path)
            try Self.expectRefusedUntouched(todo, path, mentioning: ["not a todo database"])
        }
    }

    @Test func anEmptyFileBecomesAFreshDatabase() throws {
        let todo = try TodoRunner()
        let path = todo.directory.path("empty.db")
        try Self.write(Data(), path)
        let listed = try todo.run(["list", "--db", path])
        #expect(listed.status == 0, "\(listed.summary)")
        #expect(listed.stderr.isEmpty)
        #expect(try Database(path: path).value("PRAGMA application_id") == String(SQLiteTodoRepository.applicationID))
        #expect(try todo.run(["add", "Inbox", "x", "--db", path]).status == 0)
        #expect(try Database(path: path).problems() == [])
    }

    @Test func aDirectoryIsRefused() throws {
        let todo = try TodoRunner()
        let path = todo.directory.path("folder.db")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        try Self.expectRefusedUntouched(todo, path, mentioning: ["is a directory"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: path) == [])
    }

    @Test func aParentThatCannotBeCreatedIsRefused() throws {
        let todo = try TodoRunner()
        // The parent's parent is a file, so no folder can be made there (this also holds for
        // root, whom permissions would not stop).
        let blocker = todo.directory.path("blocker")
        try Self.write(Data("a file".utf8), blocker)
        let path = blocker + "/sub/todo.db"
        // Commands that write try to create it; those that only read find no database there.
        for arguments in Self.commands where !["list"].contains(arguments[0]) {
            let result = try todo.run(arguments + ["--db", path])
            #expect(result.failedCleanly(with: 1, oneLine: true), "\(result.summary)")
            #expect(result.stderr.hasPrefix("Error: cannot open the database \(path): cannot create directory"), "\(result.stderr)")
        }
        #expect(try todo.run(["list", "--json", "--db", path]).stdout == "[]\n")
        #expect(fileBytes(blocker) == Data("a file".utf8))
    }

    @Test func aDatabaseFromANewerTodoIsRefusedUntouched() throws {
        let todo = try TodoRunner()
        _ = try Self.realDatabase(todo)
        try Database(path: todo.databasePath).run(
            "INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES (9999, 'from_the_future', 'abc', '2099-01-01T00:00:00Z')")
        try Database(path: todo.databasePath).settle()
        #expect(sidecarFiles(of: todo.databasePath) == [])
        try Self.expectRefusedUntouched(todo, todo.databasePath, mentioning: ["newer todo", "9999"])
    }

    /// As a file is usually found: in WAL mode, with recent commits still in its `-wal` (todo
    /// and many programs leave the log in place). Refusing it must not fold that log into the
    /// file, and must leave the log as it was.
    static func expectRefusedWithItsLogUntouched(_ todo: TodoRunner, _ path: String, mentioning words: [String],
                                                 alsoRefusing extra: [[String]], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let bytes = fileBytes(path), log = fileBytes(path + "-wal")
        #expect(log.map { !$0.isEmpty } == true, "the set-up should leave commits in the log", sourceLocation: sourceLocation)
        for arguments in commands + [["db", "check"]] + extra {
            let result = try todo.run(arguments + ["--db", path])
            #expect(result.failedCleanly(with: 1), "\(result.summary)", sourceLocation: sourceLocation)
            for word in words {
                #expect(result.stderr.contains(word), "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
            }
            #expect(fileBytes(path) == bytes, "\(arguments) changed the file", sourceLocation: sourceLocation)
            #expect(fileBytes(path + "-wal") == log, "\(arguments) changed the file's log", sourceLocation: sourceLocation)
        }
    }

    /// A connection that leaves its commits in the log when it closes.
    static func keepingTheLog(_ path: String) throws -> Connection {
        let db = try Connection(path: path)
        try db.foldLogOnClose(false)
        try db.execute("PRAGMA journal_mode = WAL")
        return db
    }

    @Test func aNewerTodosDatabaseWithCommitsInItsLogIsRefusedUntouched() throws {
        let todo = try TodoRunner()
        _ = try Self.realDatabase(todo)
        try Self.keepingTheLog(todo.databasePath).execute(
            "INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES (9999, 'from_the_future', 'abc', '2099-01-01T00:00:00Z')")
        // Backing it up is allowed (that changes nothing); everything else is refused.
        try Self.expectRefusedWithItsLogUntouched(todo, todo.databasePath, mentioning: ["newer"], alsoRefusing: [])
    }

    @Test func anotherProgramsDatabaseWithCommitsInItsLogIsRefusedUntouched() throws {
        let todo = try TodoRunner()
        let path = todo.directory.path("contacts.db")
        try Self.keepingTheLog(path).execute("CREATE TABLE contacts (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO contacts (name) VALUES ('Ada')")
        let copy = todo.directory.path("copy.db")
        try Self.expectRefusedWithItsLogUntouched(todo, path, mentioning: ["another program"], alsoRefusing: [["db", "backup", copy]])
        #expect(!FileManager.default.fileExists(atPath: copy))
    }

    @Test(arguments: ["DELETE", "WAL"])
    func anotherProgramsSQLiteDatabaseIsRefusedUntouched(journalMode: String) throws {
        let todo = try TodoRunner()
        let path = todo.directory.path("contacts.db")
        do {
            let other = try Connection(path: path)
            try other.execute("PRAGMA journal_mode = \(journalMode)")
            try other.execute("CREATE TABLE contacts (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO contacts (name) VALUES ('Ada'), ('Grace')")
        }
        #expect(sidecarFiles(of: path) == [])
        try Self.expectRefusedUntouched(todo, path, mentioning: ["another program"])
    }

    @Test func anotherProgramsEmptyDatabaseWithItsOwnApplicationIDIsRefusedUntouched() throws {
        let todo = try TodoRunner()
        let path = todo.directory.path("other.db")
        do {
            let other = try Connection(path: path)
            try other.execute("PRAGMA application_id = 42; CREATE TABLE t (x); DROP TABLE t")
        }
        try Self.expectRefusedUntouched(todo, path, mentioning: ["another program"])
    }
}
