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
        weak var todoList = ui.navigator.visibleScreen as? TodoListScreen
        weak var todoListCoordinator = todoList?.coordinator
        try ui.press(.enter)
        weak var editTask = ui.navigator.visibleScreen as? EditTaskScreen
        weak var editTaskCoordinator = editTask?.coordinator
        #expect(editTask != nil && editTaskCoordinator != nil)

        try ui.press(.escape)
        #expect(editTask == nil && editTaskCoordinator == nil, "Esc on the form: dismissed from outside, finished, released")
        #expect(todoListCoordinator?.childCoordinators.isEmpty == true)
        try ui.press(.escape)
        #expect(todoList == nil && todoListCoordinator == nil, "back: popped from outside, finished, released")
        let mainList = try #require(ui.app.childCoordinators.first as? MainListCoordinator)
        #expect(mainList.childCoordinators.isEmpty)
    }

    @Test func savingReleasesEditTaskToo() throws {
        let ui = try Harness()
        try ui.press(.enter, .enter)
        weak var editTaskCoordinator = (ui.navigator.visibleScreen as? EditTaskScreen)?.coordinator
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
        #expect(ui.isSelected("task 7"), "a page is the rows on screen")
        try ui.press(.pageDown, .pageDown)
        #expect(ui.isSelected("task 19"))
        #expect(ui.lines[1...6].allSatisfy { $0.contains("task 1") }, "\(ui.lines)")
        try ui.press(.pageUp)
        #expect(ui.isSelected("task 13"))
        try ui.press(.home)
        #expect(ui.isSelected("task 1") && ui.lines[1] == " [ ]             task 1")
        for _ in 0..<100 { try ui.press(.pageDown) }
        #expect(ui.isSelected("task 500"), "the end holds")
    }
}
