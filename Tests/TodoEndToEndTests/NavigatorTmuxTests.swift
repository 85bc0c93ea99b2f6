import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TodoTestSupport

/// `todo ui` on a real terminal: the built binary in tmux, keys sent with `send-keys`, the screen
/// read with `capture-pane`. CI installs tmux (`.ci/run`); elsewhere the test runs when tmux is
/// there.
@Suite(.serialized) struct NavigatorTmuxTests {
    static let hasTmux = FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")

    /// One tmux server of its own (`-L`), so nothing of the user's is touched.
    final class Session {
        let todo: TodoRunner
        let socket = "todo-test-\(UInt32.random(in: 0...UInt32.max))"

        init(_ todo: TodoRunner, command: String) throws {
            self.todo = todo
            try tmux(["new-session", "-d", "-c", todo.directory.path, "-x", "80", "-y", "20", "sh", "-c", command])
        }

        deinit { _ = try? tmux(["kill-server"]) }

        /// Runs tmux and waits for it (see `spawnAndWait`: its server outlives it).
        @discardableResult
        func tmux(_ arguments: [String]) throws -> String {
            try spawnAndWait("/usr/bin/tmux", ["-L", socket, "-f", "/dev/null"] + arguments, environment: todo.environment,
                             output: todo.directory.path("tmux-output.txt")).output
        }

        func screen() -> String { (try? tmux(["capture-pane", "-p"])) ?? "" }

        func send(_ keys: String...) throws {
            for key in keys {
                try tmux(["send-keys"] + (key.count == 1 ? ["-l", key] : [key]))
                Thread.sleep(forTimeInterval: 0.1)  // apart, so Esc and the next key are not read as Alt
            }
        }

        /// q, and the view's command ends well.
        func quit(sourceLocation: SourceLocation = #_sourceLocation) throws {
            try send("q")
            #expect(try waitFor("EXIT=0") != nil, "\(screen())", sourceLocation: sourceLocation)
        }

        /// Waits up to `seconds` for the screen to contain `text`; the time it took.
        func waitFor(_ text: String, seconds: Double = 5) throws -> Double? {
            let start = Date()
            while Date().timeIntervalSince(start) < seconds {
                if screen().contains(text) { return Date().timeIntervalSince(start) }
                Thread.sleep(forTimeInterval: 0.05)
            }
            return nil
        }
    }

    /// `todo ui` on `todo`'s database, its lists on screen.
    static func viewing(_ todo: TodoRunner, sourceLocation: SourceLocation = #_sourceLocation) throws -> Session {
        let session = try Session(todo, command: command(todo, "'\(TodoRunner.binary)' ui"))
        #expect(try session.waitFor("todo · Lists") != nil, "\(session.screen())", sourceLocation: sourceLocation)
        return session
    }

    static func command(_ todo: TodoRunner, _ run: String) -> String {
        let environment = todo.environment.map { "\($0.key)='\($0.value)'" }.sorted().joined(separator: " ")
        return "stty -g > before.txt; env \(environment) \(run); echo EXIT=$?; stty -g > after.txt; sleep 5"
    }

    @Test(.enabled(if: hasTmux || ProcessInfo.processInfo.environment["CI"] != nil, "needs tmux"))
    func keysOnARealTerminalAndAnotherProcesssAddAppearing() throws {
        let todo = try TodoRunner()
        try todo.add("Home", "water the ferns", ["--due", "2099-01-05"])
        try todo.add("Work", "report")
        let session = try Session(todo, command: Self.command(todo, "'\(TodoRunner.binary)' ui"))

        #expect(try session.waitFor("todo · Lists") != nil, "\(session.screen())")
        #expect(session.screen().contains("Home  1 open  0 done"))
        try session.send("Enter")
        #expect(try session.waitFor("[ ] 2099-01-05  water the ferns") != nil, "\(session.screen())")

        try todo.add("Home", "added from outside")
        // todo looks every 250 ms, with no key pressed: the add shows on its own (on a quiet
        // machine in about 0.3 s). Waited for as an event, not bounded by the clock, which a
        // machine busy with every other test at once can outlast.
        let seen = try session.waitFor("added from outside", seconds: 30)
        #expect(seen != nil, "another process's add never showed: \(session.screen())")

        try session.send("a")
        try session.send("b", "y", " ", "k", "e", "y")
        try session.send("Enter")
        #expect(try session.waitFor("by key") != nil, "\(session.screen())")
        #expect(try todo.jsonArray(["list", "Home"]).contains { $0["title"] as? String == "by key" })

        // The tabs: Tab shows every open task with its list, 3 the agenda, 1 the list as it was.
        try session.send("Tab")
        #expect(try session.waitFor("todo · Open tasks") != nil && session.screen().contains("Work  report"), "\(session.screen())")
        try session.send("3")
        #expect(try session.waitFor("todo · Due through") != nil && session.screen().contains("Home  water the ferns") == false,
                "2099 is not in the week ahead: \(session.screen())")
        try session.send("1")
        #expect(try session.waitFor("todo · Home") != nil, "\(session.screen())")

