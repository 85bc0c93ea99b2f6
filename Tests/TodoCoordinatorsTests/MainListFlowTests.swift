import Testing
import TodoCoordinators
import TodoCore
import TodoTestSupport

/// MainList: the Lists tab's root screen. It shows and edits lists itself and asks its
/// coordinator to push a list's TodoList.
@Suite struct MainListFlowTests {
    @Test func startPutsMainListAloneOnScreen() throws {
        let app = try TestApp(lists: ["Groceries"])
        let mainList = try app.mainList()
        #expect(try mainList.parentCoordinator === app.tabBar())
        #expect(try app.tabBar().parentCoordinator === app.app)
        #expect(try app.tabBar().selectedTab == .lists, "the Lists tab is on show first")
        #expect(mainList.screens === app.screens)
        try app.expectOnlyMainList()
        #expect(app.screens.visibleScreen === app.screens.stack.first)
        #expect(app.display.shown.isEmpty, "starting renders nothing; the command's events do")
    }

    @Test func showListsRendersEveryListByNameWithCounts() throws {
        let app = try TestApp(
            lists: ["work", "Empty"],
            tasks: [("Groceries", "milk"), ("Groceries", "eggs"), ("Groceries", "tea"), ("work", "report")])
        try app.repository.write {
            _ = try app.repository.setDone(true, task: app.task(titled: "tea").id, in: app.task(titled: "tea").listID)
        }

        try app.screens.send(.showLists)

        let shown = try #require(app.display.shown.only)
        guard case .lists(let lists) = shown else { Issue.record("rendered \(shown)"); return }
        #expect(lists.map(\.name) == ["Empty", "Groceries", "work"])
        #expect(lists.map(\.openCount) == [0, 2, 1])
        #expect(lists.map(\.doneCount) == [0, 1, 0])
        try app.expectOnlyMainList()
    }

    @Test func selectListPushesItsTodoListAndKeepsTheCoordinator() throws {
        let app = try TestApp(lists: ["Groceries", "Work"])
        let tracked = try app.openList("groceries")  // names match ignoring case

        #expect(app.screens.stack.count == 2)
        #expect(app.screens.stack.first is MainListScreen)
        let screen = try app.top(TodoListScreen.self)
        let groceries = try app.repository.list(named: "Groceries")
        #expect(screen.list == groceries)
        #expect(app.screens.visibleScreen === screen)
        #expect(app.screens.presented == nil)
        #expect(try app.todoList() === tracked.coordinator)
        #expect(!tracked.isReleased, "a TodoList on screen is kept by MainList and the screen stack")
        #expect(app.display.shown.isEmpty)
    }

    @Test func selectingAMissingListWithoutCreatingIsListNotFound() throws {
        let app = try TestApp(lists: ["Groceries"])

        #expect(throws: TodoError.listNotFound("Nope")) {
            try app.screens.send(.selectList("Nope", creating: false))
        }

        #expect(try app.repository.list(named: "Nope") == nil)
        try app.expectOnlyMainList()
    }

    @Test func selectingAMissingListWhileCreatingCreatesItAndOpensIt() throws {
        let app = try TestApp(lists: ["Groceries"])

        try app.screens.send(.selectList("Hardware", creating: true))

        let created = try #require(try app.repository.list(named: "Hardware"))
        #expect(created.openCount == 0 && created.doneCount == 0)
        #expect(try app.top(TodoListScreen.self).list == created)
        _ = try app.trackTodoList()
    }

    @Test func selectingAnExistingListWhileCreatingOpensItWithoutADuplicate() throws {
        let app = try TestApp(lists: ["Groceries"])
        let before = try #require(try app.repository.list(named: "Groceries"))

        try app.screens.send(.selectList("GROCERIES", creating: true))

        #expect(try app.top(TodoListScreen.self).list == before)
        var count = 0
        try app.repository.forEachList { _ in count += 1 }
        #expect(count == 1)
    }

    @Test func addListCreatesAndRendersIt() throws {
        let app = try TestApp()

        try app.screens.send(.addList("Books"))

        let stored = try #require(try app.repository.list(named: "Books"))
        #expect(app.display.shown == [.list(stored, .created)])
        try app.expectOnlyMainList()
    }

    @Test func addingATakenNameIsListExistsAndRendersNothing() throws {
        let app = try TestApp(lists: ["Books"])

        #expect(throws: TodoError.listExists("books")) { try app.screens.send(.addList("books")) }

        #expect(app.display.shown.isEmpty)
    }

    @Test func renameListRendersTheNewNameAndTheOldOne() throws {
        let app = try TestApp(lists: ["Bookz"], tasks: [("Bookz", "Dune")])

        try app.screens.send(.renameList("bookz", to: "Books"))

        let renamed = try #require(try app.repository.list(named: "Books"))
        #expect(renamed.name == "Books")
        #expect(renamed.openCount == 1)
        #expect(app.display.shown == [.list(renamed, .renamed(from: "Bookz"))])
        #expect(try app.task(titled: "Dune").listName == "Books")
    }

    @Test func renamingAMissingListIsListNotFound() throws {
        let app = try TestApp(lists: ["Books"])

        #expect(throws: TodoError.listNotFound("Films")) { try app.screens.send(.renameList("Films", to: "Movies")) }

        #expect(try app.repository.list(named: "Movies") == nil)
        #expect(app.display.shown.isEmpty)
    }

    @Test func deleteListRendersTheListAsItWas() throws {
        let app = try TestApp(lists: ["Old"])
        let old = try #require(try app.repository.list(named: "Old"))

        try app.screens.send(.deleteList("Old", force: false))

        #expect(app.display.shown == [.list(old, .deleted)])
        #expect(try app.repository.list(named: "Old") == nil)
    }

    @Test func deletingAListWithTasksNeedsForce() throws {
        let app = try TestApp(tasks: [("Old", "a"), ("Old", "b")])

        #expect(throws: TodoError.listNotEmpty("Old", taskCount: 2)) {
            try app.screens.send(.deleteList("Old", force: false))
        }
        #expect(app.repository.allTasks.count == 2)

        try app.screens.send(.deleteList("Old", force: true))
        #expect(try app.repository.list(named: "Old") == nil)
        #expect(app.repository.allTasks.isEmpty)
        #expect(app.display.shown.count == 1)
    }

    @Test func deletingAMissingListIsListNotFound() throws {
        let app = try TestApp()
        #expect(throws: TodoError.listNotFound("Ghost")) { try app.screens.send(.deleteList("Ghost", force: true)) }
    }

    @Test(arguments: [
        ViewEvent.addTask(TaskDraft(title: "milk")), .setDone(1, true), .deleteTask(1), .selectTask(1),
        .showTasks(TaskQuery()), .back, .save(TaskChanges(title: "x")), .cancel,
    ])
    func mainListRefusesEventsOfOtherScreens(event: ViewEvent) throws {
        let app = try TestApp(tasks: [("Groceries", "milk")])
        expectRefused(event, by: "MainListScreen", in: app.screens)
        try app.expectOnlyMainList()
        #expect(app.repository.allTasks.count == 1)
    }
}
