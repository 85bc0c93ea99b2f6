import Testing
import TodoCoordinators
import TodoCore
import TodoSQLite
import TodoTestSupport
import TodoUI

/// Every key of the manual's table, pressed on the in-memory terminal: what the screen shows after
/// it, and what the repository holds.
@Suite struct KeyTests {
    @Test func arrowsAndVimKeysMoveTheSelection() throws {
        let ui = try Harness()
        try ui.press(.down)
        #expect(ui.isSelected("Work"))
        try ui.press(.character("k"))
        #expect(ui.isSelected("Home"))
        try ui.press(.character("j"), .enter)
        #expect(ui.text.contains("todo · Work"))
        try ui.press(.escape)
        #expect(ui.isSelected("Work"), "back where it was")
        try ui.press(.up, .enter, .character("j"))
        #expect(ui.isSelected("call mum"))
        try ui.press(.up)
        #expect(ui.isSelected("water the ferns"))
        try ui.press(.down, .down, .down, .down)
        #expect(ui.isSelected("old chore"), "the last row holds")
    }

    /// Only the lists on screen are read, however many there are, and the selection pages
    /// through all of them (all 200,000 lists were read for every frame, 37 MB).
    @Test func pagingThroughManyListsReadsOnlyTheWindow() throws {
        let ui = try Harness(rows: 12) { repository in
            for number in 0..<500 { _ = try repository.createList(named: "list " + String(String(number + 1000).dropFirst())) }
        }
        let rows = 12 - 3
        #expect(ui.ui.shownLists <= rows + 1)
        try ui.press(.pageDown, .pageDown, .down)
        #expect(ui.ui.shownLists <= rows + 1)
        #expect(ui.isSelected("list 019"), "\(ui.text)")
        try ui.press(.enter)
        #expect(ui.text.contains("todo · list 019"), "\(ui.text)")
        try ui.press(.escape)
        #expect(ui.isSelected("list 019"), "back where it was: \(ui.text)")
        for _ in 0..<60 { try ui.press(.pageDown) }
        #expect(ui.isSelected("list 499"), "the last list, after paging past it: \(ui.text)")
        try ui.press(.home)
        #expect(ui.isSelected("list 000"), "\(ui.text)")
        // A new list is selected wherever it sorts.
        try ui.press(.character("a"))
        try ui.type("list 250x")
        try ui.press(.enter)
        #expect(ui.isSelected("list 250x"), "\(ui.text)")
        try ui.press(.enter)
        #expect(ui.text.contains("todo · list 250x"), "\(ui.text)")
    }

    @Test func addAListThenATaskInIt() throws {
        let ui = try Harness()
        try ui.press(.character("a"))
        try ui.type("Errands")
        #expect(ui.lines[10] == " New list: Errands")
        try ui.press(.enter)
        #expect(ui.isSelected("Errands"), "the new list is selected")
        #expect(ui.lines[10] == " Created the list Errands")
        try ui.press(.enter, .character("a"))
        try ui.type("buy stamps")
        try ui.press(.backspace)
        try ui.type("s")
        try ui.press(.enter)
        #expect(ui.lines[1] == " [ ]             buy stamps")
        #expect(ui.lines[10].hasPrefix(" Added 5: buy stamps"))
        let list = try #require(try ui.repository.list(named: "Errands"))
        #expect(ui.repository.allTasks.filter { $0.listID == list.id }.map(\.title) == ["buy stamps"])
        // Quoted as the command line's own entry would be (it was `add Errands buy stamps`,
        // which typed again adds "buy" to a list "Errands stamps"... or a task "buy stamps"?).
        #expect(try history(ui).first == "add Errands 'buy stamps'", "one change, recorded as the command would be")
    }

    @Test func escapeCancelsAPromptAndAnEmptyNameIsRefused() throws {
        let ui = try Harness()
        try ui.press(.character("a"))
        try ui.type("Nope")
        try ui.press(.escape)
        #expect(try ui.repository.list(named: "Nope") == nil)
        try ui.press(.character("a"), .enter)
        #expect(ui.lines[10] == " Error: a list name cannot be empty")
        try ui.press(.character("a"))
        try ui.type("abc")
        try ui.press(.control("u"))
        #expect(ui.lines[10] == " New list:")
    }

    @Test func spaceMarksDoneAndOpensAgain() throws {
        let ui = try Harness()
        try ui.press(.enter, .down, .character(" "))
        #expect(ui.lines[2] == " [x] !!! 2026-11-25T18:30  call mum", "done tasks go after the open ones")
        #expect(ui.lines[10].hasPrefix(" Done 2: call mum"))
        #expect(ui.isSelected("call mum"), "the selection follows the task")
        try ui.press(.character(" "))
        #expect(ui.lines[2] == " [ ] !!! 2026-11-25T18:30  call mum")
        #expect(try ui.repository.task(2)?.isDone == false)
    }

