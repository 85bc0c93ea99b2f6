import Testing
import TodoCore
import TodoTestSupport
@testable import TodoSQLite

@Suite struct RepositoryTaskTests {
    let database: TestDatabase
    let repository: SQLiteTodoRepository
    let list: TodoList

    init() throws {
        database = try TestDatabase(clock: TestClock("2026-01-01T10:00:00Z"))
        repository = try database.open()
        list = try repository.createList(named: "Groceries")
    }

    private func add(_ title: String = "oat milk", notes: String? = nil, due: Due? = nil, priority: Priority = .none) throws -> TodoTask {
        try repository.addTask(TaskDraft(title: title, notes: notes, due: due, priority: priority), to: list.id)
    }

    // MARK: Adding and reading

    @Test func everyFieldIsStoredExactly() throws {
        let title = "Buy \"oat\" milk\nit's 🥛 — ünïcode 日本"
        let notes = "line 1\nline 2\t'tab'\r\n\u{1B}[31mred\u{1B}[0m; DROP TABLE tasks; --"
        let task = try add(title, notes: notes, due: try due("2026-11-22T09:30"), priority: .high)
        #expect(task.title == title)
        #expect(task.notes == notes)
        #expect(task.due == (try due("2026-11-22T09:30")))
        #expect(task.priority == .high)
        #expect(task.listID == list.id && task.listName == "Groceries")
        #expect(!task.isDone && task.completedAt == nil)
        #expect(task.createdAt == "2026-01-01T10:00:00Z" && task.updatedAt == "2026-01-01T10:00:00Z")
        #expect(try repository.task(task.id) == task)
        // And as `sqlite3` sees it.
        let db = try database.connection()
        #expect(try db.string("SELECT title FROM tasks WHERE id = ?", task.id) == title)
        #expect(try db.string("SELECT notes FROM tasks WHERE id = ?", task.id) == notes)
        #expect(try db.string("SELECT due FROM tasks WHERE id = ?", task.id) == "2026-11-22T09:30")
        #expect(try db.string("SELECT priority FROM tasks WHERE id = ?", task.id) == "high")
        #expect(try db.integer("SELECT done FROM tasks WHERE id = ?", task.id) == 0)
    }

    @Test func absentFieldsAreStoredAsNullAndDefaults() throws {
        let task = try add("plain")
        #expect(task.notes == nil && task.due == nil && task.priority == .none)
        let db = try database.connection()
        #expect(try db.integer("SELECT notes IS NULL AND due IS NULL FROM tasks WHERE id = ?", task.id) == 1)
        #expect(try db.string("SELECT priority FROM tasks WHERE id = ?", task.id) == "none")
    }

    @Test func emptyNotesStayEmptyRatherThanNull() throws {
        let task = try add(notes: "")
        #expect(task.notes == "")
        #expect(try database.connection().integer("SELECT notes IS NULL FROM tasks WHERE id = ?", task.id) == 0)
    }

    @Test func aMissingTaskIsNil() throws {
        #expect(try repository.task(424242) == nil)
    }

    @Test func addingToAMissingListFailsAndAddsNothing() throws {
        #expect(throws: StorageError.self) { try repository.addTask(TaskDraft(title: "orphan"), to: 98765) }
        #expect(try database.connection().integer("SELECT count(*) FROM tasks") == 0)
    }

    @Test func countsFollowAdds() throws {
        _ = try add("one")
        _ = try add("two")
        #expect(try repository.requireList("Groceries").openCount == 2)
        #expect(try repository.requireList("Groceries").doneCount == 0)
    }

    @Test func taskIDsAreNeverReused() throws {
        let first = try add("first")
        let last = try add("last")
        _ = try repository.deleteTask(last.id, in: list.id)
        let next = try add("next")
        #expect(next.id > last.id && last.id > first.id)
        _ = try repository.deleteTask(next.id, in: list.id)
        let afterReopen = try database.open().addTask(TaskDraft(title: "after"), to: list.id)
        #expect(afterReopen.id > next.id)
    }

    // MARK: Marking done

    @Test func setDoneStampsCompletionAndUndoneClearsIt() throws {
        let task = try add()
        database.clock.now = "2026-01-02T08:00:00Z"
        let done = try repository.setDone(true, task: task.id, in: list.id)
        #expect(done.isDone && done.completedAt == "2026-01-02T08:00:00Z" && done.updatedAt == "2026-01-02T08:00:00Z")
        #expect(done.createdAt == task.createdAt)
        #expect(try repository.requireList("Groceries").doneCount == 1)

        database.clock.now = "2026-01-03T08:00:00Z"
        let again = try repository.setDone(true, task: task.id, in: list.id)
        #expect(again == done)  // already done: not even updated_at moves

        let undone = try repository.setDone(false, task: task.id, in: list.id)
        #expect(!undone.isDone && undone.completedAt == nil && undone.updatedAt == "2026-01-03T08:00:00Z")
        let counts = try repository.requireList("Groceries")
        #expect(counts.openCount == 1 && counts.doneCount == 0)
    }

    @Test func setDoneInTheWrongListIsTaskNotFoundAndChangesNothing() throws {
        let task = try add()
        let other = try repository.createList(named: "Other")
        #expect(throws: TodoError.taskNotFound(task.id)) { try repository.setDone(true, task: task.id, in: other.id) }
        #expect(throws: TodoError.taskNotFound(99999)) { try repository.setDone(true, task: 99999, in: list.id) }
        #expect(try repository.task(task.id) == task)
        #expect(try repository.requireList("Other").doneCount == 0)
    }

    // MARK: Deleting

    @Test func deleteReturnsTheTaskAsItWas() throws {
        let keep = try add("keep")
        let task = try add("gone", notes: "n", due: try due("2026-02-01"), priority: .low)
        let done = try repository.setDone(true, task: task.id, in: list.id)
        #expect(try repository.deleteTask(task.id, in: list.id) == done)
        #expect(try repository.task(task.id) == nil)
        #expect(try repository.task(keep.id) == keep)
        let counts = try repository.requireList("Groceries")
        #expect(counts.openCount == 1 && counts.doneCount == 0)
    }

    @Test func deleteInTheWrongListIsTaskNotFoundAndKeepsIt() throws {
        let task = try add()
        let other = try repository.createList(named: "Other")
        #expect(throws: TodoError.taskNotFound(task.id)) { try repository.deleteTask(task.id, in: other.id) }
        #expect(try repository.task(task.id) == task)
    }
}
