import Testing
import TodoCore
import TodoTestSupport
@testable import TodoSQLite

/// Transactions as the repository offers them, and what the database itself guarantees.
@Suite struct RepositoryWriteTests {
    let database: TestDatabase
    let repository: SQLiteTodoRepository
    let list: TodoList

    init() throws {
        database = try TestDatabase()
        repository = try database.open()
        list = try repository.createList(named: "Groceries")
    }

    /// Everything a user could see, to prove nothing changed.
    private func snapshot() throws -> [String] {
        try database.connection().strings("""
            SELECT 'list ' || id || ' ' || name || ' ' || open_count || ' ' || done_count FROM lists
            UNION ALL
            SELECT 'task ' || id || ' ' || list_id || ' ' || title || ' ' || done || ' ' || updated_at
                || ' ' || ifnull(completed_at, '-') FROM tasks
            ORDER BY 1
            """)
    }

    @Test func aDryRunChangesNothingButReturnsWhatWouldHappen() throws {
        let task = try repository.addTask(TaskDraft(title: "milk"), to: list.id)
        let before = try snapshot()
        database.clock.now = "2026-06-01T00:00:00Z"
        let outcome = try repository.write(dryRun: true) {
            let done = try repository.setDone(true, task: task.id, in: list.id)
            let added = try repository.addTask(TaskDraft(title: "bread"), to: list.id)
            _ = try repository.createList(named: "Hardware")
            _ = try repository.renameList(list.id, to: "Food")
            return (done, added)
        }
        #expect(outcome.0.isDone && outcome.0.completedAt == "2026-06-01T00:00:00Z")
        #expect(outcome.1.title == "bread")
        #expect(try snapshot() == before)
        #expect(try repository.task(outcome.1.id) == nil)
        #expect(repository.db.isAutocommit)
    }

    @Test func aThrowingBodyUndoesEveryWriteInIt() throws {
        let task = try repository.addTask(TaskDraft(title: "milk"), to: list.id)
        let before = try snapshot()
        database.clock.now = "2026-06-01T00:00:00Z"
        #expect(throws: TodoError.taskNotFound(99999)) {
            try repository.write {
                _ = try repository.setDone(true, task: task.id, in: list.id)
                _ = try repository.setDone(true, task: 99999, in: list.id)
            }
        }
        #expect(try snapshot() == before)
        #expect(try repository.task(task.id) == task)
        #expect(repository.db.isAutocommit)
    }

    @Test func writesNestIntoOneTransaction() throws {
        let before = try snapshot()
        #expect(throws: TestFailure.first) {
            try repository.write {
                try repository.write { _ = try repository.createList(named: "Inner") }
                _ = try repository.addTask(TaskDraft(title: "outer"), to: list.id)
                throw TestFailure.first
            }
        }
        #expect(try snapshot() == before)
    }

    @Test func aCommittedWriteKeepsEverything() throws {
        let (first, second) = try repository.write {
            (try repository.addTask(TaskDraft(title: "one"), to: list.id), try repository.addTask(TaskDraft(title: "two"), to: list.id))
        }
        #expect(try repository.task(first.id) == first)
        #expect(try repository.task(second.id) == second)
        #expect(try repository.requireList("Groceries").openCount == 2)
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

    @Test func countsAgreeWithTheTasksAfterManyEdits() throws {
        let other = try repository.createList(named: "Other")
        var ids: [TodoTask.ID] = []
        for n in 0..<12 { ids.append(try repository.addTask(TaskDraft(title: "t\(n)"), to: list.id).id) }
        for id in ids where id % 2 == 0 { _ = try repository.setDone(true, task: id, in: list.id) }
        for id in ids where id % 3 == 0 { _ = try repository.updateTask(id, with: TaskChanges(listName: "Other")) }
        for id in ids where id % 5 == 0 {
            let task = try #require(try repository.task(id))
            _ = try repository.deleteTask(id, in: task.listID)
        }
        _ = try repository.updateTask(ids[0], with: TaskChanges(isDone: false))
        let db = try database.connection()
        for current in try repository.allLists() {
            #expect(try db.integer("SELECT count(*) FROM tasks WHERE list_id = ? AND done = 0", current.id) == Int64(current.openCount))
            #expect(try db.integer("SELECT count(*) FROM tasks WHERE list_id = ? AND done = 1", current.id) == Int64(current.doneCount))
        }
        #expect(try repository.requireList("Other").id == other.id)
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
