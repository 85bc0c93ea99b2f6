import Testing
import TodoCore
import TodoTestSupport
@testable import TodoSQLite

/// What the database itself guarantees: counts kept by triggers for any writer, CHECKs, and the
/// busy timeout. (Transactions as every repository offers them are in the contract suite.)
@Suite struct RepositoryWriteTests {
    let database: TestDatabase
    let repository: SQLiteTodoRepository
    let list: TodoList

    init() throws {
        database = try TestDatabase()
        repository = try database.open()
        list = try repository.createList(named: "Groceries")
    }

    @Test func countsFollowRawSQLFromAnotherConnection() throws {
        let other = try repository.createList(named: "Other")
        let db = try database.connection()
        let insert = "INSERT INTO tasks (list_id, title, done, created_at, updated_at, completed_at) VALUES (?, ?, ?, 't', 't', ?)"
        try db.run(insert, list.id, "open 1", 0, nil)
        try db.run(insert, list.id, "open 2", 0, nil)
        try db.run(insert, list.id, "done 1", 1, "t")
        var counts = try repository.requireList("Groceries")
        #expect((counts.openCount, counts.doneCount) == (2, 1))

        try db.run("UPDATE tasks SET done = 1, completed_at = 't' WHERE title = ?", "open 1")
        counts = try repository.requireList("Groceries")
        #expect((counts.openCount, counts.doneCount) == (1, 2))

        try db.run("UPDATE tasks SET list_id = ? WHERE title IN ('open 2', 'done 1')", other.id)
        counts = try repository.requireList("Groceries")
        var moved = try repository.requireList("Other")
        #expect((counts.openCount, counts.doneCount) == (0, 1))
        #expect((moved.openCount, moved.doneCount) == (1, 1))

        // Moving and completing in one statement.
        try db.run("UPDATE tasks SET list_id = ?, done = 0, completed_at = NULL WHERE title = ?", other.id, "open 1")
        counts = try repository.requireList("Groceries")
        moved = try repository.requireList("Other")
        #expect((counts.openCount, counts.doneCount) == (0, 0))
        #expect((moved.openCount, moved.doneCount) == (2, 1))

        // An update touching neither list nor done leaves the counts alone.
        try db.run("UPDATE tasks SET title = title || '!'")
        #expect(try repository.requireList("Other") == moved)

        try db.run("DELETE FROM tasks WHERE done = 1")
        moved = try repository.requireList("Other")
        #expect((moved.openCount, moved.doneCount) == (2, 0))
        #expect(try repository.allLists().map { $0.openCount + $0.doneCount } == [0, 2])
    }

    @Test func theSchemaRejectsADayThatDoesNotExist() throws {
        let db = try database.connection()
        let insert = "INSERT INTO tasks (list_id, title, due, created_at, updated_at) VALUES (?, 'x', ?, 't', 't')"
        for bad in ["2026-02-30", "2026-13-01", "2026-2-3", "2026-01-01T24:00", "2026-01-01T10:60", "2026-01-01 10:00", "tomorrow", ""] {
            let error = #expect(throws: SQLiteError.self, "\(bad)") { try db.run(insert, list.id, bad) }
            #expect(error?.code == ResultCode.constraintCheck, "\(bad)")
        }
        for good in ["2024-02-29", "2026-01-01T00:00", "2026-12-31T23:59"] {
            try db.run(insert, list.id, good)
        }
        #expect(try repository.requireList("Groceries").openCount == 3)
    }

    @Test func everyDueTheModelAllowsTheSchemaAccepts() throws {
        // Leap days, the first and last supported years, and times at both ends of the day.
        let days = ["0000-02-29", "0000-01-01", "1900-02-28", "2000-02-29", "2100-02-28", "9999-12-31"]
        try repository.write {
            let texts = days + days.map { $0 + "T00:00" } + days.map { $0 + "T23:59" }
            for text in texts {
                let task = try repository.addTask(TaskDraft(title: "x", due: try due(text)), to: list.id)
                #expect(task.due?.description == text)
            }
        }
        #expect(try repository.requireList("Groceries").openCount == 18)
    }

    @Test func constraintViolationsBecomeStorageErrors() throws {
        func storageMessage(_ error: StorageError?) -> String? {
            if case .failure(let message) = error { return message }
            return nil
        }
        let emptyTitle = #expect(throws: StorageError.self) { try repository.addTask(TaskDraft(title: ""), to: list.id) }
        #expect(storageMessage(emptyTitle)?.contains("CHECK constraint failed") == true)
        let paddedName = #expect(throws: StorageError.self) { try repository.createList(named: " padded ") }
        #expect(storageMessage(paddedName)?.contains("CHECK constraint failed") == true)
        #expect(try repository.allLists() == [list])
        #expect(try repository.tasks(in: list.id).isEmpty)
    }

    @Test func aHeldWriteLockIsDatabaseBusy() throws {
        let impatient = try database.open(busyTimeoutMilliseconds: 0)
        let holder = try database.connection()
        try holder.transaction { () throws in
            #expect(throws: StorageError.busy(path: database.path, waitedMilliseconds: 0)) {
                try impatient.createList(named: "Blocked")
            }
            #expect(throws: StorageError.busy(path: database.path, waitedMilliseconds: 0)) {
                try impatient.addTask(TaskDraft(title: "blocked"), to: list.id)
            }
            // Reading still works while another process writes.
            #expect(try impatient.list(named: "Groceries") == list)
        }
        #expect(try impatient.createList(named: "Unblocked").name == "Unblocked")
    }
}
