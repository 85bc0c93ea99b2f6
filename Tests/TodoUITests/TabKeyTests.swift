import Testing
import TodoCoordinators
import TodoCore
import TodoTestSupport
import TodoUI

/// The navigator's tabs: `1` Lists, `2` Tasks, `3` Agenda, `Tab`/`Shift-Tab` cycle them; each
/// is found as it was left, and quitting finishes every tab's coordinators.
@Suite struct TabKeyTests {
    @Test func twoShowsEveryOpenTaskWithItsList() throws {
        let ui = try Harness()
        try ui.press(.character("2"))
        #expect(ui.text == """
             todo · Open tasks                        1  2 Tasks  3  ? help
             [ ]     2026-11-20        Home  water the ferns  #garden  ↻1w
             [ ] !!! 2026-11-25T18:30  Home  call mum
             [ ]                       Work  report







             ↑↓ move  Enter edit  a add  space done  D delete  / filter  …
            """)
        let screen = try #require(ui.terminal.screen)
        #expect(screen[0, 46].style.contains(.bold) && !screen[0, 46].style.contains(.reverse), "the open tab stands out of the bar")
        #expect(screen[0, 42].style.contains(.reverse) && screen[0, 54].style.contains(.reverse))
        #expect(ui.isSelected("water the ferns"))
    }

    @Test func threeShowsTheAgendaOfTheWeekAhead() throws {
        let ui = try Harness { repository in
            try Harness.sample(repository)
            let work = try #require(try repository.list(named: "Work"))
            _ = try repository.addTask(TaskDraft(title: "in eight days", due: Due(text: "2026-12-01")), to: work.id)
            _ = try repository.addTask(TaskDraft(title: "in seven days", due: Due(text: "2026-11-30")), to: work.id)
        }
        try ui.press(.character("3"))
        #expect(ui.lines[0].hasPrefix(" todo · Due through 2026-11-30"))
        #expect(ui.lines[1...4] == [" [ ]     2026-11-20        Home  water the ferns  #garden  ↻1w",
                                    " [ ] !!! 2026-11-25T18:30  Home  call mum",
                                    " [ ]     2026-11-30        Work  in seven days",
                                    ""], "\(ui.lines)")
    }

    @Test func tabCyclesAndEachTabIsFoundAsItWasLeft() throws {
        let ui = try Harness()
        try ui.press(.enter, .down)
        #expect(ui.isSelected("call mum"))
        try ui.press(.tab, .character("/"))
        try ui.type("report")
        try ui.press(.enter)
        #expect(ui.lines[0].contains("Open tasks  (filter: report)") && ui.isSelected("report"))
        try ui.press(.tab)
        #expect(ui.lines[0].contains("Due through"))
        try ui.press(.tab)
        #expect(ui.lines[0].contains("todo · Home") && ui.isSelected("call mum"), "the list still open, the same task selected")
        try ui.press(.backTab)
        #expect(ui.lines[0].contains("Due through"))
        try ui.press(.character("2"))
        #expect(ui.lines[0].contains("(filter: report)") && ui.lines[2] == "", "the filter kept: \(ui.lines)")
        try ui.press(.escape)
        #expect(ui.lines[0].contains("todo · Open tasks ") && ui.row(containing: "call mum") != nil, "Esc clears it")
    }

    @Test func onTheTasksTabATaskIsEditedCompletedAndDeleted() throws {
        let ui = try Harness()
        try ui.press(.character("2"), .down, .enter)
        #expect(ui.text.contains("Edit task 2"))
        try ui.type(" back")
        try ui.press(.enter)
        #expect(ui.lines[2].hasSuffix("Home  call mum back") && ui.text.contains("Saved 2: call mum back"))
        try ui.press(.character(" "))
        #expect(ui.text.contains("Done 2: call mum back"))
        #expect(!ui.lines[1...3].contains { $0.contains("call mum") }, "only open tasks are shown: \(ui.text)")
        try ui.press(.up, .character("D"), .character("y"))
        #expect(ui.text.contains("Deleted 1: water the ferns"))
        #expect(try ui.repository.task(1) == nil && ui.repository.task(2)?.isDone == true)
        var commands: [String] = []
        try ui.repository.forEachHistoryEntry(limit: 3) { commands.append($0.command) }
        #expect(commands == ["rm 1", "done 2", "edit 2 --title 'call mum back'"])
        try ui.press(.character("u"))
        #expect(try ui.repository.task(1) != nil, "u undoes on this tab too")
    }

    /// A page down where every row fits moves the selection to the last row and hides none above.
    @Test func aPageDownWhereEverythingFitsHidesNothing() throws {
        let ui = try Harness()
        try ui.press(.pageDown)
        #expect(ui.lines[1].contains("Home") && ui.isSelected("Work"), "\(ui.lines)")
        try ui.press(.up, .enter)
        try ui.press(.pageDown)
        #expect(ui.lines[1].contains("water the ferns") && ui.isSelected("old chore"), "\(ui.lines)")
        try ui.press(.character("2"), .pageDown)
        #expect(ui.lines[1].contains("water the ferns") && ui.isSelected("report"), "\(ui.lines)")
    }

    /// In a window too short for the whole form, the field typed into is always on screen.
    @Test func aShortWindowsFormScrollsToTheFieldTypedInto() throws {
        let ui = try Harness(rows: 8)
        try ui.press(.enter, .enter)
        for _ in 0..<5 { try ui.press(.down) }
        #expect(ui.text.contains("▸ Tags") && ui.text.contains("garden"), "\(ui.text)")
        #expect(!ui.text.contains("Title"), "the first fields scrolled away")
        let cursor = try #require(ui.terminal.screen?.cursor)
        #expect(ui.lines[cursor.row].contains("▸ Tags"), "the cursor is on the field typed into")
        try ui.type(" x")
        try ui.press(.enter)
        #expect(try ui.repository.task(1)?.tags == ["garden", "x"])
    }

    /// Esc while changing the filter goes back to the filter as it was, as the hint says.
    @Test func escWhileChangingTheFilterKeepsTheOldOne() throws {
        let ui = try Harness()
        try ui.press(.character("2"), .character("/"))
        try ui.type("mum")
        try ui.press(.enter, .character("/"))
        try ui.type("x")
        #expect(ui.lines[0].contains("(filter: mumx)"))
        try ui.press(.escape)
        #expect(ui.lines[0].contains("(filter: mum)") && ui.isSelected("call mum"), "\(ui.lines)")
    }

    /// `a` on the Tasks tab adds to the default list (made when missing), as `todo add TITLE`.
    @Test func aOnTheTasksTabAddsToTheDefaultList() throws {
        let ui = try Harness(defaultList: { "Errands" })
        try ui.press(.character("2"), .character("a"))
        #expect(ui.text.contains("New task in Errands:"))
        try ui.type("buy oat milk")
        try ui.press(.enter)
        let added = try #require(ui.repository.allTasks.first { $0.title == "buy oat milk" })
        #expect(added.listName == "Errands" && ui.isSelected("buy oat milk"), "\(ui.lines)")
        #expect(ui.text.contains("Added \(added.id): buy oat milk (in Errands, a new list)"), "the list made on the way is said")
        #expect(ui.row(containing: "Errands  buy oat milk") != nil)
        var commands: [String] = []
        try ui.repository.forEachHistoryEntry(limit: 1) { commands.append($0.command) }
        #expect(commands == ["add Errands 'buy oat milk'"])
        try ui.press(.character("u"))
        #expect(try ui.repository.list(named: "Errands") == nil, "undo takes the list made on the way too")

        let refused = try Harness(defaultList: { throw UIError() })
        try refused.press(.character("2"), .character("a"))
        #expect(refused.text.contains("Error: no default list"), "\(refused.lines)")
        let tooLong = try Harness(defaultList: { String(repeating: "l", count: 1100) })
        try tooLong.press(.character("2"), .character("a"))
        #expect(tooLong.text.contains("Error: TODO_DEFAULT_LIST: ") && !tooLong.text.contains("New task in"), "said at once: \(tooLong.lines)")
    }

    private struct UIError: Error, CustomStringConvertible { var description: String { "no default list" } }

    /// In a narrow window the header keeps the title whole where it can: no `todo ·`, and only
    /// the open tab named.
    @Test func aNarrowHeaderKeepsTheTitle() throws {
        let ui = try Harness(columns: 50)
        try ui.press(.character("3"))
        #expect(ui.lines[0] == " Due through 2026-11-30    1  2  3 Agenda  ? help", "\(ui.lines[0])")
        // Narrower than 50, the rows drop their list column, for the titles.
        let narrow = try Harness(columns: 40)
        try narrow.press(.character("2"))
        #expect(narrow.lines[1].contains("water the") && !narrow.lines[1].contains("Home"), "\(narrow.lines)")
    }

    /// The form saves only if the task is still as it was opened on: another process's change
    /// meanwhile is not overwritten, and the form closes so that opening it shows the task now.
    @Test func theFormDoesNotOverwriteAnotherProcesssChange() throws {
        let ui = try Harness()
        try ui.press(.character("2"), .down, .enter)
        #expect(ui.text.contains("Edit task 2"))
        let other: any TodoRepository = try ui.database.another()
        try other.write { _ = try other.updateTask(2, with: TaskChanges(title: "call mum from outside")) }
        try ui.type(" x")
        try ui.press(.enter)
        #expect(try ui.repository.task(2)?.title == "call mum from outside")
        #expect(ui.text.contains("Error: task 2 was changed by another command") && !ui.text.contains("Edit task 2"), "\(ui.lines)")
        try ui.press(.enter)
        #expect(ui.text.contains("call mum from outside"), "opened again, as it is now")
    }

    /// A list on show that another process renames shows its new name (and a task added then is
    /// recorded under it); one another process deletes is left, and that is said.
    @Test func aListRenamedOrDeletedElsewhereIsSeen() throws {
        let ui = try Harness()
        try ui.press(.enter)
        let other: any TodoRepository = try ui.database.another()
        let home = try #require(try other.list(named: "Home"))
        try other.write { _ = try other.renameList(home.id, to: "House") }
        try ui.ui.refreshIfChanged()
        #expect(ui.lines[0].contains("todo · House"), "\(ui.lines[0])")
        try ui.press(.character("a"))
        try ui.type("after the rename")
        try ui.press(.enter)
        var commands: [String] = []
        try ui.repository.forEachHistoryEntry(limit: 1) { commands.append($0.command) }
        #expect(commands == ["add House 'after the rename'"], "a command that would do it again")

        try other.write { _ = try other.deleteList(home.id, force: true) }
        try ui.ui.refreshIfChanged()
        #expect(ui.lines[0].contains("todo · Lists") && ui.text.contains("The list was deleted by another command"), "\(ui.lines)")
    }

    @Test func helpOnATabListsTheTabKeys() throws {
        let ui = try Harness(rows: 24)
        try ui.press(.character("3"), .character("?"))
        #expect(ui.text.contains("1  2  3") && ui.text.contains("the Lists, Tasks, Agenda tab"))
        #expect(ui.text.contains("Tab  Shift-Tab") && !ui.text.contains("add a task"))
    }

    /// Leaving `todo ui` finishes every tab: the coordinators and screens of all three, a list
    /// left open on one and a form on another, are released while the view itself lives on.
    @Test func quittingFinishesEveryTabsCoordinators() throws {
        let ui = try Harness()
        try ui.press(.enter)
        weak let todoList = ui.screens.visibleScreen as? TodoListScreen
        weak let todoListCoordinator = todoList?.coordinator
        try ui.press(.character("2"), .enter)
        weak let editTask = ui.screens.visibleScreen as? EditTaskScreen
        weak let editTaskCoordinator = editTask?.coordinator
        weak let tabBar = ui.app.tabBar
        weak let mainList = ui.app.tabBar?.coordinator(of: .lists) as? MainListCoordinator
        weak let tasks = ui.app.tabBar?.coordinator(of: .tasks) as? AcrossListsCoordinator
        weak let agenda = ui.app.tabBar?.coordinator(of: .agenda) as? AcrossListsCoordinator
        do {
            let alive: [AnyObject?] = [todoList, todoListCoordinator, editTask, editTaskCoordinator, tabBar, mainList, tasks, agenda]
            #expect(alive.allSatisfy { $0 != nil } && editTaskCoordinator?.parentCoordinator === tasks)
        }

        try ui.press(.control("c"))

        #expect(ui.ui.isFinished)
        let gone: [AnyObject?] = [todoList, todoListCoordinator, editTask, editTaskCoordinator, tabBar, mainList, tasks, agenda]
        #expect(gone.allSatisfy { $0 == nil }, "\(gone)")
        #expect(ui.app.childCoordinators.isEmpty)
    }
}
