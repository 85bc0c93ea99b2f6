import Foundation
import Testing
import TodoCore
import TodoTestSupport
@testable import TodoSQLite

@Suite struct OpeningTests {
    let database: TestDatabase
    init() throws { database = try TestDatabase() }

    private func write(_ bytes: [UInt8]) throws {
        try #require(FileManager.default.createFile(atPath: database.path, contents: Data(bytes)))
    }

    @Test func randomBytesAreNotADatabaseAndStayUntouched() throws {
        var generator = SystemRandomNumberGenerator()
        var bytes = (0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) }
        bytes[0] = UInt8(ascii: "X")  // never the SQLite header by chance
        try write(bytes)
        let error = #expect(throws: StorageError.self) { try database.open() }
        guard case .notADatabase(let path, _) = error else {
            Issue.record("expected notADatabase, got \(String(describing: error))")
            return
        }
        #expect(path == database.path)
        #expect(fileBytes(database.path) == Data(bytes))
        #expect(!FileManager.default.fileExists(atPath: database.path + "-wal"))
    }

    @Test func aShortTextFileIsNotADatabaseAndStaysUntouched() throws {
        let text = Array("groceries: oat milk, bread\n".utf8)
        try write(text)
        let error = #expect(throws: StorageError.self) { try database.open() }
        guard case .notADatabase = error else {
            Issue.record("expected notADatabase, got \(String(describing: error))")
            return
        }
        #expect(fileBytes(database.path) == Data(text))
    }

    @Test func anEmptyFileBecomesAFreshTodoDatabase() throws {
        try write([])
        let repository = try database.open()
        _ = try repository.createList(named: "Inbox")
        #expect(try repository.allLists().map(\.name) == ["Inbox"])
        #expect(try Migrator().applied(in: database.connection()).map(\.version) == Migration.all.map(\.version))
        #expect(try database.connection().integer("PRAGMA application_id") == Int64(SQLiteTodoRepository.applicationID))
    }

    @Test func anotherProgramsDatabaseIsRefusedUntouched() throws {
        try database.connection().execute("CREATE TABLE bookmarks (url TEXT); INSERT INTO bookmarks VALUES ('https://sqlite.org')")
        let before = try database.bytes()
        #expect(throws: StorageError.foreignDatabase(path: database.path)) { try database.open() }
        #expect(try database.bytes() == before)
    }

    @Test func anotherProgramsEmptyDatabaseWithItsOwnApplicationIDIsRefused() throws {
        try database.connection().execute("PRAGMA application_id = 1234")
        let before = try database.bytes()
        #expect(throws: StorageError.foreignDatabase(path: database.path)) { try database.open() }
        #expect(try database.bytes() == before)
    }

    @Test func aDirectoryCannotBeOpened() throws {
        let folder = database.directory.path("folder")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let error = #expect(throws: StorageError.self) { try SQLiteTodoRepository.open(path: folder) }
        guard case .cannotOpen(let path, let reason) = error else {
            Issue.record("expected cannotOpen, got \(String(describing: error))")
            return
        }
        #expect(path == folder)
        #expect(reason.contains("directory"), "the message should say what is wrong: \(reason)")
    }

    @Test func aFileInPlaceOfAParentDirectoryCannotBeOpened() throws {
        let blocker = database.directory.path("blocker")
        try #require(FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8)))
        let error = #expect(throws: StorageError.self) { try SQLiteTodoRepository.open(path: blocker + "/todo.db") }
        guard case .cannotOpen = error else {
            Issue.record("expected cannotOpen, got \(String(describing: error))")
            return
        }
        #expect(fileBytes(blocker) == Data("x".utf8))
    }

    @Test func missingParentDirectoriesAreCreated() throws {
        let path = database.directory.path("a/b/c/todo.db")
        let repository = try SQLiteTodoRepository.open(path: path)
        _ = try repository.createList(named: "Deep")
        #expect(repository.path == path)
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: database.directory.path("a/b/c"), isDirectory: &isDirectory))
        #expect(isDirectory.boolValue)
        #expect(try Connection(path: path, create: false).integer("SELECT count(*) FROM lists") == 1)
    }

    @Test func aPathWithDotSegmentsIsCreated() throws {
        // Tests run in parallel, so the current directory stays put; `..` and `.` segments
        // still have to come out as the folders they name.
        let path = database.directory.path("x/../y/./z/todo.db")
        _ = try SQLiteTodoRepository.open(path: path)
        #expect(FileManager.default.fileExists(atPath: database.directory.path("y/z/todo.db")))
    }

    @Test func theFileIsSetUpForSharedUse() throws {
        let repository = try database.open()
        #expect(try repository.db.string("PRAGMA journal_mode") == "wal")
        #expect(try repository.db.integer("PRAGMA foreign_keys") == 1)
        #expect(try repository.db.integer("PRAGMA application_id") == 0x544F_444F)
        #expect(repository.db.busyTimeout == 5000)
        // WAL is stored in the file: a fresh connection sees it too.
        #expect(try database.connection().string("PRAGMA journal_mode") == "wal")
    }

    @Test func busyTimeoutComesFromTheOptions() throws {
        let repository = try database.open(busyTimeoutMilliseconds: 250)
        #expect(repository.db.busyTimeout == 250)
    }
}
