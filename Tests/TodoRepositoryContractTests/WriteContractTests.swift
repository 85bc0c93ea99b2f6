import Testing
import TodoCore
import TodoTestSupport

/// `write`: all or nothing, dry runs, nesting.
@Suite struct WriteContractTests {
    /// Everything a user could see, to prove nothing changed.
    static func snapshot(_ subject: Subject) throws -> [String] {
        try subject.lists().flatMap { list in
            ["list \(list.id) \(list.name) \(list.openCount) \(list.doneCount)"]
                + (try subject.tasks(in: list.id)).map { "task \($0.id) \($0.title) \($0.isDone) \($0.updatedAt)" }
        }
    }

    @Test(arguments: Backend.allCases)
    func aDryRunReturnsWhatWouldHappenAndKeepsNothing(backend: Backend) throws {
        let subject = try Subject(backend)
        let list = try subject.repository.createList(named: "Groceries")
        let task = try subject.repository.addTask(TaskDraft(title: "milk"), to: list.id)
        let before = try Self.snapshot(subject)
        subject.clock.now = "2026-06-01T00:00:00Z"
        let (done, added) = try subject.repository.write(dryRun: true) {
            let done = try subject.repository.setDone(true, task: task.id, in: list.id).task
            let added = try subject.repository.addTask(TaskDraft(title: "bread"), to: list.id)
            _ = try subject.repository.createList(named: "Hardware")
            _ = try subject.repository.renameList(list.id, to: "Food")
            return (done, added)
        }
        #expect(done.isDone && done.completedAt == "2026-06-01T00:00:00Z")
        #expect(added.title == "bread")
        #expect(try Self.snapshot(subject) == before)
        #expect(try subject.repository.task(added.id) == nil)
    }

    @Test(arguments: Backend.allCases)
    func aThrowingBodyUndoesEveryWriteInIt(backend: Backend) throws {
        let subject = try Subject(backend)
        let list = try subject.repository.createList(named: "Groceries")
        let task = try subject.repository.addTask(TaskDraft(title: "milk"), to: list.id)
        let before = try Self.snapshot(subject)
        #expect(throws: TodoError.taskNotFound(99999)) {
            try subject.repository.write {
                _ = try subject.repository.setDone(true, task: task.id, in: list.id)
                _ = try subject.repository.createList(named: "Home")
                _ = try subject.repository.setDone(true, task: 99999, in: list.id)
            }
        }
        #expect(try Self.snapshot(subject) == before)
    }

    @Test(arguments: Backend.allCases)
    func writesNestAndAnInnerFailureUndoesOnlyItself(backend: Backend) throws {
        let subject = try Subject(backend)
        let list = try subject.repository.createList(named: "Groceries")
        let before = try Self.snapshot(subject)
        #expect(throws: TestFailure.first) {
            try subject.repository.write {
                try subject.repository.write { _ = try subject.repository.createList(named: "Inner") }
                _ = try subject.repository.addTask(TaskDraft(title: "outer"), to: list.id)
                throw TestFailure.first
            }
        }
        #expect(try Self.snapshot(subject) == before)

        try subject.repository.write {
            _ = try subject.repository.createList(named: "Kept")
            _ = try? subject.repository.write {
                _ = try subject.repository.createList(named: "Undone")
                throw TestFailure.first
            }
        }
        #expect(try subject.repository.list(named: "Kept") != nil)
        #expect(try subject.repository.list(named: "Undone") == nil)
    }

    @Test(arguments: Backend.allCases)
    func countsAgreeWithTheTasksAfterManyEdits(backend: Backend) throws {
        let subject = try Subject(backend)
        let list = try subject.repository.createList(named: "Groceries")
        _ = try subject.repository.createList(named: "Other")
        var ids: [TodoTask.ID] = []
        for n in 0..<12 { ids.append(try subject.repository.addTask(TaskDraft(title: "t\(n)"), to: list.id).id) }
        for id in ids where id % 2 == 0 { _ = try subject.repository.setDone(true, task: id, in: list.id) }
        for id in ids where id % 3 == 0 { _ = try subject.repository.updateTask(id, with: TaskChanges(listName: "Other")) }
        for id in ids where id % 5 == 0 {
            let task = try #require(try subject.repository.task(id))
            _ = try subject.repository.deleteTask(id, in: task.listID)
        }
        _ = try subject.repository.updateTask(ids[0], with: TaskChanges(isDone: false))
        for current in try subject.lists() {
            let tasks = try subject.tasks(in: current.id)
            #expect(current.openCount == tasks.count { !$0.isDone }, "\(current.name)")
            #expect(current.doneCount == tasks.count(where: \.isDone), "\(current.name)")
        }
    }

    /// A list deleted since it was read (by another process, while `todo ui` shows it): adding
    /// to it says the list is gone, not the storage's foreign-key failure.
    @Test(arguments: Backend.allCases)
    func addingToAListDeletedMeanwhileSaysTheListIsGone(backend: Backend) throws {
        let subject = try Subject(backend)
        let list = try subject.repository.createList(named: "Groceries")
        try subject.repository.write(dryRun: false) { _ = try subject.repository.deleteList(list.id, force: false) }
        let before = try Self.snapshot(subject)
        #expect(throws: TodoError.listGone(list.id)) {
            try subject.repository.write(dryRun: false) { _ = try subject.repository.addTask(TaskDraft(title: "milk"), to: list.id) }
        }
        #expect(try Self.snapshot(subject) == before)
    }
}
