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
    var message: String?
    /// The task the last add showed.
    var added: TodoTask?
    /// The most tasks a listing keeps: the rows a window shows, and one more to know there are more.
    var rowLimit = Int.max

    public func showLists(_ produce: ((TodoList) throws -> Void) throws -> Void) throws {
        var lists: [TodoList] = []
        try produce { lists.append($0) }
        self.lists = lists
    }

    public func showTasks(_ listing: TaskListing, _ produce: ((TodoTask) throws -> Void) throws -> Void) throws {
        var tasks: [TodoTask] = []
        try produce { if tasks.count < rowLimit { tasks.append($0) } }
        self.tasks = tasks
    }

    public func show(_ task: TodoTask, _ change: TaskChange) throws {
        if change == .added && added == nil { added = task }
        let verb = switch change {
        case .added: "Added"
        case .updated: "Saved"
        case .completed: "Done"
        case .reopened: "Opened again"
        case .deleted: "Deleted"
        }
        // A repeating task's next one is shown after the done one: say both.
        if change == .added, let message, message.hasPrefix("Done") {
            self.message = message + "; next one due \(task.due?.description ?? "-")"
        } else {
            message = "\(verb) \(task.id): \(task.title)"
        }
    }

    public func show(_ list: TodoList, _ change: ListChange) throws {
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
