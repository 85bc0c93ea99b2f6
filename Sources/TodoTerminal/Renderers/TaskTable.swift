import TodoCore

/// Tasks as aligned rows. Column widths come from the first rows, which are held back until
/// there are enough of them; everything after streams out with those widths, so memory stays
/// flat however many tasks there are.
struct TaskTable {
    private struct Widths {
        var id = 1, due = 0, priority = 0, list = 0
    }

    private let renderer: HumanRenderer
    private let showsList: Bool
    /// A heading printed whenever it changes from one row to the next (the agenda's days).
    private let heading: ((TodoTask) -> String)?
    private var pending: [TodoTask] = []
    private var widths: Widths?
    private var lastHeading: String?
    private(set) var rows = 0
    private static let sample = 256
    /// The widest the list column grows (`todo tasks`, search, agenda): longer names are cut.
    private static let listColumns = 24

    init(renderer: HumanRenderer, showsList: Bool = false, heading: ((TodoTask) -> String)? = nil) {
        self.renderer = renderer
        self.showsList = showsList
        self.heading = heading
    }

    mutating func add(_ task: TodoTask) throws {
        rows += 1
        if let widths { return try write(task, widths) }
        pending.append(task)
        if pending.count >= Self.sample { try end() }
    }

    /// Writes what is held back; called once the rows run out, or when the sample is full.
    mutating func end() throws {
        let widths = self.widths ?? Widths(
            id: pending.map { String($0.id).count }.max() ?? 1,
            due: pending.map { $0.due?.description.count ?? 0 }.max() ?? 0,
            priority: pending.map { $0.priority == .none ? 0 : $0.priority.rawValue.count }.max() ?? 0,
            // A long list name is cut, not every row widened for it.
            list: showsList ? min(pending.map { TerminalText.width(TerminalText.safe($0.listName)) }.max() ?? 0, Self.listColumns) : 0)
        self.widths = widths
        for task in pending { try write(task, widths) }
        pending.removeAll()
    }

    private mutating func write(_ task: TodoTask, _ widths: Widths) throws {
        if let heading {
            let text = heading(task)
            if text != lastHeading { try renderer.write((lastHeading == nil ? "" : "\n") + text) }
            lastHeading = text
        }
        var line = "  " + renderer.paint(renderer.pad(String(task.id), widths.id, left: true), .yellow)
        line += task.isDone ? "  " + renderer.paint("[x]", .green) : "  [ ]"
        if widths.due > 0 {
            let due = task.due?.description ?? ""
            line += "  " + (task.due.map(renderer.dueText) ?? "") + String(repeating: " ", count: max(0, widths.due - due.count))
        }
        if widths.priority > 0 {
            let name = task.priority == .none ? "" : task.priority.rawValue
            line += "  " + renderer.priorityText(task.priority) + String(repeating: " ", count: max(0, widths.priority - name.count))
        }
        if widths.list > 0 {
            line += "  " + renderer.paint(renderer.pad(TerminalText.cut(TerminalText.safe(task.listName), columns: widths.list), widths.list), .cyan)
        }
        let title = TerminalText.safe(task.title)
        line += "  " + (task.isDone ? renderer.paint(title, .dim) : title)
        // A mark no todo.txt reader takes for a project (as `+notes` was).
        if task.notes != nil { line += renderer.paint(" ✎", .dim) }
        if !task.tags.isEmpty { line += " " + renderer.paint(task.tags.map { "#" + TerminalText.safe($0) }.joined(by: " "), .cyan) }
        if let rule = task.repeatRule { line += renderer.paint(" ↻" + rule.description, .dim) }
        try renderer.write(line + "\n")
    }
}