    @Test func doneOnARepeatingTaskAddsItsNextOne() throws {
        let ui = try Harness()
        try ui.press(.enter, .character(" "))
        #expect(ui.lines[1] == " [ ] !!! 2026-11-25T18:30  call mum")
        #expect(ui.lines[2] == " [ ]     2026-11-27        water the ferns  #garden  ↻1w")
        #expect(ui.lines[10].contains("next one due 2026-11-27"))
    }

    @Test func deleteAsksAndOnlyYDeletes() throws {
        let ui = try Harness()
        try ui.press(.enter, .down, .character("D"))
        #expect(ui.lines[10] == " Delete task 2 call mum? y/n")
        try ui.press(.character("n"))
        #expect(try ui.repository.task(2) != nil)
        #expect(ui.lines[10] == " Nothing was deleted")
        try ui.press(.character("D"), .character("y"))
        #expect(try ui.repository.task(2) == nil)
        #expect(ui.lines[1...2] == [" [ ] 2026-11-20  water the ferns  #garden  ↻1w", " [x]             old chore"])
    }

    @Test func deletingAListWithTasksSaysHowManyGoWithIt() throws {
        let ui = try Harness()
        try ui.press(.character("D"))
        #expect(ui.lines[10] == " Delete the list Home and its 3 tasks? y/n")
        try ui.press(.character("y"))
        #expect(try ui.repository.list(named: "Home") == nil)
        #expect(ui.lines[1] == "  Work  1 open  0 done")
    }

    @Test func renameStartsFromTheNameAtTheEnd() throws {
        let ui = try Harness()
        try ui.press(.character("e"))
        #expect(ui.lines[10] == " Rename Home to: Home")
        #expect(ui.terminal.screen?.cursor ?? (0, 0) == (10, 21))
        try ui.type(" & garden")
        try ui.press(.enter)
        #expect(try ui.repository.list(named: "Home & garden") != nil)
        #expect(try history(ui).first == "rename-list Home 'Home & garden'")
    }

