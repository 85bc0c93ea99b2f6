import Testing
import TodoCore
import TodoTestSupport

/// `updateTask`: each field, moves between lists, done and open, and edits that change nothing.
@Suite struct UpdateContractTests {
    /// A subject with "Groceries" holding one task, and the clock moved on a day.
    static func subject(_ backend: Backend) throws -> (Subject, TodoList, TodoTask) {
        let subject = try Subject(backend)
        let list = try subject.repository.createList(named: "Groceries")
        let task = try subject.repository.addTask(TaskDraft(title: "oat milk", notes: "2 litres", due: Due(text: "2026-01-05"), priority: .low), to: list.id)
        subject.clock.now = "2026-01-02T12:00:00Z"
        return (subject, list, task)
    }

    /// Applies `changes`, checks the result is what is stored, and returns it.
    static func update(_ subject: Subject, _ task: TodoTask, _ changes: TaskChanges) throws -> TodoTask {
        let updated = try subject.repository.updateTask(task.id, with: changes)
        #expect(try subject.repository.task(task.id) == updated)
        return updated
    }

    /// `task` with some fields replaced.
    static func expected(
        _ task: TodoTask, title: String? = nil, notes: String?? = nil, due: Due?? = nil, priority: Priority? = nil,
        list: TodoList? = nil, isDone: Bool? = nil, updatedAt: String = "2026-01-02T12:00:00Z", completedAt: String?? = nil
    ) -> TodoTask {
        TodoTask(
            id: task.id, uuid: task.uuid, listID: list?.id ?? task.listID, listName: list?.name ?? task.listName,
            title: title ?? task.title, notes: notes ?? task.notes, due: due ?? task.due,
            priority: priority ?? task.priority, isDone: isDone ?? task.isDone,
            createdAt: task.createdAt, updatedAt: updatedAt, completedAt: completedAt ?? task.completedAt)
    }

    @Test(arguments: Backend.allCases)
    func eachFieldSetAndCleared(backend: Backend) throws {
        let (subject, _, task) = try Self.subject(backend)
        #expect(try Self.update(subject, task, TaskChanges(title: "Oat milk 🥛 \"barista\"\nedition")) == Self.expected(task, title: "Oat milk 🥛 \"barista\"\nedition"))
        let renamed = try #require(try subject.repository.task(task.id))
        #expect(try Self.update(subject, renamed, TaskChanges(notes: .set("1 litre"))).notes == "1 litre")
        #expect(try Self.update(subject, renamed, TaskChanges(notes: .set(nil))).notes == nil)
        let later = try due("2026-12-31T23:59")
        #expect(try Self.update(subject, renamed, TaskChanges(due: .set(later))).due == later)
        #expect(try Self.update(subject, renamed, TaskChanges(due: .set(nil))).due == nil)
        #expect(try Self.update(subject, renamed, TaskChanges(priority: .high)).priority == .high)
        let all = TaskChanges(title: "soy milk", notes: .set("n"), due: .set(later), priority: .medium)
        #expect(try Self.update(subject, renamed, all) == Self.expected(task, title: "soy milk", notes: "n", due: later, priority: .medium))
    }

    @Test(arguments: Backend.allCases)
    func movingToAListByNameCreatingItWhenNew(backend: Backend) throws {
        let (subject, list, task) = try Self.subject(backend)
        let errands = try subject.repository.createList(named: "Errands")
        #expect(try Self.update(subject, task, TaskChanges(listName: "errands")) == Self.expected(task, list: errands))
        #expect(try subject.requireList("Errands").openCount == 1)
        #expect(try subject.requireList("Groceries").openCount == 0)

        _ = try subject.repository.setDone(true, task: task.id, in: errands.id)
        let moved = try subject.repository.updateTask(task.id, with: TaskChanges(listName: "Brand New"))
        let created = try subject.requireList("Brand New")
        #expect(moved.listID == created.id && created.id > list.id)
        #expect((created.openCount, created.doneCount) == (0, 1))
        #expect((try subject.requireList("Errands").doneCount) == 0)
    }

    @Test(arguments: Backend.allCases)
    func doneSetsCompletionUndoneClearsItAndEditsKeepIt(backend: Backend) throws {
        let (subject, _, task) = try Self.subject(backend)
        #expect(try Self.update(subject, task, TaskChanges(isDone: true)) == Self.expected(task, isDone: true, completedAt: "2026-01-02T12:00:00Z"))
        #expect(try subject.requireList("Groceries").doneCount == 1)
        subject.clock.now = "2026-01-09T00:00:00Z"
        let edited = try Self.update(subject, task, TaskChanges(title: "renamed", isDone: true))
        #expect(edited.completedAt == "2026-01-02T12:00:00Z" && edited.updatedAt == "2026-01-09T00:00:00Z")
        let undone = try Self.update(subject, task, TaskChanges(isDone: false))
        #expect(undone.completedAt == nil && !undone.isDone)
        #expect(try subject.requireList("Groceries").doneCount == 0)
    }

    @Test(arguments: Backend.allCases, [
        TaskChanges(),
        TaskChanges(title: "oat milk"),
        TaskChanges(notes: .set("2 litres"), priority: .low),
        TaskChanges(due: .set(Due(text: "2026-01-05")), isDone: false),
        TaskChanges(listName: "GROCERIES"),
    ])
    func anEditThatChangesNothingLeavesUpdatedAtAlone(backend: Backend, changes: TaskChanges) throws {
        let (subject, _, task) = try Self.subject(backend)
        #expect(try Self.update(subject, task, changes) == task)
        #expect(try subject.lists().count == 1)
    }

    @Test(arguments: Backend.allCases)
    func updatingAMissingTaskIsTaskNotFound(backend: Backend) throws {
        let (subject, _, _) = try Self.subject(backend)
        #expect(throws: TodoError.taskNotFound(5555)) { try subject.repository.updateTask(5555, with: TaskChanges(title: "x")) }
        #expect(throws: TodoError.taskNotFound(5555)) { try subject.repository.updateTask(5555, with: TaskChanges(listName: "New")) }
        #expect(try subject.repository.list(named: "New") == nil)
    }
}
