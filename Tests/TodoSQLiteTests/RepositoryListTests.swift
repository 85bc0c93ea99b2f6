import Testing
import TodoCore
import TodoTestSupport
@testable import TodoSQLite

@Suite struct RepositoryListTests {
    let database: TestDatabase
    let repository: SQLiteTodoRepository

    init() throws {
        database = try TestDatabase()
        repository = try database.open()
    }

    @discardableResult
    private func addTasks(_ titles: [String], to list: TodoList, done: Set<String> = []) throws -> [TodoTask] {
        try titles.map { title in
            let task = try repository.addTask(TaskDraft(title: title), to: list.id)
            return done.contains(title) ? try repository.setDone(true, task: task.id, in: list.id) : task
        }
    }

    @Test func listsComeOutByNameIgnoringCaseWithTheirCounts() throws {
        let banana = try repository.createList(named: "banana")
        _ = try repository.createList(named: "Apple")
        _ = try repository.createList(named: "cherry")
        _ = try repository.createList(named: "apple pie")
        try addTasks(["a", "b", "c"], to: banana, done: ["b"])
        let lists = try repository.allLists()
        #expect(lists.map(\.name) == ["Apple", "apple pie", "banana", "cherry"])
        #expect(lists.map(\.openCount) == [0, 0, 2, 0])
        #expect(lists.map(\.doneCount) == [0, 0, 1, 0])
        #expect(lists.first { $0.name == "banana" }?.id == banana.id)
    }

    @Test func anEmptyDatabaseHasNoLists() throws {
        #expect(try repository.allLists().isEmpty)
    }

    @Test func aThrowingBodyStopsTheWalkAndItsErrorComesOutUnchanged() throws {
        for name in ["a", "b", "c"] { _ = try repository.createList(named: name) }
        var seen: [String] = []
        #expect(throws: TestFailure.first) {
            try repository.forEachList { list in
                seen.append(list.name)
                if list.name == "b" { throw TestFailure.first }
            }
        }
        #expect(seen == ["a", "b"])
        // The walk left nothing open: another connection's write is seen, and a new walk starts over.
        try database.connection().run("INSERT INTO lists (name, created_at) VALUES (?, ?)", "d", "2026-01-01T00:00:00Z")
        #expect(try repository.allLists().map(\.name) == ["a", "b", "c", "d"])
    }

    @Test func createListReturnsWhatIsStored() throws {
        database.clock.now = "2026-05-06T07:08:09Z"
        let list = try repository.createList(named: "Ünïcode 'quoted' \"list\"")
        #expect(list.openCount == 0 && list.doneCount == 0)
        #expect(try repository.list(named: "Ünïcode 'quoted' \"list\"") == list)
        #expect(try database.connection().string("SELECT created_at FROM lists WHERE id = ?", list.id) == "2026-05-06T07:08:09Z")
    }

    @Test func listNamesMatchIgnoringASCIICase() throws {
        let list = try repository.createList(named: "Groceries")
        #expect(try repository.list(named: "groceries") == list)
        #expect(try repository.list(named: "GROCERIES") == list)
        #expect(try repository.list(named: "Grocery") == nil)
        #expect(try repository.list(named: "") == nil)
    }

    @Test(arguments: ["Groceries", "groceries", "GROCERIES", "gRoCeRiEs"])
    func aTakenNameIsRefusedWhateverItsCase(_ name: String) throws {
        let original = try repository.createList(named: "Groceries")
        #expect(throws: TodoError.listExists(name)) { try repository.createList(named: name) }
        #expect(try repository.allLists() == [original])
    }

    @Test func renameChangesTheNameAndTheTasksFollow() throws {
        let list = try repository.createList(named: "Shops")
        let task = try #require(try addTasks(["bread"], to: list).first)
        let renamed = try repository.renameList(list.id, to: "Groceries")
        #expect(renamed == TodoList(id: list.id, name: "Groceries", openCount: 1, doneCount: 0))
        #expect(try repository.list(named: "Shops") == nil)
        #expect(try repository.list(named: "groceries") == renamed)
        #expect(try repository.task(task.id)?.listName == "Groceries")
    }

    @Test func aListCanBeRenamedToADifferentCaseOfItsOwnName() throws {
        let list = try repository.createList(named: "groceries")
        let renamed = try repository.renameList(list.id, to: "Groceries")
        #expect(renamed.id == list.id)
        #expect(renamed.name == "Groceries")
        #expect(try repository.allLists().map(\.name) == ["Groceries"])
    }

    @Test func renamingOntoAnotherListsNameIsRefused() throws {
        let home = try repository.createList(named: "Home")
        let work = try repository.createList(named: "Work")
        #expect(throws: TodoError.listExists("HOME")) { try repository.renameList(work.id, to: "HOME") }
        #expect(try repository.allLists() == [home, work])
    }

    @Test func renamingAMissingListIsListNotFound() throws {
        #expect(throws: TodoError.listNotFound("12345")) { try repository.renameList(12345, to: "X") }
        #expect(try repository.allLists().isEmpty)
    }

    @Test func anEmptyListIsDeleted() throws {
        let keep = try repository.createList(named: "Keep")
        let gone = try repository.createList(named: "Gone")
        #expect(try repository.deleteList(gone.id, force: false) == gone)
        #expect(try repository.allLists() == [keep])
        #expect(try repository.list(named: "Gone") == nil)
    }

    @Test func aListWithTasksIsKeptUnlessForced() throws {
        let list = try repository.createList(named: "Busy")
        let tasks = try addTasks(["one", "two", "three"], to: list, done: ["two"])
        #expect(throws: TodoError.listNotEmpty("Busy", taskCount: 3)) { try repository.deleteList(list.id, force: false) }
        #expect(try repository.requireList("Busy").openCount == 2)
        #expect(try tasks.allSatisfy { try repository.task($0.id) != nil })
    }

    @Test func aForcedDeleteTakesTheTasksWithItAndReturnsTheListAsItWas() throws {
        let list = try repository.createList(named: "Busy")
        let other = try repository.createList(named: "Other")
        let tasks = try addTasks(["one", "two", "three"], to: list, done: ["two"])
        let survivor = try #require(try addTasks(["stays"], to: other).first)
        let deleted = try repository.deleteList(list.id, force: true)
        #expect(deleted == TodoList(id: list.id, name: "Busy", openCount: 2, doneCount: 1))
        #expect(try tasks.allSatisfy { try repository.task($0.id) == nil })
        #expect(try database.connection().integer("SELECT count(*) FROM tasks WHERE list_id = ?", list.id) == 0)
        #expect(try repository.task(survivor.id) == survivor)
        #expect(try repository.allLists().map(\.name) == ["Other"])
        #expect(try repository.requireList("Other").openCount == 1)
    }

    @Test func deletingAMissingListIsListNotFound() throws {
        #expect(throws: TodoError.listNotFound("777")) { try repository.deleteList(777, force: true) }
    }

    @Test func listIDsAreNeverReused() throws {
        let first = try repository.createList(named: "First")
        let second = try repository.createList(named: "Second")
        _ = try repository.deleteList(second.id, force: false)
        let third = try repository.createList(named: "Third")
        #expect(third.id > second.id)
        #expect(second.id > first.id)
        // Not even after the file is closed and opened again.
        _ = try repository.deleteList(third.id, force: false)
        let fourth = try database.open().createList(named: "Fourth")
        #expect(fourth.id > third.id)
    }
}
