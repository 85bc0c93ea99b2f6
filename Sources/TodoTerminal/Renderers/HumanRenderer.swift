import TodoCoordinators
import TodoInterchange
import TodoCore

/// Renders for people: aligned, coloured when allowed, with anything from the data made
/// harmless by `TerminalText.safe`.
public final class HumanRenderer: Renderer {
    private let output: StandardOutput
    private let style: Style
    private let dryRun: Bool
    let now = LocalClock().nowLocal()
    /// Blocks of `todo show` are separated by a blank line.
    private var detailsShown = 0
    private let notes = AfterwardNotes()

    /// `missingDatabase`: the path of the database the command was to read, which does not exist;
    /// said first, so that a mistyped `--db` is seen.
    public init(output: StandardOutput, style: Style, dryRun: Bool = false, missingDatabase: String? = nil) {
        self.output = output
        self.style = style
        self.dryRun = dryRun
        self.missingDatabase = missingDatabase
    }

    private let missingDatabase: String?
    private var saidMissing = false

    /// Says, once, before anything else, that there is no database at the path yet.
    private func sayIfMissing() throws {
        guard let missingDatabase, !saidMissing else { return }
        saidMissing = true
        try output.write(style.paint("No database at \(TerminalText.safe(missingDatabase)) yet: a command that writes (todo add LIST TITLE) creates it.", .dim) + "\n")
    }

    public func showLists(_ produce: ((TodoList) throws -> Void) throws -> Void) throws {
        // Aligned by the first rows, as task tables are (`Aligned`): a database may hold 400,000
        // lists, and they stream.
        var rows = Aligned<TodoList> { [TerminalText.width(TerminalText.safe($0.name)), String($0.openCount).count, String($0.doneCount).count] }
        let write = { [self] (list: TodoList, widths: [Int]) in
            let open = pad(String(list.openCount), widths[1], left: true) + " open"
            let done = pad(String(list.doneCount), widths[2], left: true) + " done"
            try output.write(style.paint(TerminalText.padded(TerminalText.safe(list.name), to: widths[0]), .bold) + "  "
                + (list.openCount > 0 ? open : style.paint(open, .dim)) + "  " + style.paint(done, .dim) + "\n")
        }
        try produce { try rows.add($0, write) }
        try rows.end(write)
        guard rows.count == 0 else { return }
        if missingDatabase != nil { return try sayIfMissing() }
        try output.write("No lists yet. Add a task with: todo add LIST TITLE\n")
    }

    public func showTasks(_ listing: TaskListing, _ produce: ((TodoTask) throws -> Void) throws -> Void) throws {
        try sayIfMissing()
        switch listing {
        case .list(let list, let query):
            try output.write(header(TerminalText.safe(list.name), "\(list.openCount) open, \(list.doneCount) done"))
            try table(TaskTable(renderer: self), produce, empty: "  " + Self.nothingIn(list, query))
        case .search:
            try table(TaskTable(renderer: self, showsList: true), produce, empty: "No tasks match.")
        case .tasks:
            try table(TaskTable(renderer: self, showsList: true), produce, empty: "No tasks.")
        case .agenda(let lastDay):
            let table = TaskTable(renderer: self, showsList: true) { [unowned self] in self.agendaHeading($0) }
            try self.table(table, produce, empty: "Nothing due through \(Due(date: lastDay)).")
        case .export:
            try table(TaskTable(renderer: self, showsList: true), produce, empty: "No tasks.")
        case .details:
            try produce { try details($0) }
        }
    }