        try session.quit()
        #expect(!session.screen().contains("todo · Home"), "the alternate screen is gone")
        Thread.sleep(forTimeInterval: 0.2)
        let before = try String(contentsOfFile: todo.directory.path("before.txt"), encoding: .utf8)
        let after = try String(contentsOfFile: todo.directory.path("after.txt"), encoding: .utf8)
        #expect(!before.isEmpty && before == after, "the terminal's modes are as they were")
    }

    @Test(.enabled(if: hasTmux || ProcessInfo.processInfo.environment["CI"] != nil, "needs tmux"),
          arguments: ["TERM", "HUP", "USR1"])
    func aSignalFromOutsideRestoresTheTerminal(signal: String) throws {
        let todo = try TodoRunner()
        try todo.add("Home", "t")
        let run = "sh -c 'echo $$ > todo.pid; exec \"$0\" ui' '\(TodoRunner.binary)'"
        let session = try Session(todo, command: Self.command(todo, run))
        #expect(try session.waitFor("todo · Lists") != nil, "\(session.screen())")
        let pid = try String(contentsOfFile: todo.directory.path("todo.pid"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let kill = Process()
        kill.executableURL = URL(fileURLWithPath: "/bin/kill")
        kill.arguments = ["-" + signal, pid]
        try kill.run()
        kill.waitUntilExit()
        // SIGUSR1 left the alternate screen on (found by a helper's sweep).
        let status = ["TERM": 143, "HUP": 129, "USR1": 138][signal]!
        #expect(try session.waitFor("EXIT=\(status)") != nil, "\(session.screen())")
        Thread.sleep(forTimeInterval: 0.2)
        let before = try String(contentsOfFile: todo.directory.path("before.txt"), encoding: .utf8)
        let after = try String(contentsOfFile: todo.directory.path("after.txt"), encoding: .utf8)
        #expect(!before.isEmpty && before == after)
    }

    /// A database file deleted or replaced while the view is open: it used to say `Added 1005`
    /// into the deleted file. Now a change is refused on the status line while nothing is at the
    /// path, and another file put there is opened in place of the old one.
    @Test(.enabled(if: hasTmux || ProcessInfo.processInfo.environment["CI"] != nil, "needs tmux"))
    func aDatabaseFileDeletedOrReplacedUnderTheViewIsNeverWrittenInto() throws {
        let todo = try TodoRunner()
        try todo.add("Home", "water the ferns")
        let session = try Self.viewing(todo)
        try session.send("Enter")
        #expect(try session.waitFor("water the ferns") != nil, "\(session.screen())")

        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: todo.databasePath + suffix) }
        #expect(try session.waitFor("was deleted or moved away", seconds: 3) != nil, "\(session.screen())")
        try session.send("Escape")
        try session.send("a")
        try session.send("l", "o", "s", "t")
        try session.send("Enter")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(session.screen().contains("was deleted or moved away"), "\(session.screen())")
        #expect(!session.screen().contains("Added"), "\(session.screen())")

        // Another database at the path: opened in place of the old one, and written to.
        let other = try todo.run(["add", "Elsewhere", "new file"])
        #expect(other.status == 0, "\(other.summary)")
        #expect(try session.waitFor("Another database file was put at the path", seconds: 3) != nil, "\(session.screen())")
        // The view may have opened the file while `todo add` was still making it: the add's
        // commit then shows within the next look for changes (every 250 ms).
        #expect(try session.waitFor("Elsewhere", seconds: 3) != nil, "\(session.screen())")
        try session.send("Enter", "a")
        try session.send("k", "e", "p", "t")
        try session.send("Enter")
        #expect(try session.waitFor("Added") != nil, "\(session.screen())")
        #expect(try todo.jsonArray(["list", "Elsewhere"]).contains { $0["title"] as? String == "kept" })
        try session.quit()
    }

    /// Stopped (SIGTSTP from outside, or Ctrl-Z) in an interactive shell, then `fg`: while stopped
    /// the shell has its screen back, and once continued the view is drawn whole and takes keys.
    /// The view stayed on screen with the terminal raw, and was not drawn again after (found by
    /// a helper's sweep).
    @Test(.enabled(if: hasTmux || ProcessInfo.processInfo.environment["CI"] != nil, "needs tmux"),
          arguments: ["TSTP", "Ctrl-Z"])
    func stoppedAndContinuedItGivesTheTerminalBackAndTakesItAgain(stop: String) throws {
        let todo = try TodoRunner()
        try todo.add("Home", "water the ferns")
        let environment = todo.environment.map { "\($0.key)='\($0.value)'" }.sorted().joined(separator: " ")
        let session = try Session(todo, command: "env \(environment) PS1='prompt$ ' bash --norc --noprofile -i")
        #expect(try session.waitFor("prompt$") != nil, "\(session.screen())")
        try session.tmux(["send-keys", "-l", "sh -c 'echo $$ > todo.pid; exec \"$0\" ui' '\(TodoRunner.binary)'"])
        try session.send("Enter")
        #expect(try session.waitFor("todo · Lists") != nil, "\(session.screen())")
        if stop == "TSTP" {
            let pid = try String(contentsOfFile: todo.directory.path("todo.pid"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(try todo.shell("kill -TSTP \(pid)").status == 0)
        } else {
            try session.send("C-z")
        }
        #expect(try session.waitFor("Stopped") != nil, "\(session.screen())")
        #expect(!session.screen().contains("todo · Lists"), "the shell has its screen back: \(session.screen())")
        try session.tmux(["send-keys", "-l", "fg"])
        try session.send("Enter")
        #expect(try session.waitFor("todo · Lists") != nil && session.screen().contains("Home  1 open"), "\(session.screen())")
        try session.send("Enter")
        #expect(try session.waitFor("water the ferns") != nil, "keys work again: \(session.screen())")
        try session.send("q", "q")
        #expect(try session.waitFor("prompt$") != nil && !session.screen().contains("todo · "), "\(session.screen())")
    }

    /// Another file put at the path while a task's form is open: the form stays, says that nothing
    /// typed is saved, and the keys typed go on into it. The view used to start again on the
    /// other file at once, and the rest of the title ran as keys there: D, then y, deleted a list
    /// (found by a helper's sweep). Esc leaves the form; then the other file is opened.
    @Test(.enabled(if: hasTmux || ProcessInfo.processInfo.environment["CI"] != nil, "needs tmux"))
    func aFileReplacedUnderAnOpenFormTakesNoKeysAsCommands() throws {
        let todo = try TodoRunner()
        try todo.add("Home", "task A")
        let session = try Self.viewing(todo)
        try session.send("Enter")
        #expect(try session.waitFor("task A") != nil, "\(session.screen())")
        try session.send("Enter")
        #expect(try session.waitFor("Edit task") != nil, "\(session.screen())")
        try session.send("B", "u", "y")
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: todo.databasePath + suffix) }
        try todo.add("Work", "important")
        #expect(try session.waitFor("nothing typed here is saved", seconds: 5) != nil, "\(session.screen())")
        try session.send("D", "y", "e", "s")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(session.screen().contains("Edit task"), "the form is still open: \(session.screen())")
        #expect(try todo.jsonArray(["list", "Work"]).count == 1, "nothing was deleted")
        try session.send("Enter")
        #expect(try todo.jsonArray(["list", "Work"]).map { $0["title"] as? String } == ["important"], "nothing was saved")
        try session.send("Escape")
        #expect(try session.waitFor("Another database file was put at the path", seconds: 5) != nil, "\(session.screen())")
        #expect(try session.waitFor("Work  1 open") != nil, "\(session.screen())")
        #expect(try todo.jsonArray(["history"]).count == 1, "the add, nothing else")
        try session.quit()
    }

    /// A window too small to show anything takes no key but q: D, then y, deleted a list no one
    /// could see asked about (found by a helper's sweep).
    @Test(.enabled(if: hasTmux || ProcessInfo.processInfo.environment["CI"] != nil, "needs tmux"))
    func aWindowTooSmallTakesNoKeyButQuit() throws {
        let todo = try TodoRunner()
        try todo.add("Home", "task A")
        let session = try Self.viewing(todo)
        try session.tmux(["resize-window", "-x", "20", "-y", "4"])
        #expect(try session.waitFor("Window too small") != nil, "\(session.screen())")
        try session.send("D", "y", "a", "x", "Enter")
        try session.tmux(["resize-window", "-x", "80", "-y", "20"])
        #expect(try session.waitFor("Home  1 open") != nil, "\(session.screen())")
        #expect(try todo.jsonArray(["list"]).map { $0["name"] as? String } == ["Home"])
        try session.tmux(["resize-window", "-x", "20", "-y", "4"])
        #expect(try session.waitFor("Window too small") != nil, "\(session.screen())")
        try session.quit()
    }

    /// A paste into the filter is one search, not one per character: 3,000 characters took the
    /// old code over 10 s, drawn and searched after each key (found by a helper's sweep).
    @Test(.enabled(if: hasTmux || ProcessInfo.processInfo.environment["CI"] != nil, "needs tmux"))
    func aPasteIntoTheFilterIsOneSearch() throws {
        let todo = try TodoRunner()
        try todo.add("Home", "task A")
        let session = try Self.viewing(todo)
        try session.send("Enter")
        #expect(try session.waitFor("task A") != nil, "\(session.screen())")
        try session.send("/")
        // Every word but the last matches the task: only the last shows that none does.
        let pasted = String(repeating: "task ", count: 600) + "zzz"
        try session.tmux(["send-keys", "-l", pasted])
        let took = try session.waitFor("No task matches the filter", seconds: 5)
        #expect(took != nil, "\(session.screen())")
        try session.send("Escape", "q")
        #expect(try session.waitFor("EXIT=0") != nil, "\(session.screen())")
    }

    @Test func withoutATerminalItRefuses() throws {
        let todo = try TodoRunner()
        let result = try todo.run(["ui"])
        #expect(result.failedCleanly(with: 64, oneLine: true), "\(result.summary)")
        #expect(result.stderr == "Error: todo ui needs a terminal\n")
    }
}
