import TodoCore

/// Navigation from EditTask, presented modally over the screen that opened a task (TodoList,
/// Tasks, Agenda).
public final class EditTaskCoordinator: Coordinator {
    public var childCoordinators: [any Coordinator] = []
    public weak var parentCoordinator: (any Coordinator)?
    private let dependencies: Dependencies
    public var screens: ScreenStack { dependencies.screens }
    private var repository: any TodoRepository { dependencies.repository }

    public init(_ dependencies: Dependencies) {
        self.dependencies = dependencies
    }

    public func start(with task: TodoTask) {
        let screen = EditTaskScreen(task: task, repository: repository, display: screens.display, today: dependencies.today)
        screen.coordinator = self
        screens.present(screen)
    }

    /// Leaves the screen: dismisses it unless it was dismissed already, and tells the parent.
    public func finish(shouldDismiss: Bool) {
        if shouldDismiss {
            screens.dismiss { [weak self] in self?.parentCoordinator?.childDidFinish(self) }
        } else {
            parentCoordinator?.childDidFinish(self)
        }
    }
}
