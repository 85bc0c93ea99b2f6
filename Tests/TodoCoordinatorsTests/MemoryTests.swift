import Testing
import TodoCoordinators
import TodoCore
import TodoSQLite
import TodoTestSupport

/// The ownership the seeds insist on: parents hold children, children and screens hold their
/// coordinator and parent weakly, so dropping the root releases everything (no retain cycles).
@Suite struct MemoryTests {
    /// Weak references to everything one composition root built.
    private final class Built {
        weak var app: AppCoordinator?
        weak var screens: ScreenStack?
        weak var display: RecordingDisplay?
        weak var repository: SQLiteTodoRepository?
        weak var mainList: MainListCoordinator?
        weak var mainListScreen: MainListScreen?
        var todoList = Tracked<TodoListCoordinator, TodoListScreen>()
        var editTask = Tracked<EditTaskCoordinator, EditTaskScreen>()

        var everything: [AnyObject?] {
            [app, screens, display, repository, mainList, mainListScreen,
             todoList.coordinator, todoList.screen, editTask.coordinator, editTask.screen]
        }
    }

    /// Builds the app the way the composition root does, opens EditTask for a task, and returns
    /// only weak references: when this returns, the owner has dropped it.
    private func buildAndDrop(unwinding: Bool) throws -> Built {
        let built = Built()
        let owner = try TestApp(tasks: [("Groceries", "milk")])
        try owner.app.open(.editTask(owner.task(titled: "milk").id))
        built.app = owner.app
        built.screens = owner.screens
        built.display = owner.display
        built.repository = owner.database.repository
        built.mainList = try owner.mainList()
        built.mainListScreen = owner.screens.stack.first as? MainListScreen
        built.todoList = try owner.trackTodoList()
        built.editTask = try owner.trackEditTask()
        #expect(built.everything.allSatisfy { $0 != nil }, "all of it is alive while the owner holds it")
        if unwinding { owner.screens.unwindToRoot() }
        return built
    }

    @Test(arguments: [true, false])
    func droppingTheAppCoordinatorReleasesTheWholeTree(unwinding: Bool) throws {
        let built = try buildAndDrop(unwinding: unwinding)

        #expect(built.app == nil)
        #expect(built.screens == nil)
        #expect(built.mainList == nil)
        #expect(built.mainListScreen == nil)
        #expect(built.todoList.isReleased)
        #expect(built.editTask.isReleased)
        #expect(built.display == nil)
        #expect(built.repository == nil, "nothing but the tree held the repository")
    }

    @Test func theAppCoordinatorAloneKeepsItsTreeAlive() throws {
        weak var screens: ScreenStack?
        weak var mainList: MainListCoordinator?
        let database = try ScratchDatabase(lists: ["Groceries"])
        let app: AppCoordinator
        do {
            let owned = ScreenStack(display: RecordingDisplay())
            app = AppCoordinator(screens: owned, repository: database.repository, today: testToday)
            app.start()
            screens = owned
            mainList = app.childCoordinators.first as? MainListCoordinator
        }
        #expect(screens != nil && mainList != nil)
        try app.screens.send(.selectList("Groceries", creating: false))
        #expect(app.screens.stack.count == 2, "the screens still reach their coordinators")
    }

    @Test func screensHoldTheirCoordinatorWeakly() throws {
        let database = try ScratchDatabase(tasks: [("Groceries", "milk")])
        let repository: any TodoRepository = database.repository
        let screens = ScreenStack(display: RecordingDisplay())
        let task = try #require(repository.allTasks.first)
        let list = try #require(try repository.list(named: "Groceries"))
        let mainListScreen = MainListScreen(repository: repository, display: screens.display)
        let todoListScreen = TodoListScreen(list: list, repository: repository, display: screens.display, today: testToday)
        let editTaskScreen = EditTaskScreen(task: task, repository: repository, display: screens.display, today: testToday)
        weak var mainList: MainListCoordinator?
        weak var todoList: TodoListCoordinator?
        weak var editTask: EditTaskCoordinator?

        do {
            let strongMainList = MainListCoordinator(Dependencies(screens: screens, repository: repository, today: testToday))
            let strongTodoList = TodoListCoordinator(Dependencies(screens: screens, repository: repository, today: testToday))
            let strongEditTask = EditTaskCoordinator(Dependencies(screens: screens, repository: repository, today: testToday))
            mainListScreen.coordinator = strongMainList
            todoListScreen.coordinator = strongTodoList
            editTaskScreen.coordinator = strongEditTask
            (mainList, todoList, editTask) = (strongMainList, strongTodoList, strongEditTask)
            #expect(mainListScreen.coordinator != nil && todoListScreen.coordinator != nil)
        }

        #expect(mainList == nil && mainListScreen.coordinator == nil)
        #expect(todoList == nil && todoListScreen.coordinator == nil)
        #expect(editTask == nil && editTaskScreen.coordinator == nil)
    }

