import TodoCore

/// Navigation from the root of the Tasks tab or of the Agenda tab (the tasks of every list): it
/// presents EditTask.
public final class AcrossListsCoordinator: TabRoot, EditTaskPresenting {
    public var childCoordinators: [any Coordinator] = []
    public weak var parentCoordinator: TabBarCoordinator?
    public let dependencies: Dependencies
    /// `.openTasks` (the Tasks tab) or `.agenda`.
    private let showing: Showing
    public var screens: ScreenStack { dependencies.screens }

    public init(_ dependencies: Dependencies, showing: Showing) {
        self.dependencies = dependencies
        self.showing = showing
    }

    public func start() {
        let screen = AcrossListsScreen(showing: showing, repository: dependencies.repository, display: screens.display,
                                       today: dependencies.today)
        screen.coordinator = self
        screens.push(screen)
    }
}
