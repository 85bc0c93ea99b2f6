import Foundation
import Testing
import TodoCore
import TodoTestSupport
@testable import TodoSQLite

/// The write-ahead log stays small: a commit that leaves it past the limit folds it into the
/// file and empties it, without ever waiting for another connection.
@Suite struct LogFoldingTests {
    let directory: TemporaryDirectory
    let path: String

    init() throws {
        directory = try TemporaryDirectory()
        path = directory.path("log.db")
        let db = try Connection(path: path)
        try db.execute("PRAGMA journal_mode = WAL; CREATE TABLE t (x BLOB)")
    }

    private func writer(limit: Int?) throws -> Connection {
        let db = try Connection(path: path)
        db.setBusyTimeout(milliseconds: 5000)
        try db.foldLogOnClose(false)  // as todo opens files
        db.logLimit = limit
        return db
    }

    private func insert(_ db: Connection, kilobytes: Int) throws {
        try db.transaction { try db.run("INSERT INTO t (x) VALUES (zeroblob(?))", kilobytes * 1024) }
    }

    @Test func aCommitPastTheLimitEmptiesTheLog() throws {
        let limit = 256 * 1024
        let db = try writer(limit: limit)
        var sizes: [Int] = []
        for _ in 0..<40 {
            try insert(db, kilobytes: 40)
            sizes.append(db.logFileSize)
        }
        // Never more than the limit plus what one commit writes; and it was emptied on the way.
        #expect(sizes.allSatisfy { $0 <= limit + 64 * 1024 }, "\(sizes)")
        #expect(sizes.contains(0))
        #expect(try db.integer("SELECT count(*) FROM t") == 40)
    }

    @Test func withoutALimitTheLogOfShortProcessesGrows() throws {
        // The problem the limit solves: each new connection is the file's only one, rebuilds the
        // log's index and forgets what was folded, so the log is never started over.
        for _ in 0..<30 { try insert(try writer(limit: nil), kilobytes: 40) }
        #expect(try writer(limit: nil).logFileSize > 30 * 40 * 1024)
        for _ in 0..<30 { try insert(try writer(limit: 256 * 1024), kilobytes: 40) }
        #expect(try writer(limit: nil).logFileSize <= 256 * 1024 + 64 * 1024)
    }

    @Test func foldingNeverWaitsForAReader() throws {
        let db = try writer(limit: 64 * 1024)
        try insert(db, kilobytes: 40)
        let reader = try Connection(path: path)
        try reader.execute("BEGIN")
        _ = try reader.integer("SELECT count(*) FROM t")  // holds a read snapshot on the log

        let started = Date()
        try insert(db, kilobytes: 200)  // past the limit, but the reader keeps the log in use
        #expect(Date().timeIntervalSince(started) < 4, "the commit waited for the reader (busy timeout: 5 s)")
        #expect(db.logFileSize > 64 * 1024)

        try reader.execute("COMMIT")
        try insert(db, kilobytes: 1)  // the next commit folds what was left
        #expect(db.logFileSize == 0)
    }

    @Test func theRepositoryKeepsItsLogUnderItsLimit() throws {
        let database = try TestDatabase()
        var options = SQLiteTodoRepository.Options()
        options.logLimitBytes = 128 * 1024
        let repository = try SQLiteTodoRepository.open(path: database.path, options: options)
        let list = try repository.createList(named: "Inbox")
        for index in 0..<300 { _ = try repository.addTask(.init(title: "task \(index) " + String(repeating: "x", count: 500)), to: list.id) }
        #expect(repository.db.logFileSize <= 128 * 1024 + 64 * 1024)
        #expect(try repository.db.integer("PRAGMA journal_size_limit") == 128 * 1024)
    }
}