    @Test func childrenHoldTheirParentWeakly() throws {
        let database = try ScratchDatabase()
        let repository: any TodoRepository = database.repository
        let screens = ScreenStack(display: RecordingDisplay())
        let mainListChild = MainListCoordinator(Dependencies(screens: screens, repository: repository, today: testToday))
        let todoListChild = TodoListCoordinator(Dependencies(screens: screens, repository: repository, today: testToday))
        let editTaskChild = EditTaskCoordinator(Dependencies(screens: screens, repository: repository, today: testToday))
        weak var app: AppCoordinator?
        weak var mainList: MainListCoordinator?
        weak var todoList: TodoListCoordinator?

        do {
            let strongApp = AppCoordinator(screens: screens, repository: repository, today: testToday)
            let strongMainList = MainListCoordinator(Dependencies(screens: screens, repository: repository, today: testToday))
            let strongTodoList = TodoListCoordinator(Dependencies(screens: screens, repository: repository, today: testToday))
            mainListChild.parentCoordinator = strongApp
            todoListChild.parentCoordinator = strongMainList
            editTaskChild.parentCoordinator = strongTodoList
            (app, mainList, todoList) = (strongApp, strongMainList, strongTodoList)
        }

        #expect(app == nil && mainListChild.parentCoordinator == nil)
        #expect(mainList == nil && todoListChild.parentCoordinator == nil)
        #expect(todoList == nil && editTaskChild.parentCoordinator == nil)
    }

    @Test func aScreenWhoseCoordinatorIsGoneStillHandlesItsOwnEvents() throws {
        // The seeds' `coordinator?.finish()`: with no coordinator there is nothing to tell.
        let app = try TestApp(tasks: [("Groceries", "milk")])
        let tracked = try app.openList("Groceries")
        try app.mainList().childDidFinish(tracked.coordinator)
        #expect(tracked.coordinator == nil, "MainList held the only strong reference")

        try app.screens.send(.setDone(app.task(titled: "milk").id, true))
        try app.screens.send(.back)

        #expect(try app.task(titled: "milk").isDone)
        #expect(app.screens.stack.count == 2, "nobody is left to pop the screen")
        app.screens.popFromOutside()
        try app.expectOnlyMainList()
        #expect(tracked.isReleased)
    }

    @Test func childDidFinishForgetsOnlyThatChild() throws {
        let app = try TestApp(lists: ["Groceries", "Work"])
        let mainList = try app.mainList()
        let groceries = try #require(try app.repository.list(named: "Groceries"))
        let work = try #require(try app.repository.list(named: "Work"))
        let first = mainList.showTodoList(groceries)
        let second = mainList.showTodoList(work)

        mainList.childDidFinish(nil)
        #expect(mainList.childCoordinators.count == 2)
        mainList.childDidFinish(first)

        #expect(mainList.childCoordinators.count == 1)
        #expect(mainList.childCoordinators.first === second)
    }

    @Test func everyScreenWritesThroughTheOneInjectedRepository() throws {
        let app = try TestApp(lists: ["Groceries"])

        try app.screens.send(.addList("Work"))
        try app.screens.send(.selectList("Groceries", creating: false))
        try app.screens.send(.addTask(TaskDraft(title: "milk")))
        try app.screens.send(.selectTask(app.task(titled: "milk").id))
        try app.screens.send(.save(TaskChanges(title: "oat milk")))

        #expect(try app.repository.list(named: "Work") != nil)
        #expect(try app.task(titled: "oat milk").listName == "Groceries")
        #expect(app.display.shown.count == 3)
    }
}
