import Foundation
import Testing
import TodoTestSupport
import TodoSQLite

#if canImport(Glibc)
import Glibc
#endif

/// Issue 4, section 1: many `todo` processes on one database at once lose nothing and never
/// show "database is locked"; waiting for the lock is bounded and reported as "busy".
@Suite struct ParallelProcessTests {
    static let writers = 8
    static let addsPerWriter = 100
    static let lists = ["alpha", "Beta", "gamma", "Delta"]

    @Test func eightWritersAndReadersLoseNothing() throws {
        let todo = try TodoRunner()
        // Three lists exist up front so readers can list them; "Delta" is created by whichever
        // writer gets there first, while the others race to do the same.
        for name in Self.lists.dropLast() { try todo.succeed(["new-list", name]) }

        let results = Locked<[RunResult]>([])
        let ids = Locked<[Int64]>([])
        let writersDone = Locked(0)
        let readerRuns = Locked(0)
        let readerProblems = Locked<[String]>([])

        onThreads(Self.writers + 2) { thread in
            if thread < Self.writers {
                for index in 0..<Self.addsPerWriter {
                    let list = Self.lists[(thread + index) % Self.lists.count]
                    guard let result = try? todo.run(["add", "--json", "--", list, "w\(thread)-\(index)"]) else {
                        readerProblems.withLock { $0.append("could not start writer \(thread)") }
                        continue
                    }
                    results.withLock { $0.append(result) }
                    if let id = (try? result.jsonObject())?["id"] as? Int { ids.withLock { $0.append(Int64(id)) } }
                }
                writersDone.withLock { $0 += 1 }
            } else {
                // Readers: the lists, then one list's tasks, over and over until the writers stop.
                // Only tasks are added, so the total a reader sees never goes down.
                var lastTotal = 0
                var round = 0
                while writersDone.current < Self.writers {
                    round += 1
                    // Readers pace themselves so the writers keep most of the CPU.
                    pause(microseconds: 80_000)
                    let arguments = switch round % 3 {
                    case 0: ["list"]
                    case 1: ["list", "--json"]
                    default: ["list", Self.lists[(round / 3) % 3], "--json"]
                    }
                    guard let result = try? todo.run(arguments) else { continue }
                    results.withLock { $0.append(result) }
                    readerRuns.withLock { $0 += 1 }
                    if arguments == ["list"] {
                        if result.status != 0 || !result.stdout.contains("alpha") { readerProblems.withLock { $0.append(result.summary) } }
                        continue
                    }
                    guard result.status == 0, let rows = try? result.jsonArray() else {
                        readerProblems.withLock { $0.append(result.summary) }
                        continue
                    }
                    if arguments.count == 2 {
                        let counts = rows.compactMap { $0["open"] as? Int }
                        if counts.count != rows.count { readerProblems.withLock { $0.append("a list without an open count: \(result.stdout)") } }
                        let total = counts.reduce(0, +)
                        if total < lastTotal { readerProblems.withLock { $0.append("total went down from \(lastTotal) to \(total)") } }
                        lastTotal = total
                    } else if !rows.allSatisfy({ ($0["list"] as? String) == arguments[1] }) {
                        readerProblems.withLock { $0.append("\(arguments[1]) listed a task of another list") }
                    }
                }
            }
        }

        let all = results.current
        #expect(all.filter { $0.arguments.first == "add" }.count == Self.writers * Self.addsPerWriter)
        #expect(readerRuns.current > 0, "the readers never ran beside the writers")
        #expect(readerProblems.current.isEmpty, "\(readerProblems.current.prefix(5))")
        // Nothing on stderr but the note of the writer that created a list.
        for result in all where result.status != 0 || result.wasSignalled
            || result.stderrLines.contains(where: { !$0.isEmpty && !$0.hasPrefix("todo: created the list ") }) {
            Issue.record("\(result.summary)")
        }
        #expect(!all.contains { $0.stderr.localizedCaseInsensitiveContains("locked") || $0.stderr.localizedCaseInsensitiveContains("busy") })

        // Every write is there exactly once, under a unique id.
        let written = ids.current
        #expect(written.count == Self.writers * Self.addsPerWriter)
        #expect(Set(written).count == written.count, "an id was handed out twice")
        let db = Database(path: todo.databasePath)
        let titles = try db.rows("SELECT title, count(*) FROM tasks GROUP BY title")
        let expected = Set((0..<Self.writers).flatMap { thread in (0..<Self.addsPerWriter).map { "w\(thread)-\($0)" } })
        #expect(Set(titles.map { $0[0] }) == expected)
        #expect(titles.allSatisfy { $0[1] == "1" }, "a title is there more than once")
        #expect(try db.count("SELECT count(*) FROM tasks") == expected.count)
        // Each task is in the list its writer chose...
        let misplaced = try db.rows("SELECT t.title, l.name FROM tasks t JOIN lists l ON l.id = t.list_id").filter { row in
            let numbers = row[0].dropFirst().split(separator: "-").compactMap { Int($0) }
            return numbers.count != 2 || Self.lists[(numbers[0] + numbers[1]) % Self.lists.count] != row[1]
        }
        #expect(misplaced.isEmpty, "\(misplaced.prefix(5))")
        // ...and every list's count is the real count of its tasks.
        let perList = try db.rows("""
            SELECT l.name, l.open_count, coalesce(real.count, 0)
            FROM lists l LEFT JOIN (SELECT list_id, count(*) AS count FROM tasks GROUP BY list_id) AS real ON real.list_id = l.id
            ORDER BY l.name
            """)
        #expect(perList.map { $0[0] }.sorted() == Self.lists.sorted())
        for row in perList {
            #expect(row[1] == row[2], "list \(row[0]): open_count \(row[1]) but \(row[2]) tasks")
            #expect(row[2] == String(Self.writers * Self.addsPerWriter / Self.lists.count))
        }
        #expect(try db.problems() == [])
    }

