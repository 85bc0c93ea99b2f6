import Testing
import TodoCore
import TodoTestSupport
import TodoUI

/// Each screen, given its data and the terminal's size, is exactly this text.
@Suite struct ScreenSnapshotTests {
    @Test func mainListShowsEveryListWithItsCounts() throws {
        let ui = try Harness()
        #expect(ui.text == """
             todo · Lists                             1 Lists  2  3  ? help
              Home  2 open  1 done
              Work  1 open  0 done








             ↑↓ move  Enter open  a add  e rename  D delete  u undo  q quit
            """)
        #expect(ui.isSelected("Home") && !ui.isSelected("Work"), "the selection starts on the first row")
    }

    @Test func todoListShowsOpenTasksThenDoneOnes() throws {
        let ui = try Harness()
        try ui.press(.enter)
        #expect(ui.text == """
             todo · Home                              1 Lists  2  3  ? help
             [ ]     2026-11-20        water the ferns  #garden  ↻1w
             [ ] !!! 2026-11-25T18:30  call mum
             [x]                       old chore







             ↑↓ move  Enter edit  a add  space done  D delete  / filter  …
            """)
        let screen = try #require(ui.terminal.screen)
        #expect(screen[1, 9].style.contains(.red), "an overdue date is red")
        #expect(screen[2, 5].style.contains(.bold), "a high priority's marks are bold")
        #expect(screen[3, 1].style.contains(.dim), "a done task is dim")
        #expect(ui.isSelected("water the ferns"))
    }

    @Test func editTaskIsAFormOverEveryField() throws {
        let ui = try Harness()
        try ui.press(.enter, .down, .enter)
        #expect(ui.text == """
             todo · Edit task 2                       1 Lists  2  3  ? help

             ▸ Title      call mum
               Notes
               Due        2026-11-25T18:30
               Priority   high
               List       Home
               Tags
               Repeat

               Due: 2026-12-01, 2026-12-01T09:30, today, fri, +3d.  Repeat:…
             ↑↓ Tab field  Enter save  Esc cancel  Ctrl-U clear
            """)
        #expect(ui.terminal.screen?.cursor ?? (0, 0) == (2, 22), "the cursor at the end of the title")
    }

    /// A status line too long for the terminal ends at a word, with `…`; the hint line shows
    /// whole hints only.
    @Test func longLinesAreCutAtAWordAndHintsWhole() throws {
        let ui = try Harness(rows: 12, columns: 40) { repository in
            let list = try repository.createList(named: "Home")
            _ = try repository.addTask(TaskDraft(title: "a rather long title that will not fit"), to: list.id)
        }
        try ui.press(.enter, .character(" "))
        let status = ui.lines[10]
        #expect(status == " Done 1: a rather long title that…", "\(status)")
        #expect(ui.lines[11] == " ↑↓ move  Enter edit  a add  …", "\(ui.lines[11])")
    }

    /// The help covers whole rows: nothing of the screen under it shows at its sides.
    @Test func helpCoversTheRowsItIsOn() throws {
        let ui = try Harness()
        try ui.press(.enter, .character("?"))
        #expect(ui.lines[1...9].allSatisfy { !$0.hasPrefix(" [") }, "\(ui.text)")
    }

    @Test func helpListsTheKeysOfTheScreenUnderIt() throws {
        let ui = try Harness(rows: 20)
        try ui.press(.character("?"))
        for line in ["Keys (any key closes this)", "↑/↓  k/j         move", "Enter            open the list", "a                new list",
                     "e                rename the list", "D                delete the list (asks y)", "u                undo the last change",
                     "?                this help", "Esc  q  Ctrl-C   quit"] {
            #expect(ui.text.contains(line), "\(line)")
        }
        try ui.press(.character("x"))
        #expect(!ui.text.contains("Keys (any key closes this)"), "any key closes it")
        try ui.press(.enter, .character("?"))
        #expect(ui.text.contains("mark done / open again") && ui.text.contains("filter by words"))
    }

    @Test func wideCharactersLineUpAndControlCharactersAreShownEscaped() throws {
        let ui = try Harness(rows: 8, columns: 40) { repository in
            let list = try repository.createList(named: "日本")
            _ = try repository.addTask(TaskDraft(title: "日本語のタスクとても長いタイトルです"), to: list.id)
            _ = try repository.addTask(TaskDraft(title: "red \u{1B}[31malert\u{7} 👩‍👩‍👧"), to: list.id)
        }
        try ui.press(.enter)
        // 22 columns for the title: ten wide characters, then no room for half of one, so …
        #expect(ui.lines[1] == " [ ]             日本語のタスクとても…", "cut with … at a character, in 40 columns")
        #expect(ui.lines[2] == " [ ]             red \\x1b[31malert\\x07…", "escapes shown, never sent")
        let screen = try #require(ui.terminal.screen)
        #expect(screen[1, 18].text == "" && screen[1, 17].text == "日", "a wide character takes two cells")
    }
}
