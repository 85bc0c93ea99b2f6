import TodoCoordinators
import TodoInterchange
import TodoCore

/// Renders for scripts: one JSON document on stdout. Collections are written element by
/// element, so a long listing is never held in memory.
public final class JSONRenderer: Renderer {
    private let output: StandardOutput
    private let shape: OutputShape
    private var elements = 0
    /// The task a command changed last, written once the next thing is shown or the command
    /// ends: a repeating task marked done learns only after it was shown that it made no next
    /// task, and its object says so (`"repeat_ended": true`). One task, never a listing.
    private var held: (task: TodoTask, repeatEnded: Bool)?
    private let notes = AfterwardNotes()

    public init(output: StandardOutput, shape: OutputShape) {
        self.output = output
        self.shape = shape
    }

    public func showLists(_ produce: ((TodoList) throws -> Void) throws -> Void) throws {
        try produce { list in try element { JSONWriter.list(list, to: &$0) } }
    }

    public func showTasks(_ listing: TaskListing, _ produce: ((TodoTask) throws -> Void) throws -> Void) throws {
        try produce { task in try element { JSONWriter.task(task, to: &$0) } }
    }

    public func show(_ task: TodoTask, _ change: TaskChange) throws {
        try writeHeld()
        held = (task, false)
    }

    public func showListCreatedOnTheWay(_ list: TodoList) throws { notes.listCreated(list) }

    public func showRepetitionEnded(_ task: TodoTask) throws {
        notes.repetitionEnded(task)
        if held?.task.id == task.id { held?.repeatEnded = true }
    }

    private func writeHeld() throws {
        guard let (task, repeatEnded) = held else { return }
        held = nil
        try element { JSONWriter.task(task, to: &$0, repeatEnded: repeatEnded) }
    }

    public func show(_ list: TodoList, _ change: ListChange) throws {
        try element { JSONWriter.list(list, to: &$0) }
    }

    public func showHistory(_ produce: ((HistoryEntry) throws -> Void) throws -> Void) throws {
        try produce { entry in try element { JSONWriter.entry(entry, to: &$0) } }
    }

    public func show(_ entry: HistoryEntry, _ action: HistoryAction) throws {
        try element { JSONWriter.entry(entry, to: &$0) }
    }

    public func showTags(_ produce: ((TagCount) throws -> Void) throws -> Void) throws {
        try produce { tag in try element { JSONWriter.tag(tag, to: &$0) } }
    }

    public func show(_ summary: ImportSummary) throws {
        try element { JSONWriter.summary(summary, to: &$0) }
    }

    public func finish() throws {
        try writeHeld()
        notes.write()
        if shape == .many { try output.write(elements == 0 ? "[]\n" : "]\n") } else if elements > 0 { try output.write("\n") }
    }

    private func element(_ json: (inout [UInt8]) -> Void) throws {
        if held != nil { try writeHeld() }
        switch shape {
        case .many: try output.write(elements == 0 ? "[" : ",")
        case .one: guard elements == 0 else { return }
        }
        elements += 1
        try output.write(json)
    }
}
