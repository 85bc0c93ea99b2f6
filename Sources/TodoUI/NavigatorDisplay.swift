import TodoCoordinators
import TodoCore

/// The Display the screens render through while the navigator runs: it keeps what they showed
/// (the lists, the window of tasks, what a change did) for the views to draw, instead of
/// printing it.
public final class NavigatorDisplay: Display {
    public init() {}

    private(set) var lists: [TodoList] = []
    private(set) var tasks: [TodoTask] = []
    /// What the last change did, in a few words, for the status line.
    private(set) var message: String?
    /// The list the last change created.
    private(set) var created: TodoList?
    /// A list the last change made on its way (a task added to a list not there yet).
    private var createdOnTheWay: TodoList?
    /// The task the last change added.
    private(set) var added: TodoTask?
    private var lastChange: TaskChange?

    /// Forgets what the last change showed, before the next event is sent.
    func clear() {
        (message, added, created, lastChange, createdOnTheWay) = (nil, nil, nil, nil, nil)
    }

    public func showLists(_ produce: ((TodoList) throws -> Void) throws -> Void) throws {
        var lists: [TodoList] = []
        try produce { lists.append($0) }
        self.lists = lists
    }

    public func showTasks(_ listing: TaskListing, _ produce: ((TodoTask) throws -> Void) throws -> Void) throws {
        var tasks: [TodoTask] = []
        try produce { tasks.append($0) }
        self.tasks = tasks
    }

    public func show(_ task: TodoTask, _ change: TaskChange) throws {
        defer { lastChange = change }
        if change == .added && added == nil { added = task }
        let verb = switch change {
        case .added, .repeated: "Added"
        case .updated: "Saved"
        case .completed: "Done"
        case .reopened: "Opened again"
        case .deleted: "Deleted"
        case .alreadyDone: "Already done"
        case .alreadyOpen: "Already open"
        }
        // A repeating task's next one is shown right after the done one: say both.
        if change == .repeated, let message {
            self.message = message + "; next one due \(task.due?.description ?? "-")"
        } else {
            message = "\(verb) \(task.id): \(task.title)" + (createdOnTheWay.map { " (in \($0.name), a new list)" } ?? "")
        }
    }

    /// Said with the task it was made for: from the Tasks tab, the lists are not on screen.
    public func showListCreatedOnTheWay(_ list: TodoList) throws {
        createdOnTheWay = list
    }

    public func showRepetitionEnded(_ task: TodoTask) throws {
        message = (message ?? "Done \(task.id): \(task.title)") + "; it repeats no more (its next date would be after 9999-12-31)"
    }

    public func show(_ list: TodoList, _ change: ListChange) throws {
        if change == .created { created = list }
        message = switch change {
        case .created: "Created the list \(list.name)"
        case .renamed(let old): "Renamed \(old) to \(list.name)"
        case .deleted: "Deleted the list \(list.name)"
        }
    }

    public func show(_ summary: ImportSummary) throws {
        message = "Imported \(summary.imported) tasks"
    }

    public func showHistory(_ produce: ((HistoryEntry) throws -> Void) throws -> Void) throws {}

    public func show(_ entry: HistoryEntry, _ action: HistoryAction) throws {
        message = (action == .undone ? "Undid: " : "Redid: ") + entry.summary
    }

    public func showTags(_ produce: ((TagCount) throws -> Void) throws -> Void) throws {}
}
