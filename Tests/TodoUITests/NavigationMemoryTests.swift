import Testing
import TodoCoordinators
import TodoCore
import TodoTestSupport
import TodoUI

/// Leaving a screen by key finishes its coordinator, as in the seeds: nothing is left behind.
@Suite struct NavigationMemoryTests {
    @Test func goingBackReleasesTodoListAndCancellingReleasesEditTask() throws {
        let ui = try Harness()
        try ui.press(.enter)
        weak var todoList = ui.screens.visibleScreen as? TodoListScreen
        weak var todoListCoordinator = todoList?.coordinator
        try ui.press(.enter)
        weak var editTask = ui.screens.visibleScreen as? EditTaskScreen
        weak var editTaskCoordinator = editTask?.coordinator
        #expect(editTask != nil && editTaskCoordinator != nil)

        try ui.press(.escape)
        #expect(editTask == nil && editTaskCoordinator == nil, "Esc on the form: dismissed from outside, finished, released")
        #expect(todoListCoordinator?.childCoordinators.isEmpty == true)
        try ui.press(.escape)
        #expect(todoList == nil && todoListCoordinator == nil, "back: popped from outside, finished, released")
        let mainList = try #require(ui.app.tabBar?.coordinator(of: .lists) as? MainListCoordinator)
        #expect(mainList.childCoordinators.isEmpty)
    }

    @Test func savingReleasesEditTaskToo() throws {
        let ui = try Harness()
        try ui.press(.enter, .enter)
        weak var editTaskCoordinator = (ui.screens.visibleScreen as? EditTaskScreen)?.coordinator
        try ui.type("!")
        try ui.press(.enter)
        #expect(editTaskCoordinator == nil)
        #expect(try ui.repository.task(1)?.title == "water the ferns!")
    }

    /// Only the rows on screen are read: paging through a long list keeps the selection on
    /// screen and reads one window at a time.
    @Test func pagingThroughALongListReadsOneWindowAtATime() throws {
        let ui = try Harness(rows: 10) { repository in
            let list = try repository.createList(named: "Big")
            for i in 1...500 { _ = try repository.addTask(TaskDraft(title: "task \(i)"), to: list.id) }
        }
        try ui.press(.enter)
        #expect(ui.lines[1] == " [ ]             task 1")
        try ui.press(.pageDown)
        #expect(ui.isSelected("task 8"), "a page is the seven rows on screen")
        try ui.press(.pageDown, .pageDown)
        #expect(ui.isSelected("task 22"))
        #expect(ui.lines[1...7] == ArraySlice((16...22).map { " [ ]             task \($0)" }), "\(ui.lines)")
        try ui.press(.pageUp)
        #expect(ui.isSelected("task 15") && ui.lines[1] == " [ ]             task 15")
        try ui.press(.home)
        #expect(ui.isSelected("task 1") && ui.lines[1] == " [ ]             task 1")
        for _ in 0..<100 { try ui.press(.pageDown) }
        #expect(ui.isSelected("task 500"), "the end holds")
    }

    /// Paging through the filter's matches reads them a window at a time too.
    @Test func pagingThroughTheFiltersMatches() throws {
        let ui = try Harness(rows: 10) { repository in
            let list = try repository.createList(named: "Big")
            for i in 1...60 { _ = try repository.addTask(TaskDraft(title: i % 2 == 0 ? "even \(i)" : "odd \(i)"), to: list.id) }
        }
        try ui.press(.enter, .character("/"))
        try ui.type("even")
        try ui.press(.enter)
        try ui.press(.pageDown, .pageDown)
        #expect(ui.isSelected("even 30"), "the fifteenth match: \(ui.lines)")
        for _ in 0..<10 { try ui.press(.pageDown) }
        #expect(ui.isSelected("even 60"), "the last match holds")
    }
}
