import Foundation
import Testing
import TodoTestSupport

/// Issue 10, section 1: the mistakes a user makes every day get an answer that names them.
@Suite struct EverydayMistakeTests {
    @Test(arguments: Store.all, [
        (["ad", "Inbox", "x"], "ad", "add"),
        (["lsit"], "lsit", "list"),
        (["dne", "3"], "dne", "done"),
        (["imp", "file.ndjson"], "imp", "import"),
        (["serach", "milk"], "serach", "search"),
    ])
    func aMistypedCommandSaysWhichOneWasMeant(_ store: Store, _ example: (arguments: [String], typed: String, meant: String)) throws {
        let (arguments, typed, meant) = example
        let todo = try TodoRunner(store)
        try todo.add("Inbox", "a task")
        let result = try todo.run(arguments)
        #expect(result.failedCleanly(with: 64, oneLine: true), "\(result.summary)")
        #expect(result.stderr == "Error: no command or list named \"\(typed)\". Did you mean \"\(meant)\"?\n")
    }

    /// The options every command takes may come first: a typo after them is still named. It was
    /// taken for a missing list (exit 1), or for a list given arguments.
    @Test(arguments: Store.all) func aMistypedCommandAfterLeadingOptionsIsStillNamed(_ store: Store) throws {
        let todo = try TodoRunner(store)
        try todo.add("Work", "a task")
        for (arguments, meant) in [(["--json", "ad", "Work", "y"], "\"add\""), (["--no-color", "wrok"], "the list \"Work\""),
                                   (["--color", "never", "--json", "lsit"], "\"list\"")] {
            let result = try todo.run(arguments)
            #expect(result.failedCleanly(with: 64, oneLine: true), "\(arguments): \(result.summary)")
            #expect(result.stderr.hasSuffix("Did you mean \(meant)?\n"), "\(arguments): \(result.stderr)")
        }
    }

    @Test(arguments: Store.all) func aWordThatNamesAListStillListsIt(_ store: Store) throws {
        let todo = try TodoRunner(store)
        try todo.add("Lsit", "a task in a list with an odd name")
        let result = try todo.run(["lsit"])
        #expect(result.status == 0, "\(result.summary)")
        #expect(result.stdout.contains("a task in a list with an odd name"))
        // And a word not close to any command is taken for a missing list, as before.
        let missing = try todo.run(["groceries"])
        #expect(missing.failedCleanly(with: 1, oneLine: true))
        #expect(missing.stderr.hasPrefix("Error: no list named 'groceries'"))
    }

    @Test(arguments: Store.all, [
        (["edit", "1", "--priorty", "high"], "Unknown option '--priorty'. Did you mean '--priority'?"),
        (["done", "--bogus", "1"], "Unknown option '--bogus'"),
        (["list", "Inbox", "--overdeu"], "Unknown option '--overdeu'. Did you mean '--overdue'?"),
        (["add", "Inbox", "x", "--note", "n"], "Unknown option '--note'. Did you mean '--notes'?"),
        (["agenda", "--day", "3"], "Unknown option '--day'. Did you mean '--days'?"),
        (["rename-list", "Inbox", "Work", "--forse"], "Unknown option '--forse'"),
    ])
    func anUnknownOptionIsNamedOnEveryCommand(_ store: Store, _ example: (arguments: [String], message: String)) throws {
        let (arguments, message) = example
        let todo = try TodoRunner(store)
        try todo.add("Inbox", "a task")
        let before = try databaseSnapshot(todo)
        let result = try todo.run(arguments)
        #expect(result.status == 64 && result.stdout.isEmpty, "\(result.summary)")
        #expect(result.stderr.hasPrefix("Error: \(message)"), "\(result.stderr)")
        // The way out for a value that starts with `-` is said too.
        #expect(result.stderrLines.first?.hasSuffix("(A value that starts with '-' goes after '--'.)") == true, "\(result.stderr)")
        #expect(try databaseSnapshot(todo) == before)
    }

    @Test(arguments: Store.all) func usageShowsRequiredArgumentsAsRequired(_ store: Store) throws {
        let todo = try TodoRunner(store)
        for command in ["rm", "done", "undone", "show"] {
            let help = try todo.run([command, "--help"]).stdout
            #expect(help.contains("<id> ..."), "\(command): \(help)")
            #expect(!help.contains("[<id> ...]"), "\(command): \(help)")
            let missing = try todo.run([command])
            #expect(missing.status == 64)
            #expect(missing.stderr.hasPrefix("Error: Missing expected argument '<id> ...'"), "\(missing.stderr)")
        }
    }

