import TodoCore

/// Navigation from EditTask, presented modally over TodoList.
public final class EditTaskCoordinator: Coordinator {
    public var childCoordinators: [any Coordinator] = []
    public let navigator: Navigator
    public weak var parentCoordinator: TodoListCoordinator?
    private let repository: any TodoRepository

    public init(navigator: Navigator, repository: any TodoRepository) {
        self.navigator = navigator
        self.repository = repository
    }

    public func start(with task: TodoTask) {
        let screen = EditTaskScreen(task: task, repository: repository, display: navigator.display)
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
