import TodoCore

/// What happened to a task, so it can be shown with the right words.
public enum TaskChange: Equatable, Sendable {
    case added, updated, completed, reopened, deleted
    /// Asked to be marked done, or open, and already so: nothing changed.
    case alreadyDone, alreadyOpen
    /// The next task of a repeating one, added as that one was marked done (not the task a
    /// command added: `todo done -q` prints nothing).
    case repeated
}

/// What happened to a list.
public enum ListChange: Equatable, Sendable {
    case created, renamed(from: String), deleted
}

/// What was done to a change of the history.
public enum HistoryAction: Equatable, Sendable {
    case undone, redone
}

/// Which tasks are being shown, so a renderer can lay them out to fit.
public enum TaskListing: Equatable, Sendable {
    /// One list's tasks, as the query chose them.
    case list(TodoList, TaskQuery)
    /// Search results from any list.
    case search
    /// Tasks of every list (or of some), as a query chose them (`todo tasks`).
    case tasks
    /// Open dated tasks through a day, in due order.
    case agenda(through: CivilDate)
    /// Every field of each task.
    case details
    /// Every task, for moving data.
    case export
}

/// Where screens render: a terminal (human text) or a script (JSON). Collections are handed
/// over as producers, so a renderer can stream them row by row.
public protocol Display: AnyObject {
    func showLists(_ produce: ((TodoList) throws -> Void) throws -> Void) throws
    func showTasks(_ listing: TaskListing, _ produce: ((TodoTask) throws -> Void) throws -> Void) throws
    func show(_ task: TodoTask, _ change: TaskChange) throws
    /// A repeating task, just shown as marked done, made no next task: its schedule runs past
    /// the last date a due date may have (9999-12-31).
    func showRepetitionEnded(_ task: TodoTask) throws
    func show(_ list: TodoList, _ change: ListChange) throws
    /// A list a command created on the way, not as what it was asked (`todo add Hmoe …`, `todo
    /// edit 7 --list Hmoe`): said apart from its output, so a typo is seen.
    func showListCreatedOnTheWay(_ list: TodoList) throws
    func show(_ summary: ImportSummary) throws
    func showHistory(_ produce: ((HistoryEntry) throws -> Void) throws -> Void) throws
    func show(_ entry: HistoryEntry, _ action: HistoryAction) throws
    func showTags(_ produce: ((TagCount) throws -> Void) throws -> Void) throws
}
