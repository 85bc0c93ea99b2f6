import TodoCoordinators
import TodoCore

/// One row of the key table: the keys, how help names them (nil: not listed) and what it says
/// they do, the hint line's words for them (nil: help only), and what they do. The keys the
/// navigator reads on a screen, its hint line and its help all come from here (lazygit's habit),
/// so they cannot disagree; docs/manual.md's table of keys says the same.
struct KeyBinding: Sendable {
    let keys: [Key]
    let names: String?
    let help: String
    let hint: String?
    let action: @Sendable (NavigatorApp, Key) -> Void

    init(_ keys: [Key], _ names: String?, _ help: String, hint: String?, _ action: @escaping @Sendable (NavigatorApp, Key) -> Void) {
        (self.keys, self.names, self.help, self.hint, self.action) = (keys, names, help, hint, action)
    }
}

enum KeyTable {
    /// The keys of the screen showing `showing` (a task's form reads its own: `handleForm`).
    static func keys(for showing: Showing?) -> [KeyBinding] {
        switch showing {
        case .tasks?: tasks
        case .openTasks?: openTasks
        case .agenda?: agenda
        default: lists
        }
    }

    static let lists: [KeyBinding] = [
        KeyBinding([.up, .down, .character("k"), .character("j")], "↑/↓  k/j", "move", hint: "↑↓ move") { app, key in
            app.moveList(by: key == .up || key == .character("k") ? -1 : 1)
        },
        KeyBinding([.pageUp, .pageDown], nil, "a page", hint: nil) { app, key in app.moveList(by: key == .pageUp ? -app.pageRows : app.pageRows) },
        KeyBinding([.home], nil, "the first list", hint: nil) { app, _ in (app.listTop, app.listCursor, app.selectedList) = (0, 0, nil) },
        KeyBinding([.enter, .right, .character("l")], "Enter", "open the list", hint: "Enter open") { app, _ in app.openSelectedList() },
        KeyBinding([.character("a")], "a", "new list", hint: "a add") { app, _ in
            app.mode = .prompt(NavigatorApp.Prompt(purpose: .newList, label: "New list", text: ""))
        },
        KeyBinding([.character("e")], "e", "rename the list", hint: "e rename") { app, _ in app.askToRenameSelectedList() },
        KeyBinding([.character("D")], "D", "delete the list (asks y)", hint: "D delete") { app, _ in app.askToDeleteSelectedList() },
        undo, redo, help,
        KeyBinding([.escape, .left, .character("h"), .character("q")], "Esc  q  Ctrl-C", "quit", hint: "q quit") { app, _ in app.quit() },
    ] + tabs

    /// One list's tasks (TodoList).
    static let tasks: [KeyBinding] = moves + [
        edit,
        KeyBinding([.character("a")], "a", "add a task", hint: "a add") { app, _ in
            app.mode = .prompt(NavigatorApp.Prompt(purpose: .addTask, label: "New task", text: ""))
        },
        done, delete, filter, undo, redo,
        KeyBinding([.escape, .left, .character("h")], "Esc  ←  h", "back to the lists", hint: "Esc back") { app, key in
            // Esc clears a filter first; then, as ← and h, it leaves the list.
            if key == .escape && !app.filter.isEmpty { return app.setFilter([]) }
            app.leaveList()
        },
        help, quit,
    ] + tabs

    /// Every list's open tasks (the Tasks tab).
    static let openTasks: [KeyBinding] = moves + [
        edit,
        KeyBinding([.character("a")], "a", "add a task to the default list", hint: "a add") { app, _ in app.askForATaskOfTheDefaultList() },
        doneLeaving, delete, filter, undo, redo,
        KeyBinding([.escape], nil, "clear the filter", hint: nil) { app, _ in app.setFilter([]) },
        help, quit,
    ] + tabs

    /// The days ahead (the Agenda tab).
    static let agenda: [KeyBinding] = moves + [edit, doneLeaving, delete, undo, redo, help, quit] + tabs

    // Rows more than one screen has.

    private static let moves: [KeyBinding] = [
        KeyBinding([.up, .down, .character("k"), .character("j")], "↑/↓  k/j", "move", hint: "↑↓ move") { app, key in
            app.moveTask(by: key == .up || key == .character("k") ? -1 : 1)
        },
        KeyBinding([.pageUp, .pageDown], "PgUp/PgDn", "a page", hint: nil) { app, key in app.moveTask(by: key == .pageUp ? -app.pageRows : app.pageRows) },
        KeyBinding([.home], nil, "the first task", hint: nil) { app, _ in (app.top, app.cursor, app.selectedTask) = (0, 0, nil) },
    ]
    private static let edit = KeyBinding([.enter, .character("e"), .right, .character("l")], "Enter  e", "edit the task", hint: "Enter edit") { app, _ in
        app.editSelectedTask()
    }
    private static let done = KeyBinding([.character(" ")], "space", "mark done / open again", hint: "space done") { app, _ in app.toggleSelectedTask() }
    /// Where only open tasks are shown, a task marked done leaves the view.
    private static let doneLeaving = KeyBinding([.character(" ")], "space", "mark done (it leaves the view)", hint: "space done") { app, _ in
        app.toggleSelectedTask()
    }
    private static let delete = KeyBinding([.character("D")], "D", "delete the task (asks y)", hint: "D delete") { app, _ in app.askToDeleteSelectedTask() }
    private static let filter = KeyBinding([.character("/")], "/", "filter by words; Esc clears", hint: "/ filter") { app, _ in
        app.mode = .prompt(NavigatorApp.Prompt(purpose: .filter(before: app.filter), label: "Filter", text: app.filter.joined(separator: " ")))
    }
    private static let undo = KeyBinding([.character("u")], "u", "undo the last change", hint: "u undo") { app, _ in app.send(.undo) }
    private static let redo = KeyBinding([.character("U")], "U", "redo the change last undone", hint: nil) { app, _ in app.send(.redo) }
    private static let help = KeyBinding([.character("?")], "?", "this help", hint: nil) { app, _ in app.mode = .help }
    private static let quit = KeyBinding([.character("q")], "q  Ctrl-C", "quit", hint: "q quit") { app, _ in app.quit() }
    /// On every screen but a task's form: the header names the tabs with their keys.
    private static let tabs: [KeyBinding] = [
        KeyBinding([.character("1"), .character("2"), .character("3")], "1  2  3", "the Lists, Tasks, Agenda tab", hint: nil) { app, key in
            if case .character(let digit) = key, let tab = digit.wholeNumberValue.flatMap(Tab.init(rawValue:)) { app.show(tab) }
        },
        KeyBinding([.tab, .backTab], "Tab  Shift-Tab", "the next, the previous tab", hint: nil) { app, key in
            app.show(app.tab.next(by: key == .tab ? 1 : -1))
        },
    ]

    /// Help's rows: the keys' names and what they do.
    static func help(_ table: [KeyBinding]) -> [(String, String)] {
        table.compactMap { binding in binding.names.map { ($0, binding.help) } }
    }
}
