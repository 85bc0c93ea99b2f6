import TodoCore

/// What a user can do on a screen; the CLI produces these from a subcommand and its arguments,
/// and an interactive mode could produce them from keystrokes.
public enum ViewEvent: Equatable, Sendable {
    // MainList
    case showLists
    /// `limit` lists from the `offset`-th, by name: the rows a view shows of many.
    case showListWindow(offset: Int, limit: Int)
    /// Opens a list; `creating` makes an unknown name a new list instead of an error.
    case selectList(String, creating: Bool)
    case addList(String)
    case renameList(String, to: String)
    case deleteList(String, force: Bool)
    /// Tasks of every list (or of one) matching all the words.
    case search([String], list: String?, includeDone: Bool, tags: [String] = [])
    /// Every task (of one list, or all), for moving data out.
    case exportTasks(list: String?)
    case importTasks(TaskRecords)
    /// The history of changes, newest first.
    case showHistory(limit: Int)
    /// Every tag, with its number of open tasks.
    case showTags

    // Tasks
    /// The tasks a query selects of every list, or of the lists named (`todo tasks`).
    case showTasksAcrossLists(TaskQuery, lists: [String])
    /// Adds a task to the list named, made when missing: quick capture's default list.
    case addTaskToList(String, TaskDraft)

    // Agenda
    /// Open dated tasks of every list due up to and including a day, overdue ones too; `limit`
    /// of them from the `offset`-th (the rows a view shows).
    case showAgenda(through: CivilDate, tags: [String] = [], offset: Int = 0, limit: Int? = nil)

    // Every screen of lists or tasks
    /// Reverts the most recent change not undone yet.
    case undo
    /// Makes the most recently undone change again.
    case redo

    // TodoList (and, for a task, Tasks and Agenda)
    case showTasks(TaskQuery)
    /// Reads the list again, for a view that stays open: another process may have renamed it,
    /// or deleted it (`TodoError.listGone`).
    case reloadList
    /// The list's tasks matching every word of the search (its list is this one).
    case showMatches(TaskSearch)
    case addTask(TaskDraft)
    case setDone(TodoTask.ID, Bool)
    case deleteTask(TodoTask.ID)
    case selectTask(TodoTask.ID)
    /// Every field of one of the list's tasks.
    case showTask(TodoTask.ID)
    case back

    // EditTask
    case save(TaskChanges)
    /// Saves the changes unless the task is no longer as `since` (what an editor was given):
    /// `TodoError.changedWhileEditing`, nothing overwritten.
    case saveUnlessChanged(TaskChanges, since: TodoTask)
    case cancel
}

/// A way in that skips the screens before it, as `todo edit 42` does: the AppCoordinator finds
/// the task's list and builds the screens up to it (on the Lists tab), or shows a tab.
public enum DeepLink: Equatable, Sendable {
    /// A tab's root, as it was left (`todo tasks`, `todo agenda`).
    case tab(Tab)
    /// The task's list, with the task's EditTask presented over it.
    case editTask(TodoTask.ID)
    /// The list the task is in.
    case listOfTask(TodoTask.ID)
}

/// Records to import, read only as they are stored (from a file or stdin), so a large import
/// never sits in memory.
///
/// `@unchecked Sendable`: a command runs on one thread, and the records are read once, there.
public final class TaskRecords: Equatable, @unchecked Sendable {
    public let keepIDs: Bool
    private let produce: ((ImportedTask) throws -> Void) throws -> Void

    public init(keepIDs: Bool, produce: @escaping ((ImportedTask) throws -> Void) throws -> Void) {
        self.keepIDs = keepIDs
        self.produce = produce
    }

    public func forEach(_ body: (ImportedTask) throws -> Void) throws {
        try produce(body)
    }

    public static func == (lhs: TaskRecords, rhs: TaskRecords) -> Bool { lhs === rhs }
}
