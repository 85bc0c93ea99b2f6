import Testing
import TodoCore
import TodoTestSupport
@testable import TodoSQLite

/// What the SQLite repository writes, as `sqlite3` sees it: the behaviour every repository shares
/// is in `TodoRepositoryContractTests`; this is what only a file can show.
@Suite struct RepositoryStorageTests {
    let database: TestDatabase
    let repository: SQLiteTodoRepository
    let list: TodoList

    init() throws {
        database = try TestDatabase(clock: TestClock("2026-01-01T10:00:00Z"))
        repository = try database.open()
        list = try repository.createList(named: "Groceries")
    }

    @Test func fieldsAreStoredInTheirDocumentedForms() throws {
        let title = "Buy \"oat\" milk\nit's 🥛"
        let notes = "line 1\n\u{1B}[31mred\u{1B}[0m; DROP TABLE tasks; --"
        let task = try repository.addTask(TaskDraft(title: title, notes: notes, due: try due("2026-11-22T09:30"), priority: .high), to: list.id)
        let plain = try repository.addTask(TaskDraft(title: "plain", notes: ""), to: list.id)
        let db = try database.connection()
        #expect(try db.string("SELECT title FROM tasks WHERE id = ?", task.id) == title)
        #expect(try db.string("SELECT notes FROM tasks WHERE id = ?", task.id) == notes)
        #expect(try db.string("SELECT due FROM tasks WHERE id = ?", task.id) == "2026-11-22T09:30")
        #expect(try db.string("SELECT priority FROM tasks WHERE id = ?", task.id) == "high")
        #expect(try db.integer("SELECT done FROM tasks WHERE id = ?", task.id) == 0)
        #expect(try db.string("SELECT created_at FROM lists WHERE id = ?", list.id) == "2026-01-01T10:00:00Z")
        // Empty notes stay the empty string, no due date is NULL, no priority is 'none'.
        #expect(try db.integer("SELECT notes = '' AND due IS NULL FROM tasks WHERE id = ?", plain.id) == 1)
        #expect(try db.string("SELECT priority FROM tasks WHERE id = ?", plain.id) == "none")
    }

    @Test func editsAreStoredInTheirDocumentedForms() throws {
        let task = try repository.addTask(TaskDraft(title: "oat milk", notes: "2 litres"), to: list.id)
        _ = try repository.updateTask(task.id, with: TaskChanges(notes: .set(nil), due: .set(try due("2026-12-31T23:59")), priority: .low))
        let db = try database.connection()
        #expect(try db.integer("SELECT notes IS NULL FROM tasks WHERE id = ?", task.id) == 1)
        #expect(try db.string("SELECT due FROM tasks WHERE id = ?", task.id) == "2026-12-31T23:59")
        #expect(try db.string("SELECT priority FROM tasks WHERE id = ?", task.id) == "low")
    }

    @Test func aForcedDeleteRemovesTheRowsItself() throws {
        _ = try repository.addTask(TaskDraft(title: "one"), to: list.id)
        _ = try repository.deleteList(list.id, force: true)
        #expect(try database.connection().integer("SELECT count(*) FROM tasks WHERE list_id = ?", list.id) == 0)
    }

    @Test func aFailedUpdateDoesNotLeaveANewListBehind() throws {
        let task = try repository.addTask(TaskDraft(title: "oat milk"), to: list.id)
        // An empty title breaks the schema's CHECK after the new list was made: all of it goes.
        #expect(throws: StorageError.self) { try repository.updateTask(task.id, with: TaskChanges(title: "", listName: "Fresh")) }
        #expect(try repository.list(named: "Fresh") == nil)
        #expect(try repository.task(task.id) == task)
    }
}
