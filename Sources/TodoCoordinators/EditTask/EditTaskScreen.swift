import TodoCore

/// One task's fields. Saves changes through the repository, then closes.
public final class EditTaskScreen: Screen {
    public weak var coordinator: EditTaskCoordinator?
    public let task: TodoTask
    private let repository: any TodoRepository
    private let display: any Display
    private let today: Today

    public var showing: Showing { .task(task) }

    public init(task: TodoTask, repository: any TodoRepository, display: any Display, today: @escaping Today) {
        self.task = task
        self.repository = repository
        self.display = display
        self.today = today
    }

    public func handle(_ event: ViewEvent) throws {
        switch event {
        case .save(let changes):
            // As it is now, not as it was when the screen opened: another process may have
            // completed it since, and then it has made its next task already.
            let wasDone = try repository.task(task.id)?.isDone ?? task.isDone
            let creating = try changes.listName.map { try repository.list(named: $0) == nil } ?? false
            let saved = try repository.updateTask(task.id, with: changes)
            if creating, let list = try repository.list(named: saved.listName) { try display.showListCreatedOnTheWay(list) }
            try display.show(saved, .updated)
            if !wasDone && saved.isDone { try Repetition.addNext(after: saved, today: today(), repository, display) }
            coordinator?.finish(shouldDismiss: true)
        case .saveUnlessChanged(let changes, let seen):
            guard try repository.task(task.id) == seen else { throw TodoError.changedWhileEditing(task.id) }
            try handle(.save(changes))
        case .cancel:
            coordinator?.finish(shouldDismiss: true)
        default:
            throw unexpected(event)
        }
    }

    public func didLeave(_ departure: ScreenStack.Departure) {
        if departure == .dismissed { coordinator?.finish(shouldDismiss: false) }
    }
}
