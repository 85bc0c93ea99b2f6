import TodoCoordinators
import TodoCore
import TodoInterchange

/// Tasks in another tool's format (`todo export --format taskwarrior|todotxt|ics`), each written
/// as it is read; what the format cannot hold goes to `notices`, said on stderr once it is out.
public final class OtherToolRenderer: Renderer {
    public enum Tool: Sendable { case taskwarrior, todotxt, calendar(CalendarWriter) }

    private let output: StandardOutput
    private let tool: Tool
    private let notices: Notices
    private var written = 0

    public init(_ tool: Tool, output: StandardOutput, notices: Notices) {
        self.tool = tool
        self.output = output
        self.notices = notices
    }

    public func showTasks(_ listing: TaskListing, _ produce: ((TodoTask) throws -> Void) throws -> Void) throws {
        try produce { task in
            try output.write { out in
                switch tool {
                case .taskwarrior:
                    out.append(contentsOf: (written == 0 ? TaskwarriorWriter.opening : TaskwarriorWriter.separator).utf8)
                    TaskwarriorWriter.task(task, to: &out, notices: notices)
                case .todotxt:
                    TodoTxtWriter.line(task, to: &out, notices: notices)
                case .calendar(let writer):
                    if written == 0 { writer.opening(to: &out) }
                    writer.task(task, to: &out, notices: notices)
                }
            }
            written += 1
        }
    }

    /// Taskwarrior's array and the calendar are closed (and opened, when there was no task):
    /// always a whole one.
    public func finish() throws {
        switch tool {
        case .taskwarrior: try output.write(written == 0 ? TaskwarriorWriter.empty : TaskwarriorWriter.closing)
        case .todotxt: break
        case .calendar(let writer):
            try output.write { out in
                if written == 0 { writer.opening(to: &out) }
                out.append(contentsOf: CalendarWriter.closing.utf8)
            }
        }
    }

    // Export shows tasks only.
    public func showLists(_ produce: ((TodoList) throws -> Void) throws -> Void) throws {}
    public func show(_ task: TodoTask, _ change: TaskChange) throws {}
    public func showRepetitionEnded(_ task: TodoTask) throws {}
    public func showListCreatedOnTheWay(_ list: TodoList) throws {}
    public func show(_ list: TodoList, _ change: ListChange) throws {}
    public func show(_ summary: ImportSummary) throws {}
    public func showHistory(_ produce: ((HistoryEntry) throws -> Void) throws -> Void) throws {}
    public func show(_ entry: HistoryEntry, _ action: HistoryAction) throws {}
    public func showTags(_ produce: ((TagCount) throws -> Void) throws -> Void) throws {}
}
