import TodoCore

/// Navigation from one list's TodoList screen, pushed by MainList.
public final class TodoListCoordinator: Coordinator {
    public var childCoordinators: [any Coordinator] = []
    public weak var parentCoordinator: MainListCoordinator?
    private let dependencies: Dependencies
    public var screens: ScreenStack { dependencies.screens }
    private var repository: any TodoRepository { dependencies.repository }

    public init(_ dependencies: Dependencies) {
        self.dependencies = dependencies
    }

    public func start(with list: TodoList) {
        let screen = TodoListScreen(list: list, repository: repository, display: screens.display, today: dependencies.today)
        screen.coordinator = self
        screens.push(screen)
    }

    /// Presents EditTask for one of this list's tasks.
    @discardableResult
    public func showEditTask(_ task: TodoTask) -> EditTaskCoordinator {
        let editTask = EditTaskCoordinator(dependencies)
        editTask.parentCoordinator = self
        childCoordinators.append(editTask)
        editTask.start(with: task)
        return editTask
    }

    /// Leaves the screen: pops it unless it was popped already, and tells the parent.
    public func finish(shouldPop: Bool) {
        if shouldPop {
            screens.dismissFromOutside()  // an open EditTask goes first, finishing its coordinator
            screens.pop()
        }
        parentCoordinator?.childDidFinish(self)
    }
}
