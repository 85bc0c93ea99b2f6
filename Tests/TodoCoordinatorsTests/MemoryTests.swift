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
        weak var tabBar: TabBarCoordinator?
        weak var screens: ScreenStack?
        weak var display: RecordingDisplay?
        weak var repository: SQLiteTodoRepository?
        weak var mainList: MainListCoordinator?
        weak var mainListScreen: MainListScreen?
        var todoList = Tracked<TodoListCoordinator, TodoListScreen>()
        var editTask = Tracked<EditTaskCoordinator, EditTaskScreen>()
        var tasks = Tracked<AcrossListsCoordinator, AcrossListsScreen>()
        var agenda = Tracked<AcrossListsCoordinator, AcrossListsScreen>()
        /// EditTask presented on the Tasks tab.
        var tasksEditTask = Tracked<EditTaskCoordinator, EditTaskScreen>()

        var everything: [AnyObject?] {
            [app, tabBar, screens, display, repository, mainList, mainListScreen,
             todoList.coordinator, todoList.screen, editTask.coordinator, editTask.screen, tasks.coordinator, tasks.screen,
             agenda.coordinator, agenda.screen, tasksEditTask.coordinator, tasksEditTask.screen]
        }
        /// What the tabs built: gone once the app finished, though the app itself is kept.
        var tabs: [AnyObject?] { [tabBar, screens] + everything.dropFirst(5) }
    }

    /// Builds the app the way the composition root does, opens EditTask for a task, and returns
    /// only weak references: when this returns, the owner has dropped it.
    private func buildAndDrop(unwinding: Bool) throws -> Built {
        let owner = try TestApp(tasks: [("Groceries", "milk")])
        let built = try track(owner)
        if unwinding { owner.screens.unwindToRoot() }
        return built
    }

    /// Opens EditTask for a task on the Lists tab and on the Tasks tab, and returns weak
    /// references to all `owner` built.
    private func track(_ owner: TestApp) throws -> Built {
        let built = Built()
        let milk = try owner.task(titled: "milk").id
        try owner.app.open(.editTask(milk))
        built.app = owner.app
        built.tabBar = try owner.tabBar()
        built.screens = owner.screens
        built.display = owner.display
        built.repository = owner.database.repository
        built.mainList = try owner.mainList()
        built.mainListScreen = owner.screens.stack.first as? MainListScreen
        built.todoList = try owner.trackTodoList()
        built.editTask = try owner.trackEditTask()
        try owner.app.open(.tab(.tasks))
        try owner.screens.send(.selectTask(milk))
        built.tasks = Tracked(coordinator: try owner.tabBar().coordinator(of: .tasks) as? AcrossListsCoordinator,
                              screen: owner.screens.stack.first as? AcrossListsScreen)
        built.tasksEditTask = Tracked(coordinator: built.tasks.coordinator?.childCoordinators.first as? EditTaskCoordinator,
                                      screen: owner.screens.presented as? EditTaskScreen)
        let agendaStack = try owner.tabBar().screens(of: .agenda)
        built.agenda = Tracked(coordinator: try owner.tabBar().coordinator(of: .agenda) as? AcrossListsCoordinator,
                               screen: agendaStack.stack.first as? AcrossListsScreen)
        #expect(built.everything.allSatisfy { $0 != nil }, "all of it is alive while the owner holds it")
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
        #expect(built.tasks.isReleased && built.agenda.isReleased && built.tasksEditTask.isReleased)
        #expect(built.display == nil)
        #expect(built.repository == nil, "nothing but the tree held the repository")
    }

    /// The end of a command or of `todo ui`: the app lives on, every tab's coordinators and
    /// screens (the open EditTasks too) finish and are released.
    @Test func finishingTheAppReleasesEveryTab() throws {
        let owner = try TestApp(tasks: [("Groceries", "milk")])
        let built = try track(owner)

        owner.app.finish()

        #expect(built.app != nil && built.repository != nil, "the owner keeps the app")
        #expect(built.tabs.allSatisfy { $0 == nil }, "every tab's coordinators and screens are gone")
        #expect(owner.app.childCoordinators.isEmpty)
        #expect(throws: NavigationError.noScreen) { try owner.app.screens.send(.showLists) }
    }

    @Test func theAppCoordinatorAloneKeepsItsTreeAlive() throws {
        weak var screens: ScreenStack?
        weak var mainList: MainListCoordinator?
        let database = try ScratchDatabase(lists: ["Groceries"])
        let app: AppCoordinator
        do {
            app = AppCoordinator(display: RecordingDisplay(), repository: database.repository, today: testToday)
            app.start()
            screens = app.screens
            mainList = app.tabBar?.coordinator(of: .lists) as? MainListCoordinator
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
        weak var tabBar: TabBarCoordinator?
        weak var mainList: MainListCoordinator?
        weak var todoList: TodoListCoordinator?

        do {
            let strongTabBar = TabBarCoordinator(display: screens.display, repository: repository, today: testToday)
            let strongMainList = MainListCoordinator(Dependencies(screens: screens, repository: repository, today: testToday))
            let strongTodoList = TodoListCoordinator(Dependencies(screens: screens, repository: repository, today: testToday))
            mainListChild.parentCoordinator = strongTabBar
            todoListChild.parentCoordinator = strongMainList
            editTaskChild.parentCoordinator = strongTodoList
            (tabBar, mainList, todoList) = (strongTabBar, strongMainList, strongTodoList)
        }

        #expect(tabBar == nil && mainListChild.parentCoordinator == nil)
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
