import TodoCoordinators
import TodoCore

/// `-q`: nothing, except the id of a task just added, so `id=$(todo add -q ...)` works.
final class QuietRenderer: Renderer {
    private let output: StandardOutput

    init(output: StandardOutput) {
        self.output = output
    }

    func show(_ task: TodoTask, _ change: TaskChange) throws {
        if change == .added { try output.write("\(task.id)\n") }
    }

    func showLists(_ produce: ((TodoList) throws -> Void) throws -> Void) throws { try produce { _ in } }
    func showTasks(_ listing: TaskListing, _ produce: ((TodoTask) throws -> Void) throws -> Void) throws { try produce { _ in } }
    func show(_ list: TodoList, _ change: ListChange) throws {}
    func show(_ summary: ImportSummary) throws {}
    func finish() throws {}
}
