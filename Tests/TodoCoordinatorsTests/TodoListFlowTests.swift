import Testing
import TodoCoordinators
import TodoCore
import TodoTestSupport

/// TodoList: one list's tasks, pushed by MainList. It edits tasks itself, asks its coordinator to
/// present EditTask, and leaves by `.back` or by being popped from outside.
@Suite struct TodoListFlowTests {
    @Test func addTaskWritesToTheListAndRendersTheNewTask() throws {
        let app = try TestApp(lists: ["Groceries", "Work"])
        let tracked = try app.openList("Groceries")
        let due = try #require(Due(text: "2026-11-22"))

        try app.screens.send(.addTask(TaskDraft(title: "oat milk", notes: "2l", due: due, priority: .high)))

        let task = try app.task(titled: "oat milk")
        #expect(task.listName == "Groceries")
        #expect(task.notes == "2l" && task.due == due && task.priority == .high && !task.isDone)
        #expect(app.display.shown == [.task(task, .added)])
        #expect(try app.repository.list(named: "Groceries")?.openCount == 1)
        #expect(try app.repository.list(named: "Work")?.openCount == 0)
        #expect(!tracked.isReleased, "adding a task leaves TodoList on screen")

        app.screens.unwindToRoot()
        try app.expectOnlyMainList()
        #expect(tracked.isReleased)
    }

    @Test func showTasksRendersOnlyThisListsOpenTasksUnlessDoneAreAsked() throws {
        let app = try TestApp(tasks: [("Groceries", "milk"), ("Work", "report"), ("Groceries", "eggs")])
        let eggs = try app.task(titled: "eggs")
        _ = try app.openList("Groceries")
        try app.screens.send(.setDone(eggs.id, true))

        try app.screens.send(.showTasks(TaskQuery()))
        try app.screens.send(.showTasks(TaskQuery(includeDone: true)))

        let list = try app.top(TodoListScreen.self).list
        let shownTasks = app.display.shown.compactMap { shown -> [String]? in
            guard case .tasks(let of, let tasks) = shown else { return nil }
            #expect(of == list)
            return tasks.map(\.title)
        }
        #expect(shownTasks == [["milk"], ["milk", "eggs"]])
    }

    @Test func setDoneCompletesAndReopensATask() throws {
        let app = try TestApp(tasks: [("Groceries", "milk")])
        let milk = try app.task(titled: "milk")
        _ = try app.openList("Groceries")

        try app.screens.send(.setDone(milk.id, true))
        let done = try app.task(titled: "milk")
        try app.screens.send(.setDone(milk.id, false))
        let reopened = try app.task(titled: "milk")

        #expect(done.isDone && done.completedAt != nil)
        #expect(!reopened.isDone && reopened.completedAt == nil)
        #expect(app.display.shown == [.task(done, .completed), .task(reopened, .reopened)])
        let tracked = try app.trackTodoList()

        app.screens.unwindToRoot()
        try app.expectOnlyMainList()
        #expect(tracked.isReleased)
    }

    @Test func setDoneOnAnotherListsTaskIsTaskNotFound() throws {
        let app = try TestApp(tasks: [("Groceries", "milk"), ("Work", "report")])
        let report = try app.task(titled: "report")
        _ = try app.openList("Groceries")

        #expect(throws: TodoError.taskNotFound(report.id)) { try app.screens.send(.setDone(report.id, true)) }

        #expect(try app.task(titled: "report") == report)
        #expect(app.display.shown.isEmpty)
    }

    @Test func deleteTaskRemovesItAndRendersItAsItWas() throws {
        let app = try TestApp(tasks: [("Groceries", "milk"), ("Groceries", "eggs")])
        let milk = try app.task(titled: "milk")
        _ = try app.openList("Groceries")

        try app.screens.send(.deleteTask(milk.id))

        #expect(app.display.shown == [.task(milk, .deleted)])
        #expect(try app.repository.task(milk.id) == nil)
        #expect(try app.repository.list(named: "Groceries")?.openCount == 1)
        let tracked = try app.trackTodoList()

        app.screens.unwindToRoot()
        try app.expectOnlyMainList()
        #expect(tracked.isReleased)
    }

