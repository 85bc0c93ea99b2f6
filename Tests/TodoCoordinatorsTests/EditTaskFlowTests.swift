import Testing
import TodoCoordinators
import TodoCore
import TodoTestSupport

/// EditTask: one task's fields, presented modally over TodoList. Save and cancel finish it with a
/// dismiss; being dismissed from outside finishes it too.
@Suite struct EditTaskFlowTests {
    /// MainList → TodoList("Groceries") → EditTask("milk"), with weak references to both.
    private func editMilk(_ app: TestApp) throws -> (
        todoList: Tracked<TodoListCoordinator, TodoListScreen>, editTask: Tracked<EditTaskCoordinator, EditTaskScreen>
    ) {
        let todoList = try app.openList("Groceries")
        try app.screens.send(.selectTask(app.task(titled: "milk").id))
        let editTask = try app.trackEditTask()
        return (todoList, editTask)
    }

    @Test func saveWritesTheChangesRendersThemAndDismisses() throws {
        let app = try TestApp(tasks: [("Groceries", "milk"), ("Groceries", "eggs")])
        let before = try app.task(titled: "milk")
        let (todoList, editTask) = try editMilk(app)
        let due = try #require(Due(text: "2026-12-01T08:30"))

        try app.screens.send(.save(TaskChanges(title: "oat milk", notes: .set("2l"), due: .set(due), priority: .low)))

        let after = try #require(try app.repository.task(before.id))
        #expect(after.title == "oat milk" && after.notes == "2l" && after.due == due && after.priority == .low)
        #expect(after.listID == before.listID && after.createdAt == before.createdAt)
        #expect(app.display.shown == [.task(after, .updated)])
        #expect(try app.task(titled: "eggs").title == "eggs", "other tasks are left alone")

        #expect(app.screens.presented == nil)
        #expect(app.screens.visibleScreen === todoList.screen)
        #expect(todoList.coordinator?.childCoordinators.isEmpty == true)
        #expect(editTask.isReleased, "the finished EditTask coordinator and its screen are released")
        #expect(!todoList.isReleased, "TodoList stays under the dismissed modal")
    }

    @Test func saveCanMarkDoneAndMoveToANewList() throws {
        let app = try TestApp(tasks: [("Groceries", "milk")])
        let (_, editTask) = try editMilk(app)

        try app.screens.send(.save(TaskChanges(listName: "Dairy", isDone: true)))

        let moved = try app.task(titled: "milk")
        #expect(moved.isDone && moved.listName == "Dairy")
        #expect(try app.repository.list(named: "Dairy")?.doneCount == 1)
        #expect(try app.repository.list(named: "Groceries")?.openCount == 0)
        // The list made on the way is said (on stderr, from the command line), then the task.
        let dairy = try #require(try app.repository.list(named: "Dairy"))
        #expect(app.display.shown == [.listCreatedOnTheWay(dairy), .task(moved, .updated)])
        #expect(editTask.isReleased)
    }

    @Test func cancelDismissesWithoutWritingOrRendering() throws {
        let app = try TestApp(tasks: [("Groceries", "milk")])
        let before = app.repository.allTasks
        let (todoList, editTask) = try editMilk(app)

        try app.screens.send(.cancel)

        #expect(app.repository.allTasks == before)
        #expect(app.display.shown.isEmpty)
        #expect(app.screens.presented == nil)
        #expect(todoList.coordinator?.childCoordinators.isEmpty == true)
        #expect(editTask.isReleased)
        #expect(!todoList.isReleased)
    }

    @Test func dismissedFromOutsideEditTaskFinishesItsCoordinator() throws {
        let app = try TestApp(tasks: [("Groceries", "milk")])
        let (todoList, editTask) = try editMilk(app)

        app.screens.dismissFromOutside()

        #expect(app.screens.presented == nil)
        #expect(todoList.coordinator?.childCoordinators.isEmpty == true)
        #expect(editTask.isReleased)
        #expect(app.screens.visibleScreen === todoList.screen)
    }

    @Test func aFailedSaveKeepsEditTaskOpenAndWritesNothing() throws {
        let app = try TestApp(tasks: [("Groceries", "milk")])
        let milk = try app.task(titled: "milk")
        let (_, editTask) = try editMilk(app)
        // Another process deleted the task while it was being edited.
        _ = try app.repository.deleteTask(milk.id, in: milk.listID)

        #expect(throws: TodoError.taskNotFound(milk.id)) {
            try app.screens.send(.save(TaskChanges(title: "oat milk")))
        }

        #expect(app.display.shown.isEmpty)
        #expect(!editTask.isReleased)
        #expect(app.screens.presented === editTask.screen)
    }

    @Test func presentingAnotherTaskFinishesTheFirstEditTask() throws {
        let app = try TestApp(tasks: [("Groceries", "milk"), ("Groceries", "eggs")])
        let (todoList, first) = try editMilk(app)

        try #require(todoList.coordinator).showEditTask(app.task(titled: "eggs"))

        #expect(first.isReleased)
        let second = try app.trackEditTask()
        #expect(second.screen?.task.title == "eggs")
    }

    @Test(arguments: [
        ViewEvent.showLists, .selectList("Groceries", creating: false), .addTask(TaskDraft(title: "x")),
        .setDone(1, true), .deleteTask(1), .selectTask(1), .showTasks(TaskQuery()), .back,
    ])
    func editTaskRefusesEventsOfOtherScreens(event: ViewEvent) throws {
        let app = try TestApp(tasks: [("Groceries", "milk")])
        let before = app.repository.allTasks
        let (_, editTask) = try editMilk(app)

        expectRefused(event, by: "EditTaskScreen", in: app.screens)

        #expect(app.screens.presented === editTask.screen)
        #expect(app.repository.allTasks == before)
        #expect(app.display.shown.isEmpty)
    }

    @Test func unwindingAtTheEndOfACommandFinishesEverything() throws {
        let app = try TestApp(tasks: [("Groceries", "milk")])
        let (todoList, editTask) = try editMilk(app)

        app.screens.unwindToRoot()

        try app.expectOnlyMainList()
        #expect(todoList.isReleased)
        #expect(editTask.isReleased)
    }
}
