import TodoCoordinators
import TodoCore

/// One JSON document per line (`todo export`, the default format): each task on its own line,
/// written as it is read.
final class NDJSONRenderer: Renderer {
    private let output: StandardOutput

    init(output: StandardOutput) {
        self.output = output
    }

    func showLists(_ produce: ((TodoList) throws -> Void) throws -> Void) throws {
        try produce { try output.write(JSONWriter.list($0) + "\n") }
    }

    func showTasks(_ listing: TaskListing, _ produce: ((TodoTask) throws -> Void) throws -> Void) throws {
        try produce { try output.write(JSONWriter.task($0) + "\n") }
    }

    func show(_ task: TodoTask, _ change: TaskChange) throws { try output.write(JSONWriter.task(task) + "\n") }
    func show(_ list: TodoList, _ change: ListChange) throws { try output.write(JSONWriter.list(list) + "\n") }
    func show(_ summary: ImportSummary) throws { try output.write(JSONWriter.summary(summary) + "\n") }
    func finish() throws {}
}
