import Testing
import TodoCore

/// The fake keeps the `TodoRepository` contract, so coordinator tests can trust its answers.
@Suite struct FakeTodoRepositoryTests {
    @Test func listsCountTheirOpenAndDoneTasks() throws {
        let repository = try FakeTodoRepository(lists: ["Empty"], tasks: [("Work", "a"), ("Work", "b")])
        let a = try #require(repository.allTasks.first)
        _ = try repository.setDone(true, task: a.id, in: a.listID)

        var lists: [TodoList] = []
        try repository.forEachList { lists.append($0) }

        #expect(lists.map(\.name) == ["Empty", "Work"])
        #expect(lists.map(\.openCount) == [0, 1])
        #expect(lists.map(\.doneCount) == [0, 1])
    }

    @Test func namesAreUniqueIgnoringCase() throws {
        let repository = try FakeTodoRepository(lists: ["Work", "Home"])
        let home = try #require(try repository.list(named: "HOME"))
        #expect(throws: TodoError.listExists("work")) { try repository.createList(named: "work") }
        #expect(throws: TodoError.listExists("WORK")) { try repository.renameList(home.id, to: "WORK") }
        #expect(try repository.renameList(home.id, to: "HOME").name == "HOME", "a list may change its own case")
    }

    @Test func missingThingsAreErrors() throws {
        let repository = try FakeTodoRepository(lists: ["Work"], tasks: [("Home", "a")])
        let work = try #require(try repository.list(named: "Work"))
        let a = try #require(repository.allTasks.first)

        #expect(throws: TodoError.listNotFound("99")) { try repository.deleteList(99, force: true) }
        #expect(throws: TodoError.taskNotFound(99)) { try repository.updateTask(99, with: TaskChanges(title: "x")) }
        #expect(throws: TodoError.taskNotFound(a.id)) { try repository.setDone(true, task: a.id, in: work.id) }
        #expect(throws: TodoError.taskNotFound(a.id)) { try repository.deleteTask(a.id, in: work.id) }
        #expect(throws: TodoError.listNotEmpty("Home", taskCount: 1)) {
            try repository.deleteList(a.listID, force: false)
        }
    }

    @Test func aThrowingWriteRestoresEverything() throws {
        let repository = try FakeTodoRepository(lists: ["Work"], tasks: [("Work", "a")])
        let before = repository.allTasks

        #expect(throws: TodoError.listExists("Work")) {
            try repository.write {
                _ = try repository.createList(named: "Home")
                _ = try repository.addTask(TaskDraft(title: "b"), to: before[0].listID)
                _ = try repository.createList(named: "Work")
            }
        }

        #expect(repository.allTasks == before)
        #expect(try repository.list(named: "Home") == nil)
    }

    @Test func aDryRunReturnsItsResultButKeepsNothing() throws {
        let repository = try FakeTodoRepository(lists: ["Work"])
        let added = try repository.write(dryRun: true) {
            try repository.addTask(TaskDraft(title: "a"), to: repository.list(named: "Work")?.id ?? 0)
        }
        #expect(added.title == "a")
        #expect(repository.allTasks.isEmpty)
        #expect(try repository.task(added.id) == nil)
    }

    @Test func anInnerWriteThatFailsUndoesOnlyItself() throws {
        let repository = try FakeTodoRepository(lists: [])
        try repository.write {
            _ = try repository.createList(named: "Kept")
            _ = try? repository.write {
                _ = try repository.createList(named: "Undone")
                throw TodoError.taskNotFound(-1)
            }
        }
        #expect(try repository.list(named: "Kept") != nil)
        #expect(try repository.list(named: "Undone") == nil)
    }

    @Test func tasksComeInDisplayOrder() throws {
        let repository = try FakeTodoRepository(lists: ["L"])
        let list = try #require(try repository.list(named: "L")).id
        let late = try repository.addTask(TaskDraft(title: "late", due: Due(text: "2026-12-01")), to: list)
        let undated = try repository.addTask(TaskDraft(title: "undated", priority: .high), to: list)
        let soon = try repository.addTask(TaskDraft(title: "soon", due: Due(text: "2026-11-22")), to: list)
        _ = try repository.setDone(true, task: soon.id, in: list)

        func titles(_ query: TaskQuery) throws -> [String] {
            var titles: [String] = []
            try repository.forEachTask(in: list, matching: query) { titles.append($0.title) }
            return titles
        }

        #expect(try titles(TaskQuery()) == [late.title, undated.title])
        #expect(try titles(TaskQuery(includeDone: true)) == ["late", "undated", "soon"])
        #expect(try titles(TaskQuery(sort: .priority)) == ["undated", "late"])
        #expect(try titles(TaskQuery(includeDone: true, limit: 1)) == ["late"])
    }
}
