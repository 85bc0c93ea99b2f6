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

    /// Sends `event` to the visible screen as one change: one write, recorded in the history as
    /// `command` (a full-screen view's key; a command line's plan makes its own write).
    public func change(_ event: ViewEvent, recording command: String) throws {
        try repository.write(dryRun: false, recording: command) { try screens.send(event) }
    }

    /// A number that moves when another process changed the data: how a view that stays open
    /// knows to read again (`TodoRepository.dataVersion`).
    public func dataVersion() throws -> Int64 {
        try repository.dataVersion()
    }

    /// How many lists come before list `id` by name; nil when there is no such list.
    public func listPosition(of id: TodoList.ID) throws -> Int? {
        try repository.listPosition(of: id)
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
