import TodoCoordinators
import TodoInterchange
import TodoCore

/// One JSON document per line (`todo export`, the default format): each task on its own line,
/// written as it is read.
public final class NDJSONRenderer: Renderer {
    private let output: StandardOutput

    public init(output: StandardOutput) {
        self.output = output
    }

    public func showLists(_ produce: ((TodoList) throws -> Void) throws -> Void) throws {
        try produce { list in try output.write(line: true) { JSONWriter.list(list, to: &$0) } }
    }

    public func showTasks(_ listing: TaskListing, _ produce: ((TodoTask) throws -> Void) throws -> Void) throws {
        try produce { task in try output.write(line: true) { JSONWriter.task(task, to: &$0) } }
    }

    public func show(_ task: TodoTask, _ change: TaskChange) throws { try output.write(line: true) { JSONWriter.task(task, to: &$0) } }
    /// Export only: nothing is marked done here.
    public func showRepetitionEnded(_ task: TodoTask) throws {}
    public func showListCreatedOnTheWay(_ list: TodoList) throws {}
    public func show(_ list: TodoList, _ change: ListChange) throws { try output.write(line: true) { JSONWriter.list(list, to: &$0) } }
    public func showHistory(_ produce: ((HistoryEntry) throws -> Void) throws -> Void) throws {
        try produce { entry in try output.write(line: true) { JSONWriter.entry(entry, to: &$0) } }
    }

    public func show(_ entry: HistoryEntry, _ action: HistoryAction) throws { try output.write(line: true) { JSONWriter.entry(entry, to: &$0) } }
    public func showTags(_ produce: ((TagCount) throws -> Void) throws -> Void) throws {
        try produce { tag in try output.write(line: true) { JSONWriter.tag(tag, to: &$0) } }
    }

    public func show(_ summary: ImportSummary) throws { try output.write(line: true) { JSONWriter.summary(summary, to: &$0) } }
    public func finish() throws {}
}
