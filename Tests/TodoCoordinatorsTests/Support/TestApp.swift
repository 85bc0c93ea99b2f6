import Testing
import TodoCoordinators
import TodoCore
import TodoTestSupport

/// What the composition root builds, over a real database of its own: one repository, a recording display, and a
/// started AppCoordinator (its TabBar on the Lists tab: MainList on screen).
final class TestApp {
    let database: ScratchDatabase
    var repository: any TodoRepository { database.repository }
    let display = RecordingDisplay()
    /// The screens of the tab on show.
    var screens: ScreenStack { app.screens }
    let app: AppCoordinator

    init(lists: [String] = [], tasks: [(list: String, title: String)] = []) throws {
        database = try ScratchDatabase(lists: lists, tasks: tasks)
        app = AppCoordinator(display: display, repository: database.repository, today: testToday)
        app.start()
    }

    /// The root coordinator's one child.
    func tabBar(sourceLocation: SourceLocation = #_sourceLocation) throws -> TabBarCoordinator {
        #expect(app.childCoordinators.count == 1, sourceLocation: sourceLocation)
        return try #require(app.childCoordinators.first as? TabBarCoordinator, sourceLocation: sourceLocation)
    }

    /// The Lists tab's root coordinator.
    func mainList(sourceLocation: SourceLocation = #_sourceLocation) throws -> MainListCoordinator {
        let tabBar = try tabBar(sourceLocation: sourceLocation)
        #expect(tabBar.childCoordinators.count == Tab.allCases.count, "one coordinator a tab", sourceLocation: sourceLocation)
        return try #require(tabBar.coordinator(of: .lists) as? MainListCoordinator, sourceLocation: sourceLocation)
    }

    /// The TodoList coordinators MainList keeps, in the order it started them.
    func todoLists(sourceLocation: SourceLocation = #_sourceLocation) throws -> [TodoListCoordinator] {
        let children = try mainList(sourceLocation: sourceLocation).childCoordinators
        let todoLists = children.compactMap { $0 as? TodoListCoordinator }
        #expect(todoLists.count == children.count, "MainList keeps only TodoLists", sourceLocation: sourceLocation)
        return todoLists
    }

    /// The one TodoList coordinator on screen.
    func todoList(sourceLocation: SourceLocation = #_sourceLocation) throws -> TodoListCoordinator {
        let todoLists = try todoLists(sourceLocation: sourceLocation)
        #expect(todoLists.count == 1, sourceLocation: sourceLocation)
        return try #require(todoLists.first, sourceLocation: sourceLocation)
    }

    /// The one EditTask coordinator on screen.
    func editTask(sourceLocation: SourceLocation = #_sourceLocation) throws -> EditTaskCoordinator {
        let children = try todoList(sourceLocation: sourceLocation).childCoordinators
        #expect(children.count == 1, sourceLocation: sourceLocation)
        return try #require(children.first as? EditTaskCoordinator, sourceLocation: sourceLocation)
    }

    /// The screen on top of the stack, as the type a test expects.
    func top<S: Screen>(_ type: S.Type, sourceLocation: SourceLocation = #_sourceLocation) throws -> S {
        try #require(screens.stack.last as? S, sourceLocation: sourceLocation)
    }

    /// The modal screen, as the type a test expects.
    func presented<S: Screen>(_ type: S.Type, sourceLocation: SourceLocation = #_sourceLocation) throws -> S {
        try #require(screens.presented as? S, sourceLocation: sourceLocation)
    }

    /// A task by title, from the repository.
    func task(titled title: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> TodoTask {
        try #require(repository.allTasks.first { $0.title == title }, sourceLocation: sourceLocation)
    }

    /// Selects a list on MainList and returns weak references to the TodoList it pushed; the
    /// strong ones end with this call, so only the app keeps them alive.
    func openList(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Tracked<TodoListCoordinator, TodoListScreen> {
        try screens.send(.selectList(name, creating: false))
        return try trackTodoList(sourceLocation: sourceLocation)
    }

    /// Weak references to the TodoList on screen, after checking it is wired the seeds' way.
    func trackTodoList(sourceLocation: SourceLocation = #_sourceLocation) throws -> Tracked<TodoListCoordinator, TodoListScreen> {
        let coordinator = try todoList(sourceLocation: sourceLocation)
        let screen = try top(TodoListScreen.self, sourceLocation: sourceLocation)
        let parent = try mainList(sourceLocation: sourceLocation)
        #expect(screen.coordinator === coordinator, sourceLocation: sourceLocation)
        #expect(coordinator.parentCoordinator === parent, sourceLocation: sourceLocation)
        return Tracked(coordinator: coordinator, screen: screen)
    }

    /// Weak references to the EditTask on screen, after checking it is wired the seeds' way.
    func trackEditTask(sourceLocation: SourceLocation = #_sourceLocation) throws -> Tracked<EditTaskCoordinator, EditTaskScreen> {
        let coordinator = try editTask(sourceLocation: sourceLocation)
        let screen = try presented(EditTaskScreen.self, sourceLocation: sourceLocation)
        let parent = try todoList(sourceLocation: sourceLocation)
        #expect(screen.coordinator === coordinator, sourceLocation: sourceLocation)
        #expect(coordinator.parentCoordinator === parent, sourceLocation: sourceLocation)
        return Tracked(coordinator: coordinator, screen: screen)
    }

    /// Only MainList is left: on the stack, with no children and nothing presented.
    func expectOnlyMainList(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let mainList = try mainList(sourceLocation: sourceLocation)
        #expect(mainList.childCoordinators.isEmpty, sourceLocation: sourceLocation)
        #expect(screens.stack.count == 1, sourceLocation: sourceLocation)
        #expect((screens.stack.first as? MainListScreen)?.coordinator === mainList, sourceLocation: sourceLocation)
        #expect(screens.presented == nil, sourceLocation: sourceLocation)
    }
}

/// A coordinator and its screen, held weakly, to prove both are gone once they left the screen.
struct Tracked<C: Coordinator, S: Screen> {
    weak var coordinator: C?
    weak var screen: S?

    var isReleased: Bool { coordinator == nil && screen == nil }
}

/// The day coordinator tests run on: a fixed one, so a repeating task's next due date is known.
let testDay = CivilDate(year: 2026, month: 11, day: 23)!
func testToday() -> CivilDate { testDay }
