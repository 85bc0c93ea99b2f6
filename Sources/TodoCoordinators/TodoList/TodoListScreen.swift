import TodoCore

/// One list's tasks. Adds, completes and deletes them itself; asks its coordinator to open a
/// task or to go back.
public final class TodoListScreen: Screen {
    public weak var coordinator: TodoListCoordinator?
    /// As read when the screen opened, or since (`reloadList`).
    public private(set) var list: TodoList
    private let repository: any TodoRepository
    private let display: any Display
    private let today: Today

    public var showing: Showing { .tasks(of: list) }

    public init(list: TodoList, repository: any TodoRepository, display: any Display, today: @escaping Today) {
        self.list = list
        self.repository = repository
        self.display = display
        self.today = today
    }

    public func handle(_ event: ViewEvent) throws {
        switch event {
        case .showTasks(let query):
            try display.showTasks(.list(list, query)) { each in try repository.forEachTask(in: list.id, matching: query, each) }
        case .reloadList:
            guard let now = try repository.list(id: list.id) else { throw TodoError.listGone(list.id) }
            list = now
        case .showMatches(var search):
            search.list = list.id
            try display.showTasks(.search) { each in try repository.forEachTask(matching: search, each) }
        case .addTask(let draft):
            try display.show(repository.addTask(draft, to: list.id), .added)
        case .setDone(let id, let done):
            try TaskEvents.setDone(done, task: id, in: list.id, today: today(), repository, display)
        case .deleteTask(let id):
            try display.show(repository.deleteTask(id, in: list.id), .deleted)
        case .selectTask(let id):
            coordinator?.showEditTask(try ownTask(id))
        case .showTask(let id):
            let task = try ownTask(id)
            try display.showTasks(.details) { each in try each(task) }
        case .back:
            coordinator?.finish(shouldPop: true)
        case .undo, .redo:
            try HistoryEvents.handle(event, repository, display)
        default:
            throw unexpected(event)
        }
    }

    /// One of this list's tasks; another list's task is as good as missing here.
    private func ownTask(_ id: TodoTask.ID) throws -> TodoTask {
        guard let task = try repository.task(id), task.listID == list.id else { throw TodoError.taskNotFound(id) }
        return task
    }

    public func didLeave(_ departure: ScreenStack.Departure) {
        if departure == .popped { coordinator?.finish(shouldPop: false) }
    }
}
