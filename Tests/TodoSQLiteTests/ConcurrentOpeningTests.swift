import Foundation
import Synchronization
import Testing
import TodoCore
import TodoTestSupport
@testable import TodoSQLite

/// Many `todo` processes may start at once on a file none of them has set up yet.
@Suite struct ConcurrentOpeningTests {
    /// Connections in one process lock the file as separate processes would.
    @Test func manyTodosOpeningANewFileAtOnceAllSucceed() throws {
        // Each round is a race on a new file; the failures it guards against (a half-created
        // file taken for another program's, a WAL switch failing without waiting) each showed
        // up in about one open in forty, so many rounds make a regression all but certain to show.
        for _ in 0..<60 {
            let database = try TestDatabase()
            let path = database.path
            let outcomes = Mutex<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 6) { _ in
                let outcome: String
                do {
                    _ = try SQLiteTodoRepository.open(path: path)
                    outcome = "ok"
                } catch {
                    outcome = "\(error)"
                }
                outcomes.withLock { $0.append(outcome) }
            }
            try #require(outcomes.withLock { $0 } == Array(repeating: "ok", count: 6))
            #expect(try Migrator().applied(in: database.connection()).map(\.version) == Migration.all.map(\.version))
        }
    }

    @Test func openingWaitsForAnotherWriterInsteadOfFailingAtOnce() throws {
        let database = try TestDatabase()
        let path = database.path
        // Another program holds the write lock on a new file still in rollback-journal mode,
        // which is where switching to WAL has to wait.
        let holder = try database.connection()
        holder.setBusyTimeout(milliseconds: 5000)
        try holder.execute("BEGIN IMMEDIATE")
        let released = Mutex(false)
        let outcome = Self.inBackground({
            _ = try SQLiteTodoRepository.open(path: path)
            return released.withLock { $0 } ? "ok" : "finished before the lock was released"
        }, meanwhile: {
            released.withLock { $0 = true }
            try holder.execute("COMMIT")
        })
        #expect(outcome == "ok")
        #expect(try database.connection().string("PRAGMA journal_mode") == "wal")
    }

    @Test func aMigrationAnotherTodoAppliedWhileThisOneWaitedIsNotRunAgain() throws {
        let database = try TestDatabase()
        let path = database.path
        let migrator = Migrator(migrations: [Migration(version: 1, name: "a", sql: "CREATE TABLE a (x INTEGER);")])
        let first = try database.connection()
        try first.execute("PRAGMA journal_mode = WAL; BEGIN IMMEDIATE")
        let outcome = Self.inBackground({
            let second = try Connection(path: path)
            second.setBusyTimeout(milliseconds: 5000)
            // Sees the migration pending, then waits for the write lock the first one holds.
            return "applied \(try migrator.migrate(second, now: "second").map(\.version))"
        }, meanwhile: {
            try migrator.migrate(first, now: "first")
            try first.execute("COMMIT")
        })
        #expect(outcome == "applied []")
        #expect(try migrator.applied(in: database.connection()).map(\.appliedAt) == ["first"])
    }

    /// Runs `work` on another thread; once it has started (and had a moment to reach a lock),
    /// runs `meanwhile` here, then waits for `work`: what it returned, or the error it threw.
    static func inBackground(_ work: @escaping @Sendable () throws -> String, meanwhile: () throws -> Void) -> String {
        let outcome = Mutex<String?>(nil)
        let started = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            started.signal()
            let text: String
            do { text = try work() } catch { text = "\(error)" }
            outcome.withLock { $0 = text }
            finished.signal()
        }
        started.wait()
        Thread.sleep(forTimeInterval: 0.2)
        do { try meanwhile() } catch { outcome.withLock { $0 = "meanwhile: \(error)" } }
        finished.wait()
        return outcome.withLock { $0 } ?? "nothing"
    }
}