    @Test func deletingAMissingTaskIsTaskNotFound() throws {
        let app = try TestApp(tasks: [("Groceries", "milk"), ("Work", "report")])
        let report = try app.task(titled: "report")
        _ = try app.openList("Groceries")

        #expect(throws: TodoError.taskNotFound(999)) { try app.screens.send(.deleteTask(999)) }
        #expect(throws: TodoError.taskNotFound(report.id)) { try app.screens.send(.deleteTask(report.id)) }
        #expect(app.repository.allTasks.count == 2)
    }

    @Test func selectTaskPresentsEditTaskOverTheList() throws {
        let app = try TestApp(tasks: [("Groceries", "milk")])
        let milk = try app.task(titled: "milk")
        let todoList = try app.openList("Groceries")

        try app.screens.send(.selectTask(milk.id))

        let editTask = try app.trackEditTask()
        #expect(editTask.screen?.task == milk)
        #expect(app.screens.visibleScreen === editTask.screen)
        #expect(app.screens.stack.count == 2, "a modal does not go on the stack")
        #expect(app.screens.stack.last === todoList.screen)
        #expect(app.display.shown.isEmpty)
    }

    @Test func selectingATaskOfAnotherListIsTaskNotFound() throws {
        let app = try TestApp(tasks: [("Groceries", "milk"), ("Work", "report")])
        let report = try app.task(titled: "report")
        let todoList = try app.openList("Groceries")

        #expect(throws: TodoError.taskNotFound(report.id)) { try app.screens.send(.selectTask(report.id)) }
        #expect(throws: TodoError.taskNotFound(999)) { try app.screens.send(.selectTask(999)) }

        #expect(app.screens.presented == nil)
        #expect(todoList.coordinator?.childCoordinators.isEmpty == true)
    }

    @Test func backPopsTheListAndMainListForgetsItsCoordinator() throws {
        let app = try TestApp(lists: ["Groceries"])
        let tracked = try app.openList("Groceries")

        try app.screens.send(.back)

        try app.expectOnlyMainList()
        #expect(tracked.coordinator == nil, "the finished TodoList coordinator is released")
        #expect(tracked.screen == nil, "the popped TodoList screen is released")
    }

    @Test func poppedFromOutsideTheListFinishesItsCoordinator() throws {
        let app = try TestApp(lists: ["Groceries"])
        let tracked = try app.openList("Groceries")

        app.screens.popFromOutside()

        try app.expectOnlyMainList()
        #expect(tracked.coordinator == nil)
        #expect(tracked.screen == nil)
    }

    @Test func popFromOutsideNeverRemovesMainList() throws {
        let app = try TestApp(lists: ["Groceries"])
        app.screens.popFromOutside()
        app.screens.popFromOutside()
        try app.expectOnlyMainList()
        _ = try app.openList("Groceries")
    }

    @Test func poppedFromOutsideWithEditTaskOpenTheModalGoesFirst() throws {
        let app = try TestApp(tasks: [("Groceries", "milk")])
        let todoList = try app.openList("Groceries")
        try app.screens.send(.selectTask(app.task(titled: "milk").id))
        let editTask = try app.trackEditTask()

        app.screens.popFromOutside()

        try app.expectOnlyMainList()
        #expect(todoList.isReleased)
        #expect(editTask.isReleased, "no EditTask is left over a list that is gone")
    }

    @Test func finishingTheListWithEditTaskOpenDismissesItFirst() throws {
        let app = try TestApp(tasks: [("Groceries", "milk")])
        let todoList = try app.openList("Groceries")
        try app.screens.send(.selectTask(app.task(titled: "milk").id))
        let editTask = try app.trackEditTask()

        todoList.coordinator?.finish(shouldPop: true)

        try app.expectOnlyMainList()
        #expect(todoList.isReleased)
        #expect(editTask.isReleased)
    }

    @Test(arguments: [
        ViewEvent.showLists, .selectList("Groceries", creating: true), .addList("x"), .renameList("Groceries", to: "y"),
        .deleteList("Groceries", force: true), .save(TaskChanges(title: "x")), .cancel,
    ])
    func todoListRefusesEventsOfOtherScreens(event: ViewEvent) throws {
        let app = try TestApp(tasks: [("Groceries", "milk")])
        let tracked = try app.openList("Groceries")

        expectRefused(event, by: "TodoListScreen", in: app.screens)

        #expect(app.display.shown.isEmpty)
        #expect(try app.repository.list(named: "Groceries")?.openCount == 1)
        #expect(try app.todoList() === tracked.coordinator)
    }
}
