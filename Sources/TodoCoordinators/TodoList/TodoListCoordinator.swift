import TodoCore

/// Navigation from one list's TodoList screen, pushed by MainList.
public final class TodoListCoordinator: EditTaskPresenting {
    public var childCoordinators: [any Coordinator] = []
    public weak var parentCoordinator: MainListCoordinator?
    public let dependencies: Dependencies
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

    /// Leaves the screen: pops it unless it was popped already, and tells the parent.
    public func finish(shouldPop: Bool) {
        if shouldPop {
            screens.dismissFromOutside()  // an open EditTask goes first, finishing its coordinator
            screens.pop()
        }
        parentCoordinator?.childDidFinish(self)
    }
}
