import TodoCoordinators
import TodoCore
import TodoTestSupport

/// A `Display` that remembers everything screens showed, in order, so a test can check that a
/// view event was rendered once, with the right words.
final class RecordingDisplay: Display {
    enum Shown: Equatable {
        case lists([TodoList])
        case tasks(of: TodoList, [TodoTask])
        /// Tasks shown other than as one list's (search, agenda, details, export).
        case listing(TaskListing, [TodoTask])
        case summary(ImportSummary)
        case task(TodoTask, TaskChange)
        case list(TodoList, ListChange)
        case history([HistoryEntry])
        case tags([TagCount])
        case entry(HistoryEntry, HistoryAction)
        case repetitionEnded(TodoTask)
        case listCreatedOnTheWay(TodoList)
    }

    func showListCreatedOnTheWay(_ list: TodoList) throws { shown.append(.listCreatedOnTheWay(list)) }

    private(set) var shown: [Shown] = []

    func showLists(_ produce: ((TodoList) throws -> Void) throws -> Void) throws {
        var lists: [TodoList] = []
        try produce { lists.append($0) }
        shown.append(.lists(lists))
    }

    func showTasks(_ listing: TaskListing, _ produce: ((TodoTask) throws -> Void) throws -> Void) throws {
        var tasks: [TodoTask] = []
        try produce { tasks.append($0) }
        if case .list(let list, _) = listing {
            shown.append(.tasks(of: list, tasks))
        } else {
            shown.append(.listing(listing, tasks))
        }
    }

    func show(_ summary: ImportSummary) throws {
        shown.append(.summary(summary))
    }

    func show(_ task: TodoTask, _ change: TaskChange) throws {
        shown.append(.task(task, change))
    }

    func showRepetitionEnded(_ task: TodoTask) throws {
        shown.append(.repetitionEnded(task))
    }

    func show(_ list: TodoList, _ change: ListChange) throws {
        shown.append(.list(list, change))
    }

    func showHistory(_ produce: ((HistoryEntry) throws -> Void) throws -> Void) throws {
        var entries: [HistoryEntry] = []
        try produce { entries.append($0) }
        shown.append(.history(entries))
    }

    func show(_ entry: HistoryEntry, _ action: HistoryAction) throws {
        shown.append(.entry(entry, action))
    }

    func showTags(_ produce: ((TagCount) throws -> Void) throws -> Void) throws {
        var tags: [TagCount] = []
        try produce { tags.append($0) }
        shown.append(.tags(tags))
    }
}
