import Testing
import TodoCoordinators
import TodoCore
import TodoTestSupport

/// Undo and redo are view events MainList and TodoList both handle (the navigator's `u`), and
/// MainList shows the history; none of them moves the navigation.
@Suite struct HistoryFlowTests {
    /// Sends `event` as one change of the history, as the composition root runs a command.
    private func change(_ app: TestApp, _ command: String, _ event: ViewEvent) throws {
        try app.repository.write(dryRun: false, recording: command) { try app.screens.send(event) }
    }

    @Test func mainListUndoesAndRedoesTheNewestChangeAndSaysWhichItWas() throws {
        let app = try TestApp(lists: ["Groceries"])
        try change(app, "new-list Errands", .addList("Errands"))

        try app.screens.send(.undo)
        #expect(try app.repository.list(named: "Errands") == nil)
        try app.screens.send(.redo)
        #expect(try app.repository.list(named: "Errands") != nil)

        let shown = app.display.shown.suffix(2)
        guard case .entry(let undone, .undone) = shown.first, case .entry(let redone, .redone) = shown.last else {
            Issue.record("rendered \(app.display.shown)")
            return
        }
        #expect(undone.command == "new-list Errands" && undone.summary == "created list 'Errands'" && undone.isUndone)
        #expect(redone.id == undone.id && !redone.isUndone)
        try app.expectOnlyMainList()
    }

    @Test func todoListUndoesWhereItStands() throws {
        let app = try TestApp(tasks: [("Groceries", "milk")])
        _ = try app.openList("Groceries")
        try change(app, "add Groceries eggs", .addTask(TaskDraft(title: "eggs")))
        #expect(app.repository.allTasks.map(\.title).sorted() == ["eggs", "milk"])

        try app.screens.send(.undo)
        #expect(app.repository.allTasks.map(\.title) == ["milk"])
        guard case .entry(let entry, .undone)? = app.display.shown.last else {
            Issue.record("rendered \(app.display.shown)")
            return
        }
        #expect(entry.summary == "added task 2")
        #expect(app.screens.stack.count == 2 && app.screens.visibleScreen is TodoListScreen)
    }

    @Test func mainListShowsTheHistoryNewestFirst() throws {
        let app = try TestApp(lists: ["Groceries"])
        try change(app, "new-list A", .addList("A"))
        try change(app, "new-list B", .addList("B"))
        try app.screens.send(.undo)
        try app.screens.send(.showHistory(limit: 5))
        guard case .history(let entries)? = app.display.shown.last else {
            Issue.record("rendered \(app.display.shown)")
            return
        }
        #expect(entries.map(\.command) == ["new-list B", "new-list A"])
        #expect(entries.map(\.isUndone) == [true, false])
    }

    @Test func nothingToUndoIsAnErrorThatShowsNothing() throws {
        let app = try TestApp(lists: ["Groceries"])
        #expect(throws: TodoError.nothingToUndo) { try app.screens.send(.undo) }
        #expect(throws: TodoError.nothingToRedo) { try app.screens.send(.redo) }
        #expect(app.display.shown.isEmpty)
    }

    @Test func editTaskLeavesUndoToTheListBehindIt() throws {
        let app = try TestApp(tasks: [("Groceries", "milk")])
        _ = try app.openList("Groceries")
        try app.screens.send(.selectTask(app.task(titled: "milk").id))
        expectRefused(.undo, by: "EditTaskScreen", in: app.screens)
    }
}
