import Testing
import TodoCore
import TodoTestSupport

/// Tasks: stored exactly, reachable only through their own list, ids never reused.
@Suite struct TaskContractTests {
    /// A subject with one list, "Groceries".
    static func subject(_ backend: Backend) throws -> (Subject, TodoList) {
        let subject = try Subject(backend)
        return (subject, try subject.repository.createList(named: "Groceries"))
    }

    @Test(arguments: Backend.allCases)
    func everyFieldIsStoredExactly(backend: Backend) throws {
        let (subject, list) = try Self.subject(backend)
        let title = "Buy \"oat\" milk\nit's 🥛 — ünïcode 日本"
        let notes = "line 1\nline 2\t'tab'\r\n\u{1B}[31mred\u{1B}[0m; DROP TABLE tasks; --"
        let task = try subject.repository.addTask(TaskDraft(title: title, notes: notes, due: try due("2026-11-22T09:30"), priority: .high), to: list.id)
        #expect(task.title == title && task.notes == notes)
        #expect(task.due == (try due("2026-11-22T09:30")) && task.priority == .high)
        #expect(task.listID == list.id && task.listName == "Groceries")
        #expect(!task.isDone && task.completedAt == nil)
        #expect(task.createdAt == "2026-01-01T10:00:00Z" && task.updatedAt == "2026-01-01T10:00:00Z")
        #expect(try subject.repository.task(task.id) == task)
        let plain = try subject.repository.addTask(TaskDraft(title: "plain"), to: list.id)
        #expect(plain.notes == nil && plain.due == nil && plain.priority == .none)
        #expect(try subject.repository.addTask(TaskDraft(title: "x", notes: ""), to: list.id).notes == "", "empty notes stay empty")
        // A task without tags is returned as written, not read back: it must be what is stored.
        let repeating = try subject.repository.addTask(
            TaskDraft(title: "water", due: try due("2026-11-30"), repeatRule: RepeatRule(stored: "2w"), repeatFrom: .done), to: list.id)
        #expect(repeating.repeatRule == RepeatRule(stored: "2w") && repeating.repeatFrom == .done)
        #expect(try subject.repository.task(repeating.id) == repeating)
        #expect(try subject.repository.task(424242) == nil)
    }

    @Test(arguments: Backend.allCases)
    func addingToAMissingListFailsAndAddsNothing(backend: Backend) throws {
        let (subject, list) = try Self.subject(backend)
        #expect(throws: (any Error).self) { try subject.repository.addTask(TaskDraft(title: "orphan"), to: 98765) }
        #expect(try subject.tasks(in: list.id).isEmpty)
        #expect(try subject.tasks(in: 98765).isEmpty)
    }

    @Test(arguments: Backend.allCases)
    func taskIDsAreNeverReused(backend: Backend) throws {
        let (subject, list) = try Self.subject(backend)
        let first = try subject.repository.addTask(TaskDraft(title: "first"), to: list.id)
        let last = try subject.repository.addTask(TaskDraft(title: "last"), to: list.id)
        _ = try subject.repository.deleteTask(last.id, in: list.id)
        let next = try subject.repository.addTask(TaskDraft(title: "next"), to: list.id)
        #expect(next.id > last.id && last.id > first.id)
        _ = try subject.repository.deleteTask(next.id, in: list.id)
        #expect(try subject.reopened().addTask(TaskDraft(title: "after"), to: list.id).id > next.id)
    }

