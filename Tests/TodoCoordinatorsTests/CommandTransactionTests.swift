import Testing
import TodoCoordinators
import TodoCore
import TodoTestSupport

/// A command's events run inside one `write`, as the composition root runs them: a failing step
/// or a dry run leaves the repository as it was, and the screens still unwind.
@Suite struct CommandTransactionTests {
    /// `todo done <ids>`: for each id, open its list and complete it; then leave every screen.
    private func done(_ ids: [TodoTask.ID], in app: TestApp, dryRun: Bool = false) throws {
        defer { app.screens.unwindToRoot() }
        try app.repository.write(dryRun: dryRun) {
            for id in ids {
                try app.app.open(.listOfTask(id))
                try app.screens.send(.setDone(id, true))
            }
        }
    }

    @Test func aFailingStepUndoesTheStepsBeforeIt() throws {
        let app = try TestApp(tasks: [("Groceries", "milk")])
        let before = app.repository.allTasks
        let milk = try app.task(titled: "milk")

        #expect(throws: TodoError.taskNotFound(404)) { try done([milk.id, 404], in: app) }

        #expect(app.repository.allTasks == before)
        try app.expectOnlyMainList()
    }

    @Test func aDryRunRendersButKeepsNothing() throws {
        let app = try TestApp(tasks: [("Groceries", "milk")])
        let before = app.repository.allTasks

        try done([app.task(titled: "milk").id], in: app, dryRun: true)

        #expect(app.repository.allTasks == before)
        guard case .task(let shown, .completed)? = app.display.shown.only else {
            Issue.record("rendered \(app.display.shown)")
            return
        }
        #expect(shown.isDone, "the dry run shows what would have happened")
        try app.expectOnlyMainList()
    }

    @Test func aCommandThatSucceedsKeepsEveryStep() throws {
        let app = try TestApp(tasks: [("Groceries", "milk"), ("Work", "report")])
        let ids = app.repository.allTasks.map(\.id)

        try done(ids, in: app)

        #expect(app.repository.allTasks.allSatisfy { $0.isDone })
        try app.expectOnlyMainList()
    }
}
