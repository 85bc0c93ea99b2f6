import TodoCoordinators
import TodoCore
import TodoInterchange

/// Tasks as CSV (`CSVWriter`), a row each as they are read. Lists get a table of their own.
public final class CSVRenderer: Renderer {
    private let output: StandardOutput
    private var wroteHeader = false

    public init(output: StandardOutput) {
        self.output = output
    }

    public func showTasks(_ listing: TaskListing, _ produce: ((TodoTask) throws -> Void) throws -> Void) throws {
        try writeHeader()
        try produce { task in try output.write(CSVWriter.row(task)) }
    }

    public func showLists(_ produce: ((TodoList) throws -> Void) throws -> Void) throws {
        try output.write(CSVWriter.row(["id", "uuid", "name", "open", "done"]))
        try produce { try output.write(CSVWriter.row([String($0.id), $0.uuid.text, $0.name, String($0.openCount), String($0.doneCount)])) }
    }

    public func show(_ task: TodoTask, _ change: TaskChange) throws { try showTasks(.details) { try $0(task) } }
    /// Export only: nothing is marked done here.
    public func showRepetitionEnded(_ task: TodoTask) throws {}
    public func showListCreatedOnTheWay(_ list: TodoList) throws {}
    public func show(_ list: TodoList, _ change: ListChange) throws {}
    public func show(_ summary: ImportSummary) throws {}

    public func showHistory(_ produce: ((HistoryEntry) throws -> Void) throws -> Void) throws {
        try output.write(CSVWriter.row(["id", "at", "command", "summary", "undone"]))
        try produce { try output.write(CSVWriter.row([String($0.id), $0.at, $0.command, $0.summary, $0.isUndone ? "true" : "false"])) }
    }

    public func show(_ entry: HistoryEntry, _ action: HistoryAction) throws {}

    public func showTags(_ produce: ((TagCount) throws -> Void) throws -> Void) throws {
        try output.write(CSVWriter.row(["name", "open"]))
        try produce { try output.write(CSVWriter.row([$0.name, String($0.openTasks)])) }
    }

    /// The header goes out even when there are no tasks, so the output is always a valid table.
    public func finish() throws { try writeHeader() }

    private func writeHeader() throws {
        guard !wroteHeader else { return }
        wroteHeader = true
        try output.write(CSVWriter.taskHeader)
    }
}
