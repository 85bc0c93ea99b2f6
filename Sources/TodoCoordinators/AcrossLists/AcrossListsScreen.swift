import TodoCore

/// The tasks of every list: those a query selects (`.openTasks`: `todo tasks`, the Tasks tab),
/// or the open dated ones due up to a day, overdue ones first (`.agenda`: `todo agenda`, the
/// Agenda tab). Completes and deletes a task in its own list; asks its coordinator to open one.
public final class AcrossListsScreen: Screen {
    public weak var coordinator: AcrossListsCoordinator?
    public let showing: Showing
    private let repository: any TodoRepository
    private let display: any Display
    private let today: Today

    /// How many days after today an agenda shows unless asked otherwise (`todo agenda`, the tab).
    public static let agendaDaysAhead = 7

    public init(showing: Showing, repository: any TodoRepository, display: any Display, today: @escaping Today) {
        self.showing = showing
        self.repository = repository
        self.display = display
        self.today = today
    }

    public func handle(_ event: ViewEvent) throws {
        switch event {
        case .showTasksAcrossLists(var query, let names) where showing == .openTasks:
            query.lists = try names.map { try repository.existingList(named: $0).id }
            try display.showTasks(.tasks) { each in try repository.forEachTask(matching: query, each) }
        case .addTaskToList(let name, let draft) where showing == .openTasks:
            let (list, created) = try repository.listCreatingIfNeeded(named: name)
            if created { try display.showListCreatedOnTheWay(list) }
            try display.show(repository.addTask(draft, to: list.id), .added)
        case .showAgenda(let lastDay, let tags, let offset, let limit) where showing == .agenda:
            // The day after, as a bound; the last representable day ends at its last minute.
            let end = lastDay.adding(days: 1).map { Due(date: $0) } ?? Due(date: lastDay, minuteOfDay: 24 * 60 - 1)
            var query = TaskQuery(sort: .due, limit: limit, dueBefore: end, tags: tags)
            query.offset = offset
            try display.showTasks(.agenda(through: lastDay)) { each in try repository.forEachTask(matching: query, each) }
        case .setDone(let id, let done):
            try TaskEvents.setDone(done, task: id, in: existingTask(id).listID, today: today(), repository, display)
        case .deleteTask(let id):
            try display.show(repository.deleteTask(id, in: existingTask(id).listID), .deleted)
        case .selectTask(let id):
            coordinator?.showEditTask(try existingTask(id))
        case .undo, .redo:
            try HistoryEvents.handle(event, repository, display)
        default:
            throw unexpected(event)
        }
    }

    /// A task of any list.
    private func existingTask(_ id: TodoTask.ID) throws -> TodoTask {
        guard let task = try repository.task(id) else { throw TodoError.taskNotFound(id) }
        return task
    }
}
