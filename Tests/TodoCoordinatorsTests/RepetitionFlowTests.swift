import Testing
import TodoCoordinators
import TodoCore
import TodoTestSupport

/// Completing a repeating task, on TodoList (`done`) or EditTask (`edit --done`), adds exactly
/// one next task in the same list, shown after the done one; the day counts from `testDay`.
@Suite struct RepetitionFlowTests {
    /// Home: "water" (weekly from its due date, 2026-11-02 at 08:00, tagged garden, high) and
    /// "plain" (no rule).
    static func app(from: RepeatFrom = .due) throws -> (TestApp, water: TodoTask, plain: TodoTask) {
        let app = try TestApp(lists: ["Home"])
        let home = try #require(try app.repository.list(named: "Home"))
        let water = try app.repository.addTask(
            TaskDraft(title: "water", notes: "the ferns", due: Due(text: "2026-11-02T08:00"), priority: .high, tags: ["garden"],
                      repeatRule: RepeatRule(text: "weekly"), repeatFrom: from), to: home.id)
        let plain = try app.repository.addTask(TaskDraft(title: "plain", due: Due(text: "2026-11-02")), to: home.id)
        return (app, water, plain)
    }

    static func added(_ app: TestApp) -> [TodoTask] {
        app.display.shown.compactMap { if case .task(let task, .repeated) = $0 { task } else { nil } }
    }

    @Test func doneAddsTheNextTaskAfterTodayInTheSameList() throws {
        let (app, water, _) = try Self.app()
        _ = try app.openList("Home")
        try app.screens.send(.setDone(water.id, true))

        let next = try #require(Self.added(app).only)
        #expect(next.due == Due(text: "2026-11-30T08:00"), "the first Monday of the schedule after the 23rd, one task, at 08:00")
        #expect((next.listID, next.title, next.notes, next.priority, next.tags) == (water.listID, "water", "the ferns", .high, ["garden"]))
        #expect(next.repeatRule == water.repeatRule && next.repeatFrom == .due && !next.isDone)
        guard case .task(let done, .completed) = app.display.shown.first else {
            Issue.record("\(app.display.shown)")
            return
        }
        #expect(done.id == water.id, "the done task is shown first, then its next one")
        #expect(app.repository.allTasks.count == 3)
    }

    @Test func countedFromTheDayItWasDone() throws {
        let (app, water, _) = try Self.app(from: .done)
        _ = try app.openList("Home")
        try app.screens.send(.setDone(water.id, true))
        #expect(Self.added(app).only?.due == Due(text: "2026-11-30T08:00"))
        let (other, task, _) = try Self.app(from: .done)
        try other.repository.write { _ = try other.repository.updateTask(task.id, with: TaskChanges(due: .set(Due(text: "2026-12-20")))) }
        _ = try other.openList("Home")
        try other.screens.send(.setDone(task.id, true))
        #expect(Self.added(other).only?.due == Due(text: "2026-11-30"), "today plus a week, however far ahead it was due")
    }

    @Test func aTaskDoneAlreadyOrReopenedOrWithoutARuleAddsNothing() throws {
        let (app, water, plain) = try Self.app()
        _ = try app.openList("Home")
        try app.screens.send(.setDone(plain.id, true))
        try app.screens.send(.setDone(water.id, true))
        try app.screens.send(.setDone(water.id, true))  // a second done: it is done already
        try app.screens.send(.setDone(water.id, false))
        #expect(Self.added(app).count == 1)
        #expect(app.repository.allTasks.count == 3)
    }

    @Test func editTaskMarkingItDoneAddsTheNextOneToo() throws {
        let (app, water, _) = try Self.app()
        _ = try app.openList("Home")
        try app.screens.send(.selectTask(water.id))
        try app.screens.send(.save(TaskChanges(isDone: true)))
        #expect(Self.added(app).only?.due == Due(text: "2026-11-30T08:00"))
        guard case .task(let saved, .updated) = app.display.shown.first else {
            Issue.record("\(app.display.shown)")
            return
        }
        #expect(saved.isDone && saved.id == water.id)
    }

    @Test func tagsAreListedWithTheirOpenTasks() throws {
        let (app, _, _) = try Self.app()
        try app.screens.send(.showTags)
        #expect(app.display.shown == [.tags([TagCount(name: "garden", openTasks: 1)])])
    }

    /// A schedule that runs past 9999-12-31 makes no next task, and says so to the display
    /// instead of passing over it; the task is done all the same.
    @Test func aScheduleThatRunsPastTheLastDayIsSaidToHaveEnded() throws {
        let app = try TestApp(lists: ["Home"])
        let home = try #require(try app.repository.list(named: "Home"))
        let last = try app.repository.addTask(
            TaskDraft(title: "last", due: Due(text: "9999-12-01"), repeatRule: RepeatRule(text: "1m")), to: home.id)
        _ = try app.openList("Home")
        try app.screens.send(.setDone(last.id, true))
        #expect(Self.added(app).isEmpty)
        guard case .task(let done, .completed) = app.display.shown.first, case .repetitionEnded(let ended) = app.display.shown.last else {
            Issue.record("\(app.display.shown)")
            return
        }
        #expect(done.id == last.id && ended.id == last.id && done.isDone)
        #expect(app.repository.allTasks.count == 1)
    }
}
