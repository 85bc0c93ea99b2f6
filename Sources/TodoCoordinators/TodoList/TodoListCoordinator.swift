import TodoCore

/// Navigation from one list's TodoList screen, pushed by MainList.
public final class TodoListCoordinator: Coordinator {
    public var childCoordinators: [any Coordinator] = []
    public let navigator: Navigator
    public weak var parentCoordinator: MainListCoordinator?
    private let repository: any TodoRepository
    private let today: Today

    public init(navigator: Navigator, repository: any TodoRepository, today: @escaping Today) {
        self.navigator = navigator
        self.repository = repository
        self.today = today
    }

    public func start(with list: TodoList) {
        let screen = TodoListScreen(list: list, repository: repository, display: navigator.display, today: today)
        screen.coordinator = self
        navigator.push(screen)
    }

    /// Presents EditTask for one of this list's tasks.
    @discardableResult
    public func showEditTask(_ task: TodoTask) -> EditTaskCoordinator {
        let editTask = EditTaskCoordinator(navigator: navigator, repository: repository, today: today)
        editTask.parentCoordinator = self
        childCoordinators.append(editTask)
        editTask.start(with: task)
        return editTask
    }

    /// Leaves the screen: pops it unless it was popped already, and tells the parent.
    public func finish(shouldPop: Bool) {
        if shouldPop {
            navigator.dismissFromOutside()  // an open EditTask goes first, finishing its coordinator
            navigator.pop()
        }
        parentCoordinator?.childDidFinish(self)
    }
}
