import TodoCoordinators
import TodoCore
import TodoTerminal

/// Drawing: each frame reads again only what it shows (the lists, or one window of a list's
/// tasks), through the same view events, and the terminal writes only the cells that changed.
extension NavigatorApp {
    func draw() throws {
        let size = terminal.size
        drawnSize = size
        var frame = Frame(rows: size.rows, columns: size.columns)
        guard !windowTooSmall else {
            frame.put("Window too small (q quits)", row: 0, column: 0)
            return try terminal.show(frame)
        }
        let body = (first: 1, rows: pageRows)
        switch screens.showing {
        case .tasks(of: let list)?:
            loadTasks()
            title(&frame, list.name + (filter.isEmpty ? "" : "  (filter: \(filter.joined(separator: " ")))"))
            TaskRows.draw(display.tasks.prefix(body.rows), cursor: cursor, into: &frame, at: body.first, rows: body.rows,
                          today: today(), empty: filter.isEmpty ? "No tasks yet. Press a to add one." : "No task matches the filter. Esc clears it.")
        case .openTasks?:
            loadTasks()
            title(&frame, "Open tasks" + (filter.isEmpty ? "" : "  (filter: \(filter.joined(separator: " ")))"))
            TaskRows.draw(display.tasks.prefix(body.rows), cursor: cursor, into: &frame, at: body.first, rows: body.rows, today: today(),
                          empty: filter.isEmpty ? "No open tasks. Press a to add one." : "No task matches the filter. Esc clears it.",
                          showingLists: frame.columns >= 50)
        case .agenda?:
            loadTasks()
            title(&frame, "Due through \(Due(date: agendaLastDay))")
            TaskRows.draw(display.tasks.prefix(body.rows), cursor: cursor, into: &frame, at: body.first, rows: body.rows, today: today(),
                          empty: "Nothing is due through \(Due(date: agendaLastDay)).", showingLists: frame.columns >= 50)
        case .task(let task)?:
            title(&frame, "Edit task \(task.id)")
            if case .form(let form) = mode { FormView.draw(form, into: &frame, at: body.first, rows: body.rows) }
        default:
            loadLists()
            title(&frame, "Lists")
            ListRows.draw(Array(display.lists.prefix(body.rows)), cursor: listCursor, into: &frame, at: body.first, rows: body.rows)
        }
        if case .help = mode { HelpView.draw(helpKeys, into: &frame, at: body.first) }
        statusLine(&frame, row: size.rows - 2)
        hints(&frame, row: size.rows - 1)
        try terminal.show(frame)
    }

    /// Reads the window of tasks the screen shows (one more row than fits, to know there are
    /// more), then keeps the selection on its task.
    func loadTasks() {
        read(from: top, rows: pageRows + 1)
        if let id = selectedTask, !display.tasks.contains(where: { $0.id == id }), let now = find(id) {
            // It moved out of the window (another process wrote): follow it, on the same row.
            top = max(now - cursor, 0)
            cursor = now - top
            read(from: top, rows: pageRows + 1)
        }
        // The end in view with room above it (tasks went, or a page went past the end): the
        // window comes back up, so no row hides above for nothing.
        if top > 0, display.tasks.count < pageRows {
            let back = min(top, pageRows - display.tasks.count)
            (top, cursor) = (top - back, cursor + back)
            read(from: top, rows: pageRows + 1)
        }
        if let id = selectedTask, let index = display.tasks.firstIndex(where: { $0.id == id }) { cursor = index }
        // A task that is gone leaves the cursor where it was, on a row there is.
        cursor = min(cursor, max(min(display.tasks.count, pageRows) - 1, 0))
        selectedTask = selectedTaskShown?.id
    }

    /// `rows` rows of what the screen shows (a list, its filter's matches, every list's open
    /// tasks, the agenda) from row `first`.
    private func read(from first: Int, rows: Int) {
        if case .openTasks? = screens.showing {
            var query = TaskQuery(sort: .due, limit: rows, words: filter)
            query.offset = first
            send(.showTasksAcrossLists(query, lists: []))
        } else if case .agenda? = screens.showing {
            send(.showAgenda(through: agendaLastDay, offset: first, limit: rows))
        } else if filter.isEmpty {
            var query = TaskQuery(includeDone: true, sort: .due, limit: rows)
            query.offset = first
            send(.showTasks(query))
        } else {
            var search = TaskSearch(words: filter, includeDone: true)
            (search.limit, search.offset) = (rows, first)
            send(.showMatches(search))
        }
    }

    /// Where task `id` is now, looking a page either side of the window; nil when not near.
    private func find(_ id: TodoTask.ID) -> Int? {
        let start = max(top - pageRows, 0)
        read(from: start, rows: 3 * pageRows)
        return display.tasks.firstIndex { $0.id == id }.map { start + $0 }
    }

    /// Reads the window of lists the screen shows (one more than fits), then keeps the selection
    /// on its list: only the rows on screen are read, however many lists there are.
    func loadLists() {
        readLists(from: listTop)
        if let id = selectedList, !display.lists.contains(where: { $0.id == id }), let position = try? app.listPosition(of: id) {
            // It moved out of the window (renamed, or lists came and went): follow it, on the same row.
            listTop = max(position - listCursor, 0)
            listCursor = position - listTop
            readLists(from: listTop)
        }
        if listTop > 0, display.lists.count < pageRows {
            // The end in view with room above it (lists went, or a page went past the end): the
            // window comes back up, so no row hides above for nothing.
            let back = min(listTop, pageRows - display.lists.count)
            (listTop, listCursor) = (listTop - back, listCursor + back)
            readLists(from: listTop)
        }
        if display.lists.isEmpty && listTop > 0 {
            // Lists went far past the window: back to the first page.
            (listTop, listCursor) = (0, 0)
            readLists(from: 0)
        }
        if let id = selectedList, let index = display.lists.firstIndex(where: { $0.id == id }) { listCursor = index }
        listCursor = min(listCursor, max(min(display.lists.count, pageRows) - 1, 0))
        selectedList = selectedListShown?.id
    }