    @Test func enterOrEOpensTheFormAndEnterSavesIt() throws {
        let ui = try Harness()
        try ui.press(.enter, .down, .character("e"), .control("u"))
        try ui.type("call mum back")
        try ui.press(.tab, .tab, .control("u"))
        try ui.type("tomorrow")
        try ui.press(.down, .control("u"))
        try ui.type("low")
        try ui.press(.down, .down, .control("u"))
        try ui.type("phone Family")
        try ui.press(.down)
        try ui.type("2w from done")
        try ui.press(.enter)
        let task = try #require(try ui.repository.task(2))
        #expect((task.title, task.due, task.priority, task.tags) == ("call mum back", Due(text: "2026-11-24"), .low, ["Family", "phone"]))
        #expect((task.repeatRule, task.repeatFrom) == (RepeatRule(text: "2w"), .done))
        #expect(ui.text.contains("todo · Home") && ui.lines[10].hasPrefix(" Saved 2: call mum back"))
        // The history says what the form did, as a command line that would do it again.
        let command = try #require(try history(ui).first)
        #expect(command.hasPrefix("edit 2 --title 'call mum back' --due 2026-11-24 --priority low") && command.contains("--tag phone")
                && command.contains("--tag Family") && command.hasSuffix("--repeat 2w --repeat-from done"), "\(command)")
    }

    @Test func aBadValueIsShownOnTheFormAndNothingIsSaved() throws {
        let ui = try Harness()
        try ui.press(.enter, .enter, .down, .down, .control("u"))
        try ui.type("someday")
        try ui.press(.enter)
        #expect(ui.text.contains("Edit task 1"), "the form stays open")
        #expect(ui.lines[10].hasPrefix(" Error: invalid due date 'someday'"))
        try ui.press(.control("u"), .enter)
        #expect(ui.lines[10].hasPrefix(" Error: task 1 repeats, so it needs a due date"), "the repository's refusal, shown the same way")
        #expect(try ui.repository.task(1)?.due == Due(text: "2026-11-20"))
        try ui.press(.escape)
        #expect(ui.text.contains("todo · Home"))
        #expect(!ui.text.contains("Error:"), "the form's error goes with the form")
        #expect(try ui.repository.task(1)?.due == Due(text: "2026-11-20"), "Esc saves nothing")
    }

    @Test func theFilterKeepsMatchingTasksAndEscClearsIt() throws {
        let ui = try Harness()
        try ui.press(.enter, .character("/"))
        try ui.type("mum")
        #expect(ui.lines[1] == " [ ] !!! 2026-11-25T18:30  call mum", "narrowed while typing")
        #expect(ui.lines[2] == "")
        try ui.press(.enter)
        #expect(ui.lines[0].contains("(filter: mum)"))
        try ui.press(.escape)
        #expect(ui.lines[3] == " [x]                       old chore", "Esc clears the filter before it goes back")
        #expect(ui.text.contains("todo · Home"))
    }

    @Test func undoOnEitherScreenRevertsTheLastChange() throws {
        let ui = try Harness()
        try ui.press(.enter, .character(" "), .character("u"))
        #expect(ui.lines[1] == " [ ]     2026-11-20        water the ferns  #garden  ↻1w")
        #expect(ui.lines[10].hasPrefix(" Undid:"))
        #expect(ui.repository.allTasks.count == 4, "the next task went too")
        try ui.press(.escape, .character("u"))
        #expect(ui.lines[10].hasPrefix(" Error: there is nothing to undo"))
    }

    /// `U` redoes what `u` undid, on either screen.
    @Test func shiftUOnEitherScreenRedoesTheChangeLastUndone() throws {
        let ui = try Harness()
        try ui.press(.enter, .character(" "), .character("u"), .character("U"))
        #expect(ui.lines[10].hasPrefix(" Redid:"), "\(ui.lines[10])")
        #expect(ui.repository.allTasks.count == 5, "the next task came back too")
        try ui.press(.escape, .character("u"), .character("U"))
        #expect(ui.lines[10].hasPrefix(" Redid:"))
        try ui.press(.character("U"))
        #expect(ui.lines[10].hasPrefix(" Error: there is nothing to redo"))
    }

    @Test func backQuitAndCtrlC() throws {
        for back in [Key.escape, .left, .character("h")] {
            let ui = try Harness()
            try ui.press(.enter, back)
            #expect(ui.text.contains("todo · Lists"), "\(back)")
        }
        for quit in [Key.escape, .character("q"), .control("c")] {
            let ui = try Harness()
            try ui.press(quit)
            #expect(ui.ui.isFinished, "\(quit) on MainList quits")
        }
        let ui = try Harness()
        try ui.press(.enter, .character("q"))
        #expect(ui.ui.isFinished, "q quits from TodoList too")
    }

    @Test func aResizeDrawsTheScreenAgainAtTheNewSize() throws {
        let ui = try Harness()
        ui.terminal.size = (8, 30)
        try ui.ui.refreshIfChanged()
        #expect(ui.lines.count == 8 && ui.terminal.screen?.columns == 30)
        #expect(ui.lines[7] == " ↑↓ move  Enter open  a add  …")
        ui.terminal.size = (3, 10)
        try ui.ui.refreshIfChanged()
        #expect(ui.lines[0] == "Window to…")
    }

    @Test func anotherProcesssChangeShowsAndTheSelectionStaysOnItsTask() throws {
        let ui = try Harness()
        try ui.press(.enter, .down)
        #expect(ui.isSelected("call mum"))
        let home = try #require(try ui.repository.list(named: "Home"))
        try ui.repository.write { _ = try ui.repository.addTask(TaskDraft(title: "sooner", due: Due(text: "2026-11-01")), to: home.id) }
        try ui.ui.refreshIfChanged()
        #expect(!ui.text.contains("sooner"), "nothing is read again until the data version moves (its own writes do not)")
        _ = try ui.database.another().createList(named: "Elsewhere")
        try ui.ui.refreshIfChanged()
        #expect(ui.lines[1] == " [ ]     2026-11-01        sooner")
        #expect(ui.isSelected("call mum"), "the same task, now one row down")
    }

    @Test func theSelectionFollowsItsTaskOutOfTheWindow() throws {
        let ui = try Harness(rows: 8)
        try ui.press(.enter, .down)
        #expect(ui.isSelected("call mum") && ui.row(containing: "call mum") == 2)
        let home = try #require(try ui.repository.list(named: "Home"))
        try ui.repository.write {
            for day in 1...9 { _ = try ui.repository.addTask(TaskDraft(title: "earlier \(day)", due: Due(text: "2026-11-0\(day)")), to: home.id) }
        }
        _ = try ui.database.another().createList(named: "Elsewhere")
        try ui.ui.refreshIfChanged()
        #expect(ui.isSelected("call mum"), "nine tasks now come before it: \(ui.lines)")
        // On the row it was on, unless that would leave rows empty below while some hide above.
        #expect(ui.row(containing: "call mum") == 4 && ui.lines[1].contains("earlier 8") && ui.lines[5].contains("old chore"), "\(ui.lines)")
    }

    func history(_ ui: Harness) throws -> [String] {
        var commands: [String] = []
        try ui.repository.forEachHistoryEntry(limit: 10) { commands.append($0.command) }
        return commands
    }
}
