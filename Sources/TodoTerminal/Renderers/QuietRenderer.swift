import TodoCoordinators
import TodoInterchange
import TodoCore

/// `-q`: nothing, except the id of a task just added, so `id=$(todo add -q ...)` works, and the
/// ids of the tasks `todo tasks -q` and `todo agenda -q` select, one a line, for `xargs`.
public final class QuietRenderer: Renderer {
    private let output: StandardOutput

    public init(output: StandardOutput) {
        self.output = output
    }

    private let notes = AfterwardNotes()

    public func show(_ task: TodoTask, _ change: TaskChange) throws {
        if change == .added { try output.write("\(task.id)\n") }
    }

    public func showRepetitionEnded(_ task: TodoTask) throws { notes.repetitionEnded(task) }
    public func showListCreatedOnTheWay(_ list: TodoList) throws { notes.listCreated(list) }

    public func showLists(_ produce: ((TodoList) throws -> Void) throws -> Void) throws { try produce { _ in } }
    public func showTasks(_ listing: TaskListing, _ produce: ((TodoTask) throws -> Void) throws -> Void) throws {
        switch listing {
        case .tasks, .agenda: break
        default: return try produce { _ in }
        }
        try produce { try output.write("\($0.id)\n") }
    }
    public func show(_ list: TodoList, _ change: ListChange) throws {}
    public func show(_ summary: ImportSummary) throws {}
    public func showHistory(_ produce: ((HistoryEntry) throws -> Void) throws -> Void) throws { try produce { _ in } }
    public func show(_ entry: HistoryEntry, _ action: HistoryAction) throws {}
    public func showTags(_ produce: ((TagCount) throws -> Void) throws -> Void) throws { try produce { _ in } }
    public func finish() throws { notes.write() }
}
