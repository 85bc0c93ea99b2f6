import TodoCore

/// The root coordinator, built by the composition root with the one repository: it starts
/// MainList and resolves deep links by walking the coordinators down to the wanted screen.
public final class AppCoordinator: Coordinator {
    public var childCoordinators: [any Coordinator] = []
    private let dependencies: Dependencies
    public var screens: ScreenStack { dependencies.screens }
    private var repository: any TodoRepository { dependencies.repository }

    /// `today`: the local date now, for what counts from it (a repeating task's next due date).
    public init(screens: ScreenStack, repository: any TodoRepository, today: @escaping Today) {
        dependencies = Dependencies(screens: screens, repository: repository, today: today)
    }

    /// Puts MainList on screen.
    public func start() {
        let mainList = MainListCoordinator(dependencies)
        mainList.parentCoordinator = self
        childCoordinators.append(mainList)
        mainList.start()
    }

    /// Shows the screen a deep link names, from MainList down; `TodoError.taskNotFound` when the
    /// task does not exist.
    public func open(_ link: DeepLink) throws {
        guard let mainList = childCoordinators.lazy.compactMap({ $0 as? MainListCoordinator }).first else {
            throw NavigationError.noScreen
        }
        switch link {
        case .editTask(let id), .listOfTask(let id):
            guard let task = try repository.task(id), let list = try repository.list(named: task.listName) else {
                throw TodoError.taskNotFound(id)
            }
            // Start from MainList, as the user would: whatever was open before finishes first.
            screens.unwindToRoot()
            let todoList = mainList.showTodoList(list)
            if case .editTask = link { todoList.showEditTask(task) }
        }
    }
}
