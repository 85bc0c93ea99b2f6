import TodoCore

/// One task's fields. Saves changes through the repository, then closes.
public final class EditTaskScreen: Screen {
    public weak var coordinator: EditTaskCoordinator?
    public let task: TodoTask
    private let repository: any TodoRepository
    private let display: any Display

    public init(task: TodoTask, repository: any TodoRepository, display: any Display) {
        self.task = task
        self.repository = repository
        self.display = display
    }

    public func handle(_ event: ViewEvent) throws {
        switch event {
        case .save(let changes):
            try display.show(repository.updateTask(task.id, with: changes), .updated)
            coordinator?.finish(shouldDismiss: true)
        case .cancel:
            coordinator?.finish(shouldDismiss: true)
        default:
            throw unexpected(event)
        }
    }

    public func didLeave(_ departure: Navigator.Departure) {
        if departure == .dismissed { coordinator?.finish(shouldDismiss: false) }
    }
}
