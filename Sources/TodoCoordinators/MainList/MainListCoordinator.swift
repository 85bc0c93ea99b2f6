import TodoCore

/// Navigation from MainList: the root screen, so it never finishes.
public final class MainListCoordinator: Coordinator {
    public var childCoordinators: [any Coordinator] = []
    public let navigator: Navigator
    public weak var parentCoordinator: AppCoordinator?
    private let repository: any TodoRepository
    private let today: Today

    public init(navigator: Navigator, repository: any TodoRepository, today: @escaping Today) {
        self.navigator = navigator
        self.repository = repository
        self.today = today
    }

    public func start() {
        let screen = MainListScreen(repository: repository, display: navigator.display)
        screen.coordinator = self
        navigator.push(screen)
    }

    /// Pushes a list's TodoList screen and keeps its coordinator while it is shown.
    @discardableResult
    public func showTodoList(_ list: TodoList) -> TodoListCoordinator {
        let todoList = TodoListCoordinator(navigator: navigator, repository: repository, today: today)
        todoList.parentCoordinator = self
        childCoordinators.append(todoList)
        todoList.start(with: list)
        return todoList
    }
}