    // MARK: Waiting for the lock is bounded

    /// A test-held write transaction, as another process (sqlite3, a script) may hold one.
    static func holdWriteLock(_ path: String) throws -> Connection {
        let connection = try Connection(path: path, create: false)
        try connection.execute("BEGIN IMMEDIATE")
        return connection
    }

    static let writes: [[String]] = [
        ["add", "Inbox", "new task"],
        ["done", "1"],
        ["edit", "1", "--title", "renamed", "--list", "Elsewhere"],
        ["rm", "2"],
        ["new-list", "Reading"],
        ["rename-list", "Inbox", "Outbox"],
        ["delete-list", "Inbox", "--force"],
    ]

    @Test(arguments: writes)
    func aWriterGivesUpAfterTheBusyTimeoutSayingTheDatabaseIsBusy(arguments: [String]) throws {
        let todo = try TodoRunner()
        try todo.add("Inbox", "first")
        try todo.add("Inbox", "second")
        let db = Database(path: todo.databasePath)
        let before = try db.snapshot()

        let lock = try Self.holdWriteLock(todo.databasePath)
        let started = Date()
        let result = try todo.run(arguments, environment: ["TODO_BUSY_TIMEOUT": "300"])
        let waited = Date().timeIntervalSince(started)
        // Readers are not blocked by a writer (WAL), even while a write waits.
        let reader = try todo.run(["list", "--json"], environment: ["TODO_BUSY_TIMEOUT": "300"])
        try lock.execute("ROLLBACK")

        #expect(result.failedCleanly(with: 1, oneLine: true), "\(result.summary)")
        #expect(result.stderr.hasPrefix("Error: the database \(todo.databasePath) is busy"), "\(result.stderr)")
        #expect(result.stderr.contains("300 ms"))
        #expect(!result.stderr.contains("locked"))
        #expect(waited >= 0.29, "gave up after \(waited) s, before the timeout")
        #expect(waited < 4, "waited \(waited) s: TODO_BUSY_TIMEOUT was not applied")
        #expect(reader.status == 0, "\(reader.summary)")
        #expect(try db.snapshot() == before)
        #expect(try db.problems() == [])
    }

    @Test func aWriterWaitsForALockHeldShorterThanTheTimeout() throws {
        let todo = try TodoRunner()
        try todo.add("Inbox", "first")
        let lock = try Self.holdWriteLock(todo.databasePath)
        let running = try todo.start(["add", "Inbox", "second", "--json"], environment: ["TODO_BUSY_TIMEOUT": "20000"])
        pause(microseconds: 400_000)
        let waitedForTheLock = running.isRunning
        try lock.execute("COMMIT")
        let result = running.wait()

        #expect(waitedForTheLock, "todo did not wait for the lock")
        #expect(result.status == 0, "\(result.summary)")
        #expect(try Database(path: todo.databasePath).count("SELECT count(*) FROM tasks WHERE title = 'second'") == 1)
    }

    @Test func aZeroTimeoutFailsAtOnceButStillCleanly() throws {
        let todo = try TodoRunner()
        try todo.add("Inbox", "first")
        let db = Database(path: todo.databasePath)
        let before = try db.snapshot()
        let lock = try Self.holdWriteLock(todo.databasePath)
        let result = try todo.run(["add", "Inbox", "second"], environment: ["TODO_BUSY_TIMEOUT": "0"])
        try lock.execute("ROLLBACK")
        #expect(result.failedCleanly(with: 1, oneLine: true), "\(result.summary)")
        #expect(result.stderr.contains("is busy"))
        #expect(try db.snapshot() == before)
    }

    static let badTimeouts = ["abc", "-1", "1.5", "+5", " 5", "5ms", "0x10", "2147483648", "99999999999999999999999", "５"]

    @Test(arguments: badTimeouts)
    func aBusyTimeoutThatIsNotAWholeNumberIsAUsageError(value: String) throws {
        let todo = try TodoRunner()
        try todo.add("Inbox", "first")
        let before = try Database(path: todo.databasePath).snapshot()
        for arguments in [["list"], ["add", "Inbox", "second"]] {
            let result = try todo.run(arguments, environment: ["TODO_BUSY_TIMEOUT": value])
            #expect(result.failedCleanly(with: 64, oneLine: true), "\(result.summary)")
            #expect(result.stderr.hasPrefix("Error: TODO_BUSY_TIMEOUT must be a whole number of milliseconds"), "\(result.stderr)")
        }
        #expect(try Database(path: todo.databasePath).snapshot() == before)
    }

    @Test func validBusyTimeoutsAreAccepted() throws {
        let todo = try TodoRunner()
        for value in ["0", "1", "00250", "2147483647", ""] {
            let result = try todo.run(["add", "Inbox", "t \(value)"], environment: ["TODO_BUSY_TIMEOUT": value])
            #expect(result.status == 0, "TODO_BUSY_TIMEOUT=\(value): \(result.summary)")
        }
    }
}