    @Test(arguments: Store.all) func theQuietFlagSaysWhatItDoesOnEachCommand(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let add = try todo.run(["add", "--help"]).stdout
        #expect(add.contains("Print only the new task's id"))
        for command in ["edit", "import", "done", "undone", "rm", "new-list", "rename-list", "delete-list"] {
            let help = try todo.run([command, "--help"]).stdout
            #expect(help.contains("-q, --quiet") && help.contains("Print nothing: the exit status says whether it worked."),
                    "\(command): \(help)")
            #expect(!help.contains("new id"), "\(command)")
        }
    }

    @Test(arguments: Store.all) func aNegativeNumberIsRefusedAsANumber(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let agenda = try todo.run(["agenda", "--days", "-1"])
        #expect(agenda.status == 64)
        #expect(agenda.stderr.hasPrefix("Error: --days must be 0 or more, not -1\n"), "\(agenda.stderr)")
        try todo.add("Inbox", "x")
        let list = try todo.run(["list", "Inbox", "--limit", "-2"])
        #expect(list.status == 64)
        #expect(list.stderr.hasPrefix("Error: --limit must be 0 or more\n"), "\(list.stderr)")
    }

    @Test(arguments: Store.all) func anEmptyListingSaysWhyItIsEmpty(_ store: Store) throws {
        let todo = try TodoRunner(store)
        try todo.add("Work", "undated")
        try todo.add("Work", "later", ["--due", "+30d", "--priority", "low"])
        let overdue = try todo.run(["list", "Work", "--overdue"]).stdout
        #expect(overdue == "Work  2 open, 0 done\n  No overdue tasks in Work.\n")
        let high = try todo.run(["list", "Work", "--priority", "high"]).stdout
        #expect(high.hasSuffix("  No tasks in Work match.\n"))
        try todo.run(["new-list", "Empty"])
        #expect(try todo.run(["list", "Empty"]).stdout.hasSuffix("  Nothing to do in Empty.\n"))
    }

    @Test(arguments: Store.all) func everyAgendaDayHeadingShowsItsDate(_ store: Store) throws {
        let todo = try TodoRunner(store)
        try todo.add("Home", "tomorrow's", ["--due", "tomorrow"])
        let tomorrow = try #require(try todo.jsonArray(["agenda"]).first?["due"] as? String)
        let text = try todo.run(["agenda"]).stdout
        #expect(text.hasPrefix("Tomorrow  \(tomorrow)\n"), "\(text)")
    }

    // MARK: A database that does not exist

    @Test func aReadingCommandOnAMissingFileCreatesNothing() throws {
        let todo = try TodoRunner()
        let path = todo.directory.path("typo/todo.db")
        for arguments in [["list"], ["list", "--json"], ["search", "milk"], ["agenda"], ["export"], ["export", "--format", "csv"]] {
            let result = try todo.run(arguments + ["--db", path])
            #expect(result.status == 0, "\(arguments): \(result.summary)")
        }
        #expect(try todo.run(["list", "--json", "--db", path]).stdout == "[]\n")
        let human = try todo.run(["list", "--db", path]).stdout
        #expect(human == "No database at \(path) yet: a command that writes (todo add LIST TITLE) creates it.\n")
        #expect(try todo.run(["search", "milk", "--db", path]).stdout.hasPrefix("No database at \(path) yet"))
        for arguments in [["show", "1"], ["db", "check"], ["list", "Inbox"]] {
            let result = try todo.run(arguments + ["--db", path])
            #expect(result.failedCleanly(with: 1, oneLine: true), "\(arguments): \(result.summary)")
            #expect(result.stderr.contains(path), "\(arguments): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: todo.directory.path("typo")), "a reading command created the folder")
        // Nor does a dry run, which says nothing was changed: it runs on an empty database.
        for arguments in [["add", "Inbox", "milk", "--dry-run"], ["import", "--dry-run"], ["new-list", "Work", "--dry-run"]] {
            let result = try todo.run(arguments + ["--db", path], stdin: Data(#"{"list":"A","title":"t"}"#.utf8))
            #expect(result.status == 0 && result.stdout.contains("Dry run: nothing was changed."), "\(arguments): \(result.summary)")
        }
        #expect(!FileManager.default.fileExists(atPath: todo.directory.path("typo")), "a dry run created the folder")

        // TODO_DB too; and a command that writes creates it.
        let environment = ["TODO_DB": path]
        #expect(try todo.run(["list"], environment: environment).status == 0)
        #expect(!FileManager.default.fileExists(atPath: path))
        try todo.succeed(["add", "Inbox", "first"], environment: environment)
        #expect(FileManager.default.fileExists(atPath: path))
    }
}