    public func show(_ task: TodoTask, _ change: TaskChange) throws {
        if change == .alreadyDone || change == .alreadyOpen {
            return try output.write(style.paint(String(task.id), .yellow) + " was already " + (change == .alreadyDone ? "done" : "open")
                + ": " + TerminalText.safe(task.title) + style.paint(" (in " + TerminalText.safe(task.listName) + ")", .dim) + "\n")
        }
        let verb = switch change {
        case .added, .repeated: "Added"
        case .updated: "Updated"
        case .completed: "Done"
        case .reopened: "Reopened"
        case .deleted: "Deleted"
        case .alreadyDone, .alreadyOpen: ""
        }
        var details: [String] = ["in " + TerminalText.safe(task.listName)]
        if let due = task.due { details.append("due " + dueText(due)) }
        if task.priority != .none { details.append(priorityText(task.priority) + " priority") }
        if let rule = task.repeatRule { details.append("repeats " + rule.description + (task.repeatFrom == .done ? " from done" : "")) }
        if !task.tags.isEmpty { details.append(task.tags.map { "#" + TerminalText.safe($0) }.joined(by: " ")) }
        if task.isDone && change != .completed { details.append("done") }
        try output.write(verb + " " + style.paint(String(task.id), .yellow) + ": "
            + TerminalText.safe(task.title) + style.paint(" (" + details.joined(by: ", ") + ")", .dim) + "\n")
    }

    public func show(_ list: TodoList, _ change: ListChange) throws {
        let name = style.paint(TerminalText.safe(list.name), .bold)
        switch change {
        case .created:
            try output.write("Created list \(name)\n")
        case .renamed(let old):
            try output.write("Renamed list \(TerminalText.safe(old)) to \(name)\n")
        case .deleted:
            let count = list.taskCount
            try output.write("Deleted list \(name)" + (count > 0 ? " and its \(count) task\(count == 1 ? "" : "s")" : "") + "\n")
        }
    }

    public func show(_ summary: ImportSummary) throws {
        let lists = summary.listsCreated
        try output.write("Imported \(summary.imported) task\(summary.imported == 1 ? "" : "s"): \(summary.new) new, "
            + "\(summary.updated) updated, \(summary.unchanged) unchanged (\(lists) new list\(lists == 1 ? "" : "s")).\n")
    }

    /// `todo history`: one change a line, newest first.
    public func showHistory(_ produce: ((HistoryEntry) throws -> Void) throws -> Void) throws {
        try sayIfMissing()
        var shown = 0
        try produce { entry in
            if shown == 0 { try output.write(header("History", "newest first")) }
            shown += 1
            try output.write("  " + style.paint(pad(String(entry.id), 4, left: true), .yellow) + "  "
                + style.paint(LocalTime.minuteWithOffset(entry.at) ?? TerminalText.safe(entry.at), .dim) + "  " + TerminalText.safe(entry.summary)
                + style.paint("  (todo " + TerminalText.safe(entry.command) + ")", .dim)
                + (entry.isUndone ? "  " + style.paint("undone", .red) : "") + "\n")
        }
        if shown == 0 { try output.write(style.paint("No changes recorded yet.", .dim) + "\n") }
    }

    public func show(_ entry: HistoryEntry, _ action: HistoryAction) throws {
        try output.write((action == .undone ? "Undid " : "Redid ") + style.paint(String(entry.id), .yellow) + ": "
            + TerminalText.safe(entry.summary) + style.paint(" (todo " + TerminalText.safe(entry.command) + ")", .dim) + "\n")
    }

    /// `todo tags`: each tag and its open tasks, aligned (tags are few, so they are gathered).
    public func showTags(_ produce: ((TagCount) throws -> Void) throws -> Void) throws {
        try sayIfMissing()
        var rows = Aligned<TagCount> { [TerminalText.width("#" + TerminalText.safe($0.name)), String($0.openTasks).count] }
        let write = { [self] (tag: TagCount, widths: [Int]) in
            let open = pad(String(tag.openTasks), widths[1], left: true) + " open"
            try output.write(style.paint(TerminalText.padded("#" + TerminalText.safe(tag.name), to: widths[0]), .cyan) + "  "
                + (tag.openTasks > 0 ? open : style.paint(open, .dim)) + "\n")
        }
        try produce { try rows.add($0, write) }
        try rows.end(write)
        if rows.count == 0 { try output.write(style.paint("No tags yet. Tag a task with: todo edit ID --tag TAG", .dim) + "\n") }
    }

    public func showRepetitionEnded(_ task: TodoTask) throws { notes.repetitionEnded(task) }
    public func showListCreatedOnTheWay(_ list: TodoList) throws { notes.listCreated(list) }

    public func finish() throws {
        notes.write()
        if dryRun { try output.write(style.paint("Dry run: nothing was changed.", .dim) + "\n") }
    }

