import Foundation
import Testing
import TodoTestSupport

/// `todo edit ID` alone, on a terminal: the task as a short text form in `$VISUAL`/`$EDITOR`/vi.
/// The terminal is `script`'s pseudo-terminal; the editors are shell scripts that edit the file
/// as a person would (and, once, real vi in tmux).
@Suite struct EditorTests {
    /// Runs `todo edit <arguments>` on a pseudo-terminal with `editor` (a shell script's body,
    /// `$1` the file) as $EDITOR.
    static func editOnATerminal(_ todo: TodoRunner, _ arguments: String, editor: String, environment: [String: String?] = [:]) throws -> RunResult {
        let script = todo.directory.path("editor-\(UInt32.random(in: 0...UInt32.max)).sh")
        try Data("#!/bin/sh\n\(editor)\n".utf8).write(to: URL(fileURLWithPath: script))
        chmod(script, 0o755)
        var variables = environment
        variables["EDITOR"] = script
        variables["NO_COLOR"] = "1"
        return try todo.shell("script -qec '\"$TODO_UNDER_TEST\" edit \(arguments)' /dev/null", environment: variables)
    }

    static func task(_ todo: TodoRunner, _ id: Int) throws -> [String: Any] {
        try #require(try todo.jsonArray(["show", String(id)]).first)
    }

