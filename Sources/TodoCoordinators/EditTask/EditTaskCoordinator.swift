import TodoCore

/// Navigation from EditTask, presented modally over TodoList.
public final class EditTaskCoordinator: Coordinator {
    public var childCoordinators: [any Coordinator] = []
    public let navigator: Navigator
    public weak var parentCoordinator: TodoListCoordinator?
    private let repository: any TodoRepository
    private let today: Today

    public init(navigator: Navigator, repository: any TodoRepository, today: @escaping Today) {
        self.navigator = navigator
        self.repository = repository
        self.today = today
    }

    public func start(with task: TodoTask) {
        let screen = EditTaskScreen(task: task, repository: repository, display: navigator.display, today: today)
        screen.coordinator = self
        navigator.present(screen)
    }

    /// Leaves the screen: dismisses it unless it was dismissed already, and tells the parent.
    public func finish(shouldDismiss: Bool) {
        if shouldDismiss {
            navigator.dismiss { [weak self] in self?.parentCoordinator?.childDidFinish(self) }
        } else {
            parentCoordinator?.childDidFinish(self)
        }
    }
}