    private func table(_ table: TaskTable, _ produce: ((TodoTask) throws -> Void) throws -> Void, empty: String) throws {
        var table = table
        try produce { try table.add($0) }
        try table.end()
        if table.rows == 0 { try output.write(style.paint(empty, .dim) + "\n") }
    }

    /// `todo show`: every field, one per line.
    private func details(_ task: TodoTask) throws {
        if detailsShown > 0 { try output.write("\n") }
        detailsShown += 1
        var lines = [style.paint("Task \(task.id)", .yellow) + "  " + style.paint(TerminalText.safe(task.title), .bold)]
        // Every field the formats carry, by the same description, but the two in the heading and,
        // for a task that does not repeat, what its repetition would count from; the uuid, for
        // machines, last.
        for field in TaskField.allCases where field != .id && field != .title && field != .uuid && !(field == .repeatFrom && task.repeatRule == nil) {
            lines.append("  " + style.paint(pad(field.label, 11), .dim) + " " + detail(field, of: task))
        }
        lines.append("  " + style.paint(pad(TaskField.uuid.label, 11), .dim) + " " + detail(.uuid, of: task))
        try output.write(lines.joined(by: "\n") + "\n")
    }

    /// One field of `todo show`, made safe: a due date coloured as in tables, notes on their own
    /// lines indented under the label, `-` for nothing.
    private func detail(_ field: TaskField, of task: TodoTask) -> String {
        if field == .due { return task.due.map(dueText) ?? "-" }
        if field == .repeat && task.repeatRule == nil { return "none" }
        switch field.value(of: task) {
        case .integer(let number): return String(number)
        case .bool(let flag): return flag ? "yes" : "no"
        case .text(nil): return "-"
        case .words(let words): return words.isEmpty ? "-" : words.map(TerminalText.safe).joined(by: " ")
        case .text(let text?):
            return text.splitAtEveryLineFeed().map { TerminalText.safe(String($0)) }
                .joined(by: "\n" + String(repeating: " ", count: 14))
        }
    }

    /// The one style of every heading in a listing: a name in bold, then what it is, dimmed.
    func header(_ title: String, _ detail: String? = nil) -> String {
        style.paint(title, .bold) + (detail.map { "  " + style.paint($0, .dim) } ?? "") + "\n"
    }

    /// The agenda's day headings: overdue, then each day by name and date.
    private func agendaHeading(_ task: TodoTask) -> String {
        guard let date = task.due?.date else { return "" }
        if date < now.date { return header("Overdue", "before " + Due(date: now.date).description) }
        let name = date == now.date ? "Today" : date == now.date.adding(days: 1) ? "Tomorrow" : CivilDate.weekdayNames[date.weekday]
        return header(name, Due(date: date).description)
    }

    /// What to say when a list shows no tasks: why depends on what was asked.
    static func nothingIn(_ list: TodoList, _ query: TaskQuery) -> String {
        let name = TerminalText.safe(list.name)
        if query.overdueAsOf != nil { return "No overdue tasks in \(name)." }
        if query.dueBefore != nil || query.priority != nil { return "No tasks in \(name) match." }
        if query.limit == 0 { return "No tasks shown (--limit 0)." }
        return query.includeDone ? "\(name) has no tasks." : "Nothing to do in \(name)."
    }

    // MARK: Pieces shared with the task table

    func dueText(_ due: Due) -> String {
        let text = due.description
        if due.date < now.date || (due.date == now.date && (due.minuteOfDay ?? Int.max) < (now.minuteOfDay ?? 0)) {
            return style.paint(text, .red)
        }
        return due.date == now.date ? style.paint(text, .yellow) : text
    }

    func priorityText(_ priority: Priority) -> String {
        switch priority {
        case .none: ""
        case .low: style.paint("low", .blue)
        case .medium: style.paint("medium", .yellow)
        case .high: style.paint("high", .red)
        }
    }

    func write(_ text: String) throws { try output.write(text) }
    func paint(_ text: String, _ paint: Style.Paint) -> String { style.paint(text, paint) }

    func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
        let space = String(repeating: " ", count: max(0, width - TerminalText.width(text)))
        return left ? space + text : text + space
    }
}
