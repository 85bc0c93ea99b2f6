import Testing
import TodoCore
import TodoTestSupport

/// Lists: names unique ignoring ASCII case, counts kept, ids never reused.
@Suite struct ListContractTests {
    @Test(arguments: Backend.allCases)
    func listsComeOutByNameIgnoringCaseWithTheirCounts(backend: Backend) throws {
        let subject = try Subject(backend)
        let banana = try subject.repository.createList(named: "banana")
        _ = try subject.repository.createList(named: "Apple")
        _ = try subject.repository.createList(named: "cherry")
        _ = try subject.repository.createList(named: "apple pie")
        try subject.addTasks(["a", "b", "c"], to: banana, done: ["b"])
        let lists = try subject.lists()
        #expect(lists.map(\.name) == ["Apple", "apple pie", "banana", "cherry"])
        #expect(lists.map(\.openCount) == [0, 0, 2, 0])
        #expect(lists.map(\.doneCount) == [0, 0, 1, 0])
        #expect(lists.first { $0.name == "banana" }?.id == banana.id)
        #expect(try Subject(backend).lists().isEmpty)
    }

    /// A window of the lists, and where one sorts, for a view of many that reads only what it shows.
    @Test(arguments: Backend.allCases)
    func aWindowOfTheListsAndWhereOneSorts(backend: Backend) throws {
        let subject = try Subject(backend)
        var ids: [String: TodoList.ID] = [:]
        for name in ["delta", "Alpha", "charlie", "Bravo", "echo"] { ids[name] = try subject.repository.createList(named: name).id }
        func window(_ offset: Int, _ limit: Int?) throws -> [String] {
            var names: [String] = []
            try subject.repository.forEachList(offset: offset, limit: limit) { names.append($0.name) }
            return names
        }
        #expect(try window(0, nil) == ["Alpha", "Bravo", "charlie", "delta", "echo"])
        #expect(try window(1, 2) == ["Bravo", "charlie"])
        #expect(try window(4, 10) == ["echo"])
        #expect(try window(5, 10).isEmpty)
        for (name, position) in [("Alpha", 0), ("Bravo", 1), ("charlie", 2), ("delta", 3), ("echo", 4)] {
            #expect(try subject.repository.listPosition(of: ids[name] ?? 0) == position, "\(name)")
        }
        #expect(try subject.repository.listPosition(of: 999_999) == nil)
    }

