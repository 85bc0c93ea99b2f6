import TodoCore

/// Navigation from MainList: the root of the Lists tab, so it never finishes.
public final class MainListCoordinator: TabRoot {
    public var childCoordinators: [any Coordinator] = []
    public weak var parentCoordinator: TabBarCoordinator?
    private let dependencies: Dependencies
    public var screens: ScreenStack { dependencies.screens }
    private var repository: any TodoRepository { dependencies.repository }

    public init(_ dependencies: Dependencies) {
        self.dependencies = dependencies
    }

    public func start() {
        let screen = MainListScreen(repository: repository, display: screens.display)
        screen.coordinator = self
        screens.push(screen)
    }

    /// Pushes a list's TodoList screen and keeps its coordinator while it is shown.
    @discardableResult
    public func showTodoList(_ list: TodoList) -> TodoListCoordinator {
        let todoList = TodoListCoordinator(dependencies)
        todoList.parentCoordinator = self
        childCoordinators.append(todoList)
        todoList.start(with: list)
        return todoList
    }
}
