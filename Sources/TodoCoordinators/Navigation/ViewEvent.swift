import TodoCore

/// What a user can do on a screen; the CLI produces these from a subcommand and its arguments,
/// and an interactive mode could produce them from keystrokes.
public enum ViewEvent: Equatable, Sendable {
    // MainList
    case showLists
    /// Opens a list; `creating` makes an unknown name a new list instead of an error.
    case selectList(String, creating: Bool)
    case addList(String)
    case renameList(String, to: String)
    case deleteList(String, force: Bool)

    // TodoList
    case showTasks(TaskQuery)
    case addTask(TaskDraft)
    case setDone(TodoTask.ID, Bool)
    case deleteTask(TodoTask.ID)
    case selectTask(TodoTask.ID)
    case back

    // EditTask
    case save(TaskChanges)
    case cancel
}

/// A way in that skips the screens before it, as `todo edit 42` does: the AppCoordinator finds
/// the task's list and builds the screens up to it.
public enum DeepLink: Equatable, Sendable {
    /// The task's list, with the task's EditTask presented over it.
    case editTask(TodoTask.ID)
    /// The list the task is in.
    case listOfTask(TodoTask.ID)
}
