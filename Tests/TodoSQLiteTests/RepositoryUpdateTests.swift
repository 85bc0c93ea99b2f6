import Testing
import TodoCore
import TodoTestSupport
@testable import TodoSQLite

@Suite struct RepositoryUpdateTests {
    let database: TestDatabase
    let repository: SQLiteTodoRepository
    let list: TodoList
    let task: TodoTask

    init() throws {
        database = try TestDatabase(clock: TestClock("2026-01-01T10:00:00Z"))
        repository = try database.open()
        list = try repository.createList(named: "Groceries")
        task = try repository.addTask(
            TaskDraft(title: "oat milk", notes: "2 litres", due: Due(text: "2026-01-05"), priority: .low), to: list.id)
        database.clock.now = "2026-01-02T12:00:00Z"
    }

    /// Applies `changes`, checks the result is what is stored, and returns it.
    private func update(_ changes: TaskChanges) throws -> TodoTask {
        let updated = try repository.updateTask(task.id, with: changes)
        #expect(try repository.task(task.id) == updated)
        return updated
    }

    /// `task` with some fields replaced, for comparing whole values.
    private func expected(
        title: String? = nil, notes: String?? = nil, due: Due?? = nil, priority: Priority? = nil,
        list: TodoList? = nil, isDone: Bool? = nil, updatedAt: String = "2026-01-02T12:00:00Z", completedAt: String?? = nil
    ) -> TodoTask {
        TodoTask(
            id: task.id, listID: list?.id ?? task.listID, listName: list?.name ?? task.listName,
            title: title ?? task.title, notes: notes ?? task.notes, due: due ?? task.due,
            priority: priority ?? task.priority, isDone: isDone ?? task.isDone,
            createdAt: task.createdAt, updatedAt: updatedAt, completedAt: completedAt ?? task.completedAt)
    }

    @Test func title() throws {
        #expect(try update(TaskChanges(title: "Oat milk 🥛 \"barista\"\nedition")) == expected(title: "Oat milk 🥛 \"barista\"\nedition"))
    }

    @Test func notesSetAndCleared() throws {
        #expect(try update(TaskChanges(notes: .set("1 litre"))) == expected(notes: "1 litre"))
        #expect(try update(TaskChanges(notes: .set(nil))) == expected(notes: .some(nil)))
        #expect(try database.connection().integer("SELECT notes IS NULL FROM tasks WHERE id = ?", task.id) == 1)
    }

    @Test func dueSetAndCleared() throws {
        let later = try due("2026-12-31T23:59")
        #expect(try update(TaskChanges(due: .set(later))) == expected(due: later))
        #expect(try database.connection().string("SELECT due FROM tasks WHERE id = ?", task.id) == "2026-12-31T23:59")
        #expect(try update(TaskChanges(due: .set(nil))) == expected(due: .some(nil)))
    }

    @Test func priority() throws {
        #expect(try update(TaskChanges(priority: .high)) == expected(priority: .high))
        #expect(try database.connection().string("SELECT priority FROM tasks WHERE id = ?", task.id) == "high")
    }

    @Test func severalFieldsAtOnce() throws {
        let changes = TaskChanges(title: "soy milk", notes: .set(nil), due: .set(nil), priority: .medium)
        #expect(try update(changes) == expected(title: "soy milk", notes: .some(nil), due: .some(nil), priority: .medium))
    }

    @Test func movingToAnExistingListMatchedIgnoringCase() throws {
        let other = try repository.createList(named: "Errands")
        let moved = try update(TaskChanges(listName: "errands"))
        #expect(moved == expected(list: other))
        #expect(try repository.allLists().count == 2)
        #expect(try repository.requireList("Errands").openCount == 1)
        #expect(try repository.requireList("Groceries").openCount == 0)
    }

    @Test func movingToANewListCreatesIt() throws {
        let moved = try update(TaskChanges(listName: "Brand New"))
        let created = try repository.requireList("Brand New")
        #expect(moved == expected(list: created))
        #expect(created.id > list.id)
        #expect(created.openCount == 1 && created.doneCount == 0)
        #expect(try repository.requireList("Groceries").openCount == 0)
    }

    @Test func movingADoneTaskMovesTheDoneCount() throws {
        _ = try repository.setDone(true, task: task.id, in: list.id)
        _ = try update(TaskChanges(listName: "Archive"))
        let archive = try repository.requireList("Archive")
        let groceries = try repository.requireList("Groceries")
        #expect((archive.openCount, archive.doneCount) == (0, 1))
        #expect((groceries.openCount, groceries.doneCount) == (0, 0))
    }

    @Test func doneSetsCompletionAndUndoneClearsIt() throws {
        #expect(try update(TaskChanges(isDone: true)) == expected(isDone: true, completedAt: "2026-01-02T12:00:00Z"))
        #expect(try repository.requireList("Groceries").doneCount == 1)
        database.clock.now = "2026-01-03T00:00:00Z"
        let undone = try update(TaskChanges(isDone: false))
        #expect(undone == expected(isDone: false, updatedAt: "2026-01-03T00:00:00Z", completedAt: .some(nil)))
        let counts = try repository.requireList("Groceries")
        #expect((counts.openCount, counts.doneCount) == (1, 0))
    }

    @Test func editingADoneTaskKeepsWhenItWasCompleted() throws {
        _ = try update(TaskChanges(isDone: true))
        database.clock.now = "2026-01-09T00:00:00Z"
        let edited = try update(TaskChanges(title: "renamed", isDone: true))
        #expect(edited.completedAt == "2026-01-02T12:00:00Z")
        #expect(edited.updatedAt == "2026-01-09T00:00:00Z")
    }

    @Test(arguments: [
        TaskChanges(),
        TaskChanges(title: "oat milk"),
        TaskChanges(notes: .set("2 litres"), priority: .low),
        TaskChanges(due: .set(Due(text: "2026-01-05")), isDone: false),
        TaskChanges(listName: "GROCERIES"),
    ])
    func anEditThatChangesNothingLeavesUpdatedAtAlone(_ changes: TaskChanges) throws {
        #expect(try update(changes) == task)
        #expect(try repository.allLists().count == 1)
    }

    @Test func updatingAMissingTaskIsTaskNotFound() throws {
        #expect(throws: TodoError.taskNotFound(5555)) { try repository.updateTask(5555, with: TaskChanges(title: "x")) }
    }

    @Test func aFailedUpdateDoesNotLeaveANewListBehind() throws {
        // An empty title breaks the schema's CHECK after the new list was made: all of it goes.
        #expect(throws: StorageError.self) { try repository.updateTask(task.id, with: TaskChanges(title: "", listName: "Fresh")) }
        #expect(try repository.list(named: "Fresh") == nil)
        #expect(try repository.task(task.id) == task)
    }
}
