import TodoCore

/// The seeds' TabBar under the AppCoordinator: one child coordinator per tab, each over a screen
/// stack of its own, so switching away and back finds a tab as it was left.
public final class TabBarCoordinator: Coordinator {
    public var childCoordinators: [any Coordinator] = []
    public weak var parentCoordinator: AppCoordinator?
    public private(set) var selectedTab: Tab = .lists
    /// Each tab's stack, in `Tab.allCases` order.
    private let stacks: [ScreenStack]
    private let repository: any TodoRepository
    private let today: Today

    /// The stack of the tab on show: where events go.
    public var screens: ScreenStack { screens(of: selectedTab) }

    public init(display: any Display, repository: any TodoRepository, today: @escaping Today) {
        stacks = Tab.allCases.map { _ in ScreenStack(display: display) }
        self.repository = repository
        self.today = today
    }

    public func screens(of tab: Tab) -> ScreenStack {
        stacks[Tab.allCases.firstIndex(of: tab) ?? 0]
    }

    /// Starts every tab's coordinator, each putting its root screen on its own stack (the
    /// seeds' `showMainFlow`). A root screen reads nothing until an event asks it to.
    public func start() {
        for tab in Tab.allCases {
            let dependencies = Dependencies(screens: screens(of: tab), repository: repository, today: today)
            let child: any TabRoot = switch tab {
            case .lists: MainListCoordinator(dependencies)
            case .tasks: AcrossListsCoordinator(dependencies, showing: .openTasks)
            case .agenda: AcrossListsCoordinator(dependencies, showing: .agenda)
            }
            child.parentCoordinator = self
            childCoordinators.append(child)
            child.start()
        }
    }

    public func select(_ tab: Tab) {
        selectedTab = tab
    }

    /// The coordinator at the root of `tab`.
    public func coordinator(of tab: Tab) -> (any Coordinator)? {
        childCoordinators.first { $0.screens === screens(of: tab) }
    }

    /// Leaves every tab: each stack unwinds to its root (so the coordinators above finish as
    /// when the user leaves), then the tabs' coordinators and this one are let go.
    public func finish() {
        for stack in stacks { stack.unwindToRoot() }
        childCoordinators.removeAll()
        parentCoordinator?.childDidFinish(self)
    }
}

/// A tab's root coordinator: started by the TabBar, which it tells nothing (a root never
/// finishes on its own).
public protocol TabRoot: Coordinator {
    var parentCoordinator: TabBarCoordinator? { get set }
    func start()
}