    func readLists(from first: Int) {
        send(.showListWindow(offset: first, limit: pageRows + 1))
    }

    /// The list the cursor is on, in the rows read last.
    var selectedListShown: TodoList? {
        display.lists.indices.contains(listCursor) ? display.lists[listCursor] : nil
    }

    /// The last day the Agenda tab shows, as `todo agenda` does by default.
    var agendaLastDay: CivilDate {
        let today = today()
        return today.adding(days: AcrossListsScreen.agendaDaysAhead) ?? today
    }

    /// The header: what is shown, the tabs with their keys (the open one not reversed, and in a
    /// window narrower than 80 columns the only one named), help. Narrower than 60, the title
    /// goes without `todo ·`, for room.
    private func title(_ frame: inout Frame, _ text: String) {
        let tabs = Tab.allCases.map { $0 == tab || frame.columns >= 80 ? "\($0.rawValue) \($0.title)" : "\($0.rawValue)" }
        let tabsWidth = tabs.reduce(0) { $0 + TerminalText.width($1) + 2 }
        var column = frame.columns - 8 - tabsWidth
        frame.put((frame.columns >= 60 ? " todo · " : " ") + text, row: 0, column: 0, width: column - 1, style: .bold)
        var open = (column: 0, width: 0)
        for (each, label) in zip(Tab.allCases, tabs) {
            let width = frame.put(" \(label) ", row: 0, column: column, style: each == tab ? .bold : .dim)
            if each == tab { open = (column, width) }
            column += width
        }
        frame.put("? help ", row: 0, column: frame.columns - 7, style: .dim)
        frame.paint(row: 0, width: open.column, style: .reverse)
        frame.paint(row: 0, column: open.column + open.width, style: .reverse)
    }

    private func statusLine(_ frame: inout Frame, row: Int) {
        switch mode {
        case .prompt(let prompt):
            let used = frame.put(prompt.label + ": ", row: row, column: 1, style: .bold)
            let room = frame.columns - 2 - used
            // The end of the text stays in view, where the cursor is.
            let shown = TextCut.tail(prompt.text, columns: room - 1)
            let width = frame.put(shown, row: row, column: 1 + used, width: room)
            frame.cursor = (row, 1 + used + width)
        case .confirm(let question):
            frame.put(question.text, row: row, column: 1, style: .bold)
        default:
            if let status {
                frame.put(TextCut.atWord(TerminalText.safe(status), columns: frame.columns - 2), row: row, column: 1,
                          style: statusIsError ? [.bold, .red] : [])
            }
            if case .form(let form) = mode, case .task? = screens.showing {
                frame.cursor = FormView.cursor(form, at: 1, rows: pageRows)
            }
        }
    }

    private func hints(_ frame: inout Frame, row: Int) {
        let hints = switch mode {
        case .form: ["↑↓ Tab field", "Enter save", "Esc cancel", "Ctrl-U clear"]
        case .prompt: ["Enter done", "Esc cancel", "Ctrl-U clear"]
        case .confirm: ["y yes", "any other key no"]
        case .browsing, .help: KeyTable.keys(for: screens.showing).compactMap(\.hint)
        }
        frame.put(" " + TextCut.whole(hints, columns: frame.columns - 1), row: row, column: 0, style: .dim)
    }

    var helpKeys: [(String, String)] {
        KeyTable.help(KeyTable.keys(for: screens.showing))
    }
}

/// Cutting text to a number of columns: from its end (a prompt, where the cursor is), at a word
/// (a status line, read as a sentence), or by whole hints (the hint line, never one half shown).
enum TextCut {
    static func atWord(_ text: String, columns: Int) -> String {
        guard TerminalText.width(text) > columns else { return text }
        var out = ""
        var used = 0
        var lastSpace: String.Index?
        for character in text {
            let width = TerminalText.width(String(character))
            if used + width > columns - 1 { break }
            if character == " " { lastSpace = out.endIndex }
            out.append(character)
            used += width
        }
        // At the last word that ends in the first half or later; a long word is cut where it must.
        if let lastSpace, out.distance(from: out.startIndex, to: lastSpace) * 2 >= out.count { out = String(out[..<lastSpace]) }
        return out + "…"
    }

    /// As many of `hints` as fit, two spaces apart, and `…` when some do not.
    static func whole(_ hints: [String], columns: Int) -> String {
        let all = hints.joined(separator: "  ")
        guard TerminalText.width(all) > columns else { return all }
        var out = ""
        for hint in hints {
            let next = out.isEmpty ? hint : out + "  " + hint
            if TerminalText.width(next) + 3 > columns { break }
            out = next
        }
        return out.isEmpty ? "…" : out + "  …"
    }

    static func tail(_ text: String, columns: Int) -> String {
        var out = ""
        var used = 0
        for character in text.reversed() {
            let width = TerminalText.width(String(character))
            if used + width > columns { return "…" + out.dropFirst() }
            out.insert(character, at: out.startIndex)
            used += width
        }
        return out
    }
}

extension NavigatorApp {
    /// How many lists the last frame read (for tests: never more than fit, plus one).
    public var shownLists: Int { display.lists.count }
}