    @Test(arguments: Backend.allCases)
    func aThrowingBodyStopsTheWalkAndItsErrorComesOutUnchanged(backend: Backend) throws {
        let subject = try Subject(backend)
        for name in ["a", "b", "c"] { _ = try subject.repository.createList(named: name) }
        var seen: [String] = []
        #expect(throws: TestFailure.first) {
            try subject.repository.forEachList { list in
                seen.append(list.name)
                if list.name == "b" { throw TestFailure.first }
            }
        }
        #expect(seen == ["a", "b"])
        _ = try subject.repository.createList(named: "d")
        #expect(try subject.lists().map(\.name) == ["a", "b", "c", "d"])
    }

    @Test(arguments: Backend.allCases)
    func namesMatchIgnoringASCIICaseOnly(backend: Backend) throws {
        let subject = try Subject(backend)
        let list = try subject.repository.createList(named: "Groceries")
        #expect(try subject.repository.list(named: "groceries") == list)
        #expect(try subject.repository.list(named: "GROCERIES") == list)
        #expect(try subject.repository.list(named: "Grocery") == nil)
        // Other letters keep their case: Été and été are two lists.
        let upper = try subject.repository.createList(named: "Été")
        let lower = try subject.repository.createList(named: "été")
        #expect(upper.id != lower.id)
        #expect(try subject.repository.list(named: "ÉTé") == upper)
        #expect(try subject.repository.list(named: "ÉTÉ") == nil)
    }

    @Test(arguments: Backend.allCases, ["Groceries", "groceries", "GROCERIES", "gRoCeRiEs"])
    func aTakenNameIsRefusedWhateverItsCase(backend: Backend, name: String) throws {
        let subject = try Subject(backend)
        let original = try subject.repository.createList(named: "Groceries")
        #expect(throws: TodoError.listExists(name)) { try subject.repository.createList(named: name) }
        #expect(try subject.lists() == [original])
    }

    @Test(arguments: Backend.allCases)
    func renameChangesTheNameAndTheTasksFollow(backend: Backend) throws {
        let subject = try Subject(backend)
        let list = try subject.repository.createList(named: "Shops")
        let task = try #require(try subject.addTasks(["bread"], to: list).first)
        let renamed = try subject.repository.renameList(list.id, to: "Groceries")
        #expect(renamed == TodoList(id: list.id, uuid: list.uuid, name: "Groceries", openCount: 1, doneCount: 0), "its uuid kept")
        #expect(try subject.repository.list(named: "Shops") == nil)
        #expect(try subject.repository.list(named: "groceries") == renamed)
        #expect(try subject.repository.list(id: list.id) == renamed, "by id, as it is now")
        #expect(try subject.repository.task(task.id)?.listName == "Groceries")
        // To a different case of its own name.
        #expect(try subject.repository.renameList(list.id, to: "GROCERIES").name == "GROCERIES")
    }

    @Test(arguments: Backend.allCases)
    func aListByIdIsNilOnceDeleted(backend: Backend) throws {
        let subject = try Subject(backend)
        let list = try subject.repository.createList(named: "Shops")
        #expect(try subject.repository.list(id: list.id) == list)
        _ = try subject.repository.deleteList(list.id, force: true)
        #expect(try subject.repository.list(id: list.id) == nil)
        #expect(try subject.repository.list(id: 404) == nil)
    }

    @Test(arguments: Backend.allCases)
    func renamingOntoAnotherNameOrAMissingListIsRefused(backend: Backend) throws {
        let subject = try Subject(backend)
        let home = try subject.repository.createList(named: "Home")
        let work = try subject.repository.createList(named: "Work")
        #expect(throws: TodoError.listExists("HOME")) { try subject.repository.renameList(work.id, to: "HOME") }
        #expect(throws: TodoError.listNotFound("12345")) { try subject.repository.renameList(12345, to: "X") }
        #expect(try subject.lists() == [home, work])
    }

    @Test(arguments: Backend.allCases)
    func anEmptyListIsDeletedOneWithTasksOnlyWhenForced(backend: Backend) throws {
        let subject = try Subject(backend)
        let keep = try subject.repository.createList(named: "Keep")
        let gone = try subject.repository.createList(named: "Gone")
        #expect(try subject.repository.deleteList(gone.id, force: false) == gone)
        #expect(try subject.lists() == [keep])

        let busy = try subject.repository.createList(named: "Busy")
        let tasks = try subject.addTasks(["one", "two", "three"], to: busy, done: ["two"])
        let survivor = try #require(try subject.addTasks(["stays"], to: keep).first)
        #expect(throws: TodoError.listNotEmpty("Busy", taskCount: 3)) { try subject.repository.deleteList(busy.id, force: false) }
        #expect(try subject.requireList("Busy").openCount == 2)

        let deleted = try subject.repository.deleteList(busy.id, force: true)
        #expect(deleted == TodoList(id: busy.id, uuid: busy.uuid, name: "Busy", openCount: 2, doneCount: 1))
        #expect(try tasks.allSatisfy { try subject.repository.task($0.id) == nil })
        #expect(try subject.repository.task(survivor.id) == survivor)
        #expect(try subject.lists().map(\.name) == ["Keep"])
        #expect(throws: TodoError.listNotFound("777")) { try subject.repository.deleteList(777, force: true) }
    }

    @Test(arguments: Backend.allCases)
    func listIDsAreNeverReused(backend: Backend) throws {
        let subject = try Subject(backend)
        let first = try subject.repository.createList(named: "First")
        let second = try subject.repository.createList(named: "Second")
        _ = try subject.repository.deleteList(second.id, force: false)
        let third = try subject.repository.createList(named: "Third")
        #expect(third.id > second.id && second.id > first.id)
        _ = try subject.repository.deleteList(third.id, force: false)
        #expect(try subject.reopened().createList(named: "Fourth").id > third.id)
    }
}
