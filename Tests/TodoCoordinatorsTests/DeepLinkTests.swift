import Testing
import TodoCoordinators
import TodoCore
import TodoTestSupport

/// Deep links (`todo edit 42`, `todo done 42`): the AppCoordinator walks MainList → TodoList
/// (→ EditTask) for a task id, finishing whatever was open before.
@Suite struct DeepLinkTests {
    @Test func editTaskLinkBuildsTheScreensDownToTheTask() throws {
        let app = try TestApp(tasks: [("Groceries", "milk"), ("Work", "report")])
        let report = try app.task(titled: "report")

        try app.app.open(.editTask(report.id))

        #expect(app.screens.stack.count == 2)
        #expect(app.screens.stack.first is MainListScreen)
        #expect(try app.top(TodoListScreen.self).list.name == "Work")
        let editTask = try app.trackEditTask()
        _ = try app.trackTodoList()
        #expect(editTask.screen?.task == report)
        #expect(app.screens.visibleScreen === editTask.screen)
        #expect(app.display.shown.isEmpty, "opening a link renders nothing by itself")
    }

    @Test func editTaskLinkThenSaveThenUnwindLeavesOnlyMainList() throws {
        let app = try TestApp(tasks: [("Work", "report")])
        let report = try app.task(titled: "report")
        try app.app.open(.editTask(report.id))
        let todoList = try app.trackTodoList()
        let editTask = try app.trackEditTask()

        try app.screens.send(.save(TaskChanges(isDone: true)))

        let done = try #require(try app.repository.task(report.id))
        #expect(done.isDone)
        #expect(app.display.shown == [.task(done, .updated)])
        #expect(editTask.isReleased, "EditTask finished with a dismiss and left its parent")
        #expect(todoList.coordinator?.childCoordinators.isEmpty == true)

        app.screens.unwindToRoot()
        try app.expectOnlyMainList()
        #expect(todoList.isReleased)
    }

    @Test func listOfTaskLinkShowsTheListWithNothingPresented() throws {
        let app = try TestApp(tasks: [("Groceries", "milk"), ("Work", "report")])
        let milk = try app.task(titled: "milk")

        try app.app.open(.listOfTask(milk.id))

        let todoList = try app.trackTodoList()
        #expect(todoList.screen?.list.name == "Groceries")
        #expect(todoList.coordinator?.childCoordinators.isEmpty == true)
        #expect(app.screens.presented == nil)

        try app.screens.send(.setDone(milk.id, true))
        let done = try app.task(titled: "milk")
        #expect(done.isDone)
        #expect(app.display.shown == [.task(done, .completed)])
    }

    @Test func aSecondLinkFinishesTheFirstTodoListAndItsEditTask() throws {
        let app = try TestApp(tasks: [("Groceries", "milk"), ("Work", "report")])
        try app.app.open(.editTask(app.task(titled: "milk").id))
        let firstList = try app.trackTodoList()
        let firstEdit = try app.trackEditTask()

        try app.app.open(.listOfTask(app.task(titled: "report").id))

        #expect(firstList.isReleased, "the first TodoList finished and was released")
        #expect(firstEdit.isReleased, "the EditTask over it finished first")
        let secondList = try app.trackTodoList()  // exactly one TodoList child is left
        #expect(secondList.screen?.list.name == "Work")
        #expect(app.screens.stack.count == 2)
        #expect(app.screens.presented == nil)
    }

    @Test func linkingTwiceToTheSameListStillReplacesTheScreens() throws {
        let app = try TestApp(tasks: [("Groceries", "milk"), ("Groceries", "eggs")])
        try app.app.open(.listOfTask(app.task(titled: "milk").id))
        let first = try app.trackTodoList()

        try app.app.open(.listOfTask(app.task(titled: "eggs").id))

        #expect(first.isReleased)
        let second = try app.trackTodoList()
        #expect(second.screen?.list.name == "Groceries")
        #expect(app.screens.stack.count == 2)
    }

    @Test func aCommandOverSeveralTasksRunsLinkAfterLink() throws {
        // `todo done 1 3`: open the task's list, complete it, for each id in turn.
        let app = try TestApp(tasks: [("Groceries", "milk"), ("Groceries", "eggs"), ("Work", "report")])
        let ids = [try app.task(titled: "milk").id, try app.task(titled: "report").id]

        for id in ids {
            try app.app.open(.listOfTask(id))
            #expect(try app.todoLists().count == 1)
            try app.screens.send(.setDone(id, true))
        }
        app.screens.unwindToRoot()

        let rendered = app.display.shown.compactMap { shown -> TodoTask.ID? in
            guard case .task(let task, .completed) = shown else { return nil }
            return task.id
        }
        #expect(rendered == ids)
        #expect(app.repository.allTasks.filter(\.isDone).map(\.id) == ids)
        try app.expectOnlyMainList()
    }

    @Test(arguments: [DeepLink.editTask(404), .listOfTask(404)])
    func aLinkToAMissingTaskIsTaskNotFoundAndChangesNothing(link: DeepLink) throws {
        let app = try TestApp(tasks: [("Groceries", "milk")])
        let open = try app.openList("Groceries")

        #expect(throws: TodoError.taskNotFound(404)) { try app.app.open(link) }

        #expect(!open.isReleased, "a refused link leaves the screens as they were")
        #expect(try app.todoList() === open.coordinator)
        #expect(app.screens.presented == nil)
    }

    @Test func aLinkBeforeStartIsNoScreen() throws {
        let database = try ScratchDatabase(tasks: [("Groceries", "milk")])
        let repository: any TodoRepository = database.repository
        let app = AppCoordinator(display: RecordingDisplay(), repository: repository, today: testToday)

        #expect(throws: NavigationError.noScreen) { try app.open(.editTask(1)) }
        #expect(throws: NavigationError.noScreen) { try app.open(.tab(.tasks)) }
        #expect(app.screens.stack.isEmpty)
    }

    @Test func anEventWithNoScreenIsNoScreen() {
        let screens = ScreenStack(display: RecordingDisplay())
        #expect(throws: NavigationError.noScreen) { try screens.send(.showLists) }
    }

    @Test func navigationErrorsReadAsOneLineNamingWhatWentWrong() {
        let unexpected = NavigationError.unexpectedEvent("back", screen: "MainListScreen")
        #expect(unexpected.description.contains("MainListScreen") && unexpected.description.contains("back"))
        #expect(!unexpected.description.contains("\n"))
        #expect(!NavigationError.noScreen.description.contains("\n"))
        #expect(NavigationError.noScreen.description.contains("no screen"))
    }
}
