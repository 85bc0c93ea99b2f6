import TodoCore

/// Every list with its open and done counts. Adds, renames and deletes lists itself, and asks
/// its coordinator to open one.
public final class MainListScreen: Screen {
    public weak var coordinator: MainListCoordinator?
    private let repository: any TodoRepository
    private let display: any Display

    public var showing: Showing { .lists }

    public init(repository: any TodoRepository, display: any Display) {
        self.repository = repository
        self.display = display
    }

    public func handle(_ event: ViewEvent) throws {
        switch event {
        case .showLists:
            try display.showLists { each in try repository.forEachList(each) }
        case .showListWindow(let offset, let limit):
            try display.showLists { each in try repository.forEachList(offset: offset, limit: limit, each) }
        case .selectList(let name, let creating):
            let (list, created) = try creating ? repository.listCreatingIfNeeded(named: name) : (repository.existingList(named: name), false)
            if created { try display.showListCreatedOnTheWay(list) }
            coordinator?.showTodoList(list)
        case .addList(let name):
            try display.show(repository.createList(named: name), .created)
        case .renameList(let old, let new):
            let list = try repository.existingList(named: old)
            try display.show(repository.renameList(list.id, to: new), .renamed(from: list.name))
        case .deleteList(let name, let force):
            let list = try repository.existingList(named: name)
            try display.show(repository.deleteList(list.id, force: force), .deleted)
        case .search(let words, let listName, let includeDone, let tags):
            var search = TaskSearch(words: words, list: try listName.map(repository.existingList(named:))?.id, includeDone: includeDone)
            search.tags = tags
            try display.showTasks(.search) { each in try repository.forEachTask(matching: search, each) }
        case .exportTasks(let listName):
            var query = TaskQuery.everything
            query.lists = try listName.map { [try repository.existingList(named: $0).id] } ?? []
            try display.showTasks(.export) { each in try repository.forEachTask(matching: query, each) }
        case .importTasks(let records):
            try display.show(repository.importTasks(keepingIDs: records.keepIDs) { store in try records.forEach(store) })
        case .showTags:
            try display.showTags { each in try repository.forEachTag(each) }
        case .showHistory(let limit):
            try display.showHistory { each in try repository.forEachHistoryEntry(limit: limit, each) }
        case .undo, .redo:
            try HistoryEvents.handle(event, repository, display)
        default:
            throw unexpected(event)
        }
    }
}
