import TodoCore
import TodoTerminal

/// TodoList, Tasks, Agenda: one row per task, `[ ]` or `[x]`, its priority's marks (`!` to
/// `!!!`, when a task shown has one), its due date, its list (when the rows come from every
/// list), title, tags and rule; open tasks first, then done ones (dim), the selected row
/// reversed, an overdue date in red, a high priority in bold.
enum TaskRows {
    static func draw(_ tasks: ArraySlice<TodoTask>, cursor: Int, into frame: inout Frame, at first: Int, rows: Int,
                     today: CivilDate, empty: String, showingLists: Bool = false) {
        guard !tasks.isEmpty else {
            frame.put(empty, row: first + 1, column: 2, style: .dim)
            return
        }
        let dueWidth = tasks.contains { $0.due?.minuteOfDay != nil } ? 16 : 10
        // A column of marks only when a task shown has a priority: `!` low to `!!!` high.
        let marks = tasks.contains { $0.priority != .none }
        // As wide as the longest list name shown, up to a quarter of the window.
        let listWidth = showingLists ? min(tasks.map { TerminalText.width(TerminalText.safe($0.listName)) }.max() ?? 0, frame.columns / 4) : 0
        for (offset, task) in tasks.enumerated() {
            let row = first + offset
            let style: CellStyle = task.isDone ? .dim : []
            var column = 1
            column += frame.put(task.isDone ? "[x] " : "[ ] ", row: row, column: column, style: style)
            if marks {
                frame.put(String(repeating: "!", count: task.priority.rank), row: row, column: column, width: 3,
                          style: task.priority == .high && !task.isDone ? [.bold] : style)
                column += 4
            }
            let overdue = !task.isDone && (task.due.map { $0.date < today } ?? false)
            frame.put(task.due?.description ?? "", row: row, column: column, width: dueWidth, style: overdue ? [.red, .bold] : style)
            column += dueWidth + 2
            if showingLists {
                frame.put(task.listName, row: row, column: column, width: listWidth, style: style.union(.dim))
                column += listWidth + 2
            }
            var text = task.title
            if !task.tags.isEmpty { text += "  " + task.tags.map { "#" + $0 }.joined(separator: " ") }
            if let rule = task.repeatRule { text += "  ↻" + rule.description }
            frame.put(text, row: row, column: column, width: frame.columns - column - 1, style: task.priority == .high && !task.isDone ? .bold : style)
            if offset == cursor { frame.paint(row: row, style: .reverse) }
        }
    }
}