    @Test(arguments: Backend.allCases)
    func setDoneStampsCompletionAndUndoneClearsIt(backend: Backend) throws {
        let (subject, list) = try Self.subject(backend)
        let task = try subject.repository.addTask(TaskDraft(title: "oat milk"), to: list.id)
        subject.clock.now = "2026-01-02T08:00:00Z"
        let (done, changed) = try subject.repository.setDone(true, task: task.id, in: list.id)
        #expect(changed && done.isDone && done.completedAt == "2026-01-02T08:00:00Z" && done.updatedAt == "2026-01-02T08:00:00Z")
        #expect(done.createdAt == task.createdAt)
        #expect(try subject.repository.task(task.id) == done, "the task returned is the one stored")
        #expect(try subject.requireList("Groceries").doneCount == 1)

        subject.clock.now = "2026-01-03T08:00:00Z"
        let again = try subject.repository.setDone(true, task: task.id, in: list.id)
        #expect(again.task == done && !again.changed, "already done: not even updated_at moves")

        let (undone, reopened) = try subject.repository.setDone(false, task: task.id, in: list.id)
        #expect(reopened && !undone.isDone && undone.completedAt == nil && undone.updatedAt == "2026-01-03T08:00:00Z")
        #expect(try subject.repository.task(task.id) == undone)
        let counts = try subject.requireList("Groceries")
        #expect(counts.openCount == 1 && counts.doneCount == 0)
    }

    /// An edit returns the task as stored, whether or not it read it back (it does only when the
    /// tags changed), for every field it can change.
    @Test(arguments: Backend.allCases)
    func anEditReturnsTheTaskAsStored(backend: Backend) throws {
        let (subject, list) = try Self.subject(backend)
        let task = try subject.repository.addTask(TaskDraft(title: "oat milk", notes: "n", priority: .low, tags: ["shop"]), to: list.id)
        subject.clock.now = "2026-01-02T08:00:00Z"
        let edits = [
            TaskChanges(title: "oat milk, 2 l", notes: .set(nil), due: .set(try due("2026-12-01T09:30")), priority: .high),
            TaskChanges(listName: "Someday", isDone: true, repeatRule: .set(RepeatRule(stored: "1m@31")), repeatFrom: .done),
            TaskChanges(addTags: ["Errand"], removeTags: ["shop"]),
            TaskChanges(notes: .set("again"), isDone: false, repeatRule: .set(nil)),
        ]
        for changes in edits {
            let edited = try subject.repository.updateTask(task.id, with: changes)
            #expect(try subject.repository.task(task.id) == edited, "\(changes)")
            #expect(edited.updatedAt == "2026-01-02T08:00:00Z" && edited.createdAt == task.createdAt)
        }
        #expect(try subject.repository.task(task.id)?.listName == "Someday")
    }

    @Test(arguments: Backend.allCases)
    func aTaskIsReachedOnlyThroughItsOwnList(backend: Backend) throws {
        let (subject, list) = try Self.subject(backend)
        let task = try subject.repository.addTask(TaskDraft(title: "oat milk"), to: list.id)
        let other = try subject.repository.createList(named: "Other")
        #expect(throws: TodoError.taskNotFound(task.id)) { try subject.repository.setDone(true, task: task.id, in: other.id) }
        #expect(throws: TodoError.taskNotFound(99999)) { try subject.repository.setDone(true, task: 99999, in: list.id) }
        #expect(throws: TodoError.taskNotFound(task.id)) { try subject.repository.deleteTask(task.id, in: other.id) }
        #expect(try subject.repository.task(task.id) == task)
        #expect(try subject.requireList("Other").doneCount == 0)
    }

    @Test(arguments: Backend.allCases)
    func deleteReturnsTheTaskAsItWasAndCountsFollow(backend: Backend) throws {
        let (subject, list) = try Self.subject(backend)
        let keep = try subject.repository.addTask(TaskDraft(title: "keep"), to: list.id)
        let task = try subject.repository.addTask(TaskDraft(title: "gone", notes: "n", due: try due("2026-02-01"), priority: .low), to: list.id)
        let done = try subject.repository.setDone(true, task: task.id, in: list.id).task
        #expect(try subject.repository.deleteTask(task.id, in: list.id) == done)
        #expect(try subject.repository.task(task.id) == nil)
        #expect(try subject.repository.task(keep.id) == keep)
        let counts = try subject.requireList("Groceries")
        #expect(counts.openCount == 1 && counts.doneCount == 0)
    }
}
