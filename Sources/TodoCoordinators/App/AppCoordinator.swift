import TodoCore

/// The root coordinator, built by the composition root with the one repository: it starts the
/// TabBar (a tab each for Lists, Tasks and Agenda) and resolves deep links by walking the
/// coordinators down to the wanted screen.
public final class AppCoordinator: Coordinator {
    public var childCoordinators: [any Coordinator] = []
    private let display: any Display
    private let repository: any TodoRepository
    private let today: Today
    /// What events meet before `start` and after `finish`: no screen at all.
    private lazy var noScreens = ScreenStack(display: display)

    /// `display`: where every tab's screens render. `today`: the local date now, for what counts
    /// from it (a repeating task's next due date).
    public init(display: any Display, repository: any TodoRepository, today: @escaping Today) {
        self.display = display
        self.repository = repository
        self.today = today
    }

    /// The TabBar while it is started.
    public var tabBar: TabBarCoordinator? {
        childCoordinators.lazy.compactMap { $0 as? TabBarCoordinator }.first
    }

    /// The screens of the tab on show: where view events go.
    public var screens: ScreenStack { tabBar?.screens ?? noScreens }

    /// Starts the TabBar, with the Lists tab on show.
    public func start() {
        let tabBar = TabBarCoordinator(display: display, repository: repository, today: today)
        tabBar.parentCoordinator = self
        childCoordinators.append(tabBar)
        tabBar.start()
    }

    /// The user is done (the end of a command, or of `todo ui`): every tab's screens leave and
    /// their coordinators finish, so the whole tree is released.
    public func finish() {
        tabBar?.finish()
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

    /// Task `id` as it is now; nil when there is none (a view that stays open asks whether what
    /// it shows still is).
    public func task(_ id: TodoTask.ID) throws -> TodoTask? {
        try repository.task(id)
    }

    /// The id of the task a command names (by id, or by uuid: `TodoRepository.taskID`).
    public func taskID(_ task: TaskReference) throws -> TodoTask.ID {
        try repository.taskID(task)
    }

    /// How many lists come before list `id` by name; nil when there is no such list.
    public func listPosition(of id: TodoList.ID) throws -> Int? {
        try repository.listPosition(of: id)
    }

    /// Shows the screen a deep link names: a tab as it was left, or, on the Lists tab, a task's
    /// list from MainList down; `TodoError.taskNotFound` when the task does not exist.
    public func open(_ link: DeepLink) throws {
        guard let tabBar, let mainList = tabBar.coordinator(of: .lists) as? MainListCoordinator else {
            throw NavigationError.noScreen
        }
        switch link {
        case .tab(let tab):
            tabBar.select(tab)
        case .editTask(let id):
            guard let task = try repository.task(id), let list = try repository.list(id: task.listID) else {
                throw TodoError.taskNotFound(id)
            }
            showTodoList(list, on: tabBar, from: mainList).showEditTask(task)
        case .listOfTask(let id):
            // The list alone, in one read: its screen reads the task itself, in the write.
            guard let list = try repository.list(ofTask: id) else { throw TodoError.taskNotFound(id) }
            showTodoList(list, on: tabBar, from: mainList)
        }
    }

    /// Starts from MainList, as the user would (whatever was open before finishes first), and
    /// opens `list`.
    @discardableResult
    private func showTodoList(_ list: TodoList, on tabBar: TabBarCoordinator, from mainList: MainListCoordinator) -> TodoListCoordinator {
        tabBar.select(.lists)
        screens.unwindToRoot()
        return mainList.showTodoList(list)
    }
}