    @Test(arguments: Store.all) func whatTheEditorSavesIsOneChange(_ store: Store) throws {
        let todo = try TodoRunner(store)
        try todo.add("Home", "call mum", ["--due", "2030-01-01", "--notes", "about Sunday", "--tag", "phone"])
        let result = try Self.editOnATerminal(todo, "1", editor: """
            sed -i -e 's/^title: .*/title: call mum back/' -e 's/^priority: .*/priority: H/' -e 's/^tags: .*/tags: family/' \
                -e 's/^list: .*/list: Family/' -e 's/^repeat: .*/repeat: 1w from done/' -e 's/^due: .*/due: 2030-01-05 18:30/' "$1"
            printf 'bring cake\\n\\n  and candles\\n' >> "$1"
            """)
        #expect(result.status == 0, "\(result.summary)")
        #expect(result.stdout.contains("Updated 1: call mum back"), "\(result.stdout)")
        let task = try Self.task(todo, 1)
        #expect(task["title"] as? String == "call mum back" && task["priority"] as? String == "high" && task["list"] as? String == "Family")
        #expect(task["tags"] as? [String] == ["family"] && task["due"] as? String == "2030-01-05T18:30")
        #expect(task["repeat"] as? String == "1w" && task["repeat_from"] as? String == "done")
        #expect(task["notes"] as? String == "about Sunday\nbring cake\n\n  and candles")
        let history = try todo.jsonArray(["history"])
        #expect(history.count == 2)
        #expect(history.first?["command"] as? String == """
            edit 1 --title 'call mum back' --notes 'about Sunday
            bring cake

              and candles' --due 2030-01-05T18:30 --priority high --list Family --tag family --untag phone --repeat 1w --repeat-from done
            """, "shell words that make the change again")
        #expect(try todo.run(["undo"]).status == 0)
        #expect(try Self.task(todo, 1)["title"] as? String == "call mum")
    }

    @Test(arguments: Store.all) func aFileLeftAsItWasOrEmptiedChangesNothing(_ store: Store) throws {
        let todo = try TodoRunner(store)
        try todo.add("Home", "call mum", ["--notes", "two\nlines"])
        let before = try todo.succeed(["export"]).stdout
        for (editor, why) in [("true", "the file was left as it was"), ("printf '# nothing\\n\\n' > \"$1\"", "the file was emptied"),
                              ("sed -i 's/^priority: none/priority: n/' \"$1\"", "the text says what the task is already")] {
            let result = try Self.editOnATerminal(todo, "1", editor: editor)
            #expect(result.status == 0 && result.stdout.contains("Nothing changed: \(why)."), "\(editor): \(result.summary)")
        }
        #expect(try todo.succeed(["export"]).stdout == before)
        #expect(try todo.jsonArray(["history"]).count == 1)
    }

    /// What the form shows as it is stays as it is: a month series' kept day (`1m@31`, shown
    /// `1m`) and empty notes (kept apart from none by an import) were rewritten by any save.
    @Test(arguments: Store.all) func whatTheFormShowsAsItIsStaysAsItIs(_ store: Store) throws {
        let todo = try TodoRunner(store)
        try todo.add("Bills", "rent", ["--due", "2027-01-31", "--repeat", "monthly"])
        try todo.succeed(["done", "1"])
        #expect(try rows(todo, "SELECT repeat FROM tasks WHERE id = 2") == ["1m@31"])
        let imported = try todo.run(["import"], stdin: Data(#"{"list":"Home","title":"note","notes":""}"#.utf8 + Data("\n".utf8)))
        #expect(imported.status == 0, "\(imported.summary)")
        for id in ["2", "3"] {
            let result = try Self.editOnATerminal(todo, id, editor: "sed -i 's/^title: \\(.*\\)/title: \\1 (renamed)/' \"$1\"")
            #expect(result.status == 0, "\(result.summary)")
        }
        #expect(try rows(todo, "SELECT repeat FROM tasks WHERE id = 2") == ["1m@31"], "the series keeps its day")
        #expect(try rows(todo, "SELECT coalesce('[' || notes || ']', 'none') FROM tasks WHERE id = 3") == ["[]"], "empty notes stay empty, not none")
        #expect(try todo.jsonArray(["history"]).prefix(2).compactMap { $0["command"] as? String }
            == ["edit 3 --title 'note (renamed)'", "edit 2 --title 'rent (renamed)'"])
    }

    /// A value that cannot be read opens the editor again with the error at the top; fixed, it
    /// saves; left as it was then, nothing changes.
    @Test func aValueThatCannotBeReadReopensTheEditorWithTheError() throws {
        let todo = try TodoRunner()
        try todo.add("Home", "call mum")
        let seen = todo.directory.path("seen.txt")
        let fixed = try Self.editOnATerminal(todo, "1", editor: """
            if grep -q '^# Error:' "$1"; then head -1 "$1" >> '\(seen)'; sed -i 's/^due: .*/due: 2030-02-01/' "$1"
            else sed -i 's/^due: .*/due: someday/' "$1"; fi
            """)
        #expect(fixed.status == 0, "\(fixed.summary)")
        #expect(try String(contentsOfFile: seen, encoding: .utf8).hasPrefix("# Error: invalid due date 'someday'"))
        #expect(try Self.task(todo, 1)["due"] as? String == "2030-02-01")

        let given = try Self.editOnATerminal(todo, "1", editor: "grep -q '^# Error:' \"$1\" || sed -i 's/^priority: .*/priority: urgent/' \"$1\"")
        #expect(given.status == 0 && given.stdout.contains("Nothing changed"), "\(given.summary)")
        #expect(try Self.task(todo, 1)["priority"] as? String == "none")
    }

    /// An editor that saves with DOS line ends (`\r\n`) twice, each time with a value that cannot
    /// be read: the third time it opens, the form it wrote is there under the error. As
    /// Characters, `\r\n` is not `\n`: the whole file was one line, dropped as the old error's.
    @Test func aFormSavedWithCarriageReturnsIsKeptUnderTheError() throws {
        let todo = try TodoRunner()
        try todo.add("Home", "call mum")
        let (count, seen) = (todo.directory.path("count.txt"), todo.directory.path("seen.txt"))
        let result = try Self.editOnATerminal(todo, "1", editor: """
            echo x >> '\(count)'
            if [ "$(wc -l < '\(count)')" -lt 3 ]; then sed -i -e 's/\\r*$/\\r/' -e 's/^due: .*/due: someday\\r/' "$1"
            else cp "$1" '\(seen)'; sed -i 's/^due: .*/due: 2030-02-01/' "$1"; fi
            """)
        #expect(result.status == 0, "\(result.summary)")
        let third = try String(contentsOfFile: seen, encoding: .utf8)
        #expect(third.hasPrefix("# Error: invalid due date 'someday'") && third.contains("\ntitle: call mum\r\n"), "\(third)")
        #expect(try Self.task(todo, 1)["due"] as? String == "2030-02-01")
        #expect(try Self.task(todo, 1)["title"] as? String == "call mum")
    }

    /// Another process changes the task while it is in the editor: nothing is overwritten, the
    /// command fails naming the task, and what was written is kept in a file it names.
    @Test(arguments: Store.all) func aTaskChangedMeanwhileIsNotOverwritten(_ store: Store) throws {
        let todo = try TodoRunner(store)
        try todo.add("Home", "call mum")
        let result = try Self.editOnATerminal(todo, "1", editor: """
            "$TODO_UNDER_TEST" edit 1 --title 'changed elsewhere' -q
            sed -i 's/^priority: .*/priority: high/' "$1"
            """)
        #expect(result.status == 1, "\(result.summary)")
        let line = try #require(result.stdout.split(whereSeparator: \.isNewline).first { $0.hasPrefix("Error: ") })
        #expect(line.contains("task 1 was changed by another command while it was being edited; nothing was saved"), "\(line)")
        let path = try #require(line.components(separatedBy: "what you wrote is kept in ").last)
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("priority: high"))
        try? FileManager.default.removeItem(atPath: path)
        let task = try Self.task(todo, 1)
        #expect(task["title"] as? String == "changed elsewhere" && task["priority"] as? String == "none")
    }

    static let hasVi = FileManager.default.isExecutableFile(atPath: "/usr/bin/vi")

    /// Real vi on a real terminal (tmux), as no VISUAL nor EDITOR is set: the form opens, a
    /// substitution and `:wq` save it.
    @Test(.enabled(if: (NavigatorTmuxTests.hasTmux && hasVi) || ProcessInfo.processInfo.environment["CI"] != nil, "needs tmux and vi"))
    func realViOnARealTerminal() throws {
        let todo = try TodoRunner()
        #expect(todo.environment["EDITOR"] == nil && todo.environment["VISUAL"] == nil)
        try todo.add("Home", "call mum")
        let session = try NavigatorTmuxTests.Session(todo, command: NavigatorTmuxTests.command(todo, "'\(TodoRunner.binary)' edit 1"))
        #expect(try session.waitFor("title: call mum") != nil, "\(session.screen())")
        for line in [":%s/^title: .*/title: from vi/", ":wq"] {
            try session.tmux(["send-keys", "-l", line])
            try session.send("Enter")
        }
        #expect(try session.waitFor("EXIT=0", seconds: 30) != nil, "\(session.screen())")
        #expect(try Self.task(todo, 1)["title"] as? String == "from vi")
    }

    @Test func visualComesBeforeEditorAndAFailingOneChangesNothing() throws {
        let todo = try TodoRunner()
        try todo.add("Home", "call mum")
        let visual = todo.directory.path("visual.sh")
        try Data("#!/bin/sh\nsed -i 's/^title: .*/title: from visual/' \"$1\"\n".utf8).write(to: URL(fileURLWithPath: visual))
        chmod(visual, 0o755)
        let both = try Self.editOnATerminal(todo, "1", editor: "sed -i 's/^title: .*/title: from editor/' \"$1\"", environment: ["VISUAL": visual])
        #expect(both.status == 0, "\(both.summary)")
        #expect(try Self.task(todo, 1)["title"] as? String == "from visual", "VISUAL first, as git reads them")
        let failing = try Self.editOnATerminal(todo, "1", editor: "sed -i 's/^title: .*/title: never/' \"$1\"; exit 3")
        #expect(failing.status == 1 && failing.stdout.contains("exited with status 3"), "\(failing.summary)")
        #expect(try Self.task(todo, 1)["title"] as? String != "never")
        // An editor that leaves a pipe in the file's place: refused at once (todo waited on it
        // for ever), the task as it was.
        let pipe = try Self.editOnATerminal(todo, "1", editor: "rm \"$1\"; mkfifo \"$1\"")
        #expect(pipe.status == 1 && pipe.stdout.contains("is no longer a file"), "\(pipe.summary)")
        #expect(try Self.task(todo, 1)["title"] as? String == "from visual")
        // Without a terminal (a script): the usage error, as before.
        let script = try todo.run(["edit", "1"])
        #expect(script.status == 64 && script.stderr.contains("nothing to change"), "\(script.summary)")
    }
}
