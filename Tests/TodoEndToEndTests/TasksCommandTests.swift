import Foundation
import Testing
import TodoTestSupport

/// `todo tasks`: the tasks of every list in one view, each with its list, with `todo list
/// LIST`'s filters, `--list` and `--search`, the urgency order, and `-q` for scripts.
@Suite struct TasksCommandTests {
    /// Tasks in three lists: ids 1 to 6, one of them done.
    static func seeded(_ store: Store) throws -> TodoRunner {
        let todo = try TodoRunner(store)
        try todo.add("Home", "buy oat milk", ["--due", "2030-01-02", "--tag", "errand"])
        try todo.add("Work", "write report", ["--priority", "high", "--due", "2030-01-01"])
        try todo.add("Work", "book café", ["--notes", "for the team", "--tag", "errand", "--tag", "phone"])
        try todo.add("Garden", "mow", ["--priority", "low"])
        let done = try todo.add("Home", "milk the goat", ["--due", "2029-12-31"])
        try todo.succeed(["done", String(done)])
        try todo.add("home", "call mum", ["--tag", "Phone", "--due", "2030-01-01T09:00"])
        return todo
    }

    static func titles(_ todo: TodoRunner, _ arguments: [String]) throws -> [String] {
        try todo.jsonArray(["tasks"] + arguments).map { $0["title"] as? String ?? "?" }
    }

    @Test(arguments: Store.all) func everyOpenTaskOfEveryListWithItsList(_ store: Store) throws {
        let todo = try Self.seeded(store)
        let tasks = try todo.jsonArray(["tasks"])
        // Due first (soonest first), then undated ones by id; the done one left out.
        #expect(tasks.map { $0["title"] as? String } == ["write report", "call mum", "buy oat milk", "book café", "mow"])
        #expect(tasks.map { $0["list"] as? String } == ["Work", "Home", "Home", "Work", "Garden"])
        let text = try todo.succeed(["tasks"]).stdout
        #expect(text.split(separator: "\n").count == 5, "\(text)")
        #expect(text.contains("Garden") && text.contains("mow"), "\(text)")
        #expect(try Self.titles(todo, ["--all"]).contains("milk the goat"))
        // A long list name is cut in the column, not every row widened for it.
        try todo.add(String(repeating: "Long list ", count: 6), "in a long list")
        let rows = try todo.succeed(["tasks"]).stdout.split(separator: "\n")
        let long = try #require(rows.first { $0.contains("in a long list") })
        #expect(long.hasSuffix("Long list Long list Lon…  in a long list"), "\(long)")
        let mow = try #require(rows.first { $0.contains("mow") })
        #expect(mow.contains("Garden" + String(repeating: " ", count: 24 - 6) + "  mow"), "the column is 24 wide: \(mow)")
    }

    @Test(arguments: Store.all) func itTakesTheFiltersOfAListAndMore(_ store: Store) throws {
        let todo = try Self.seeded(store)
        #expect(try Self.titles(todo, ["--list", "HOME"]) == ["call mum", "buy oat milk"])
        #expect(try Self.titles(todo, ["-l", "home", "-l", "Garden", "-l", "Home"]) == ["call mum", "buy oat milk", "mow"])
        #expect(try Self.titles(todo, ["--tag", "PHONE"]) == ["call mum", "book café"])
        #expect(try Self.titles(todo, ["-t", "errand", "-t", "phone"]) == ["book café"])
        #expect(try Self.titles(todo, ["-p", "high"]) == ["write report"])
        #expect(try Self.titles(todo, ["--due-before", "2030-01-02"]) == ["write report", "call mum"])
        #expect(try Self.titles(todo, ["--overdue"]).isEmpty)
        // Words as todo search finds them: a prefix, without accents, in the notes too.
        #expect(try Self.titles(todo, ["--search", "cafe"]) == ["book café"])
        #expect(try Self.titles(todo, ["--search", "tea"]) == ["book café"])
        #expect(try Self.titles(todo, ["--search", "milk", "--all"]) == ["buy oat milk", "milk the goat"])
        #expect(try Self.titles(todo, ["--search", "milk", "--list", "Work"]).isEmpty)
        #expect(try Self.titles(todo, ["--sort", "title", "--limit", "2"]) == ["book café", "buy oat milk"])
        #expect(try Self.titles(todo, ["--sort", "priority"]) == ["write report", "mow", "call mum", "buy oat milk", "book café"])
    }

    /// Overdue first, then due today or in the 7 days after, then the rest; by priority within
    /// each, then by due.
    @Test(arguments: Store.all) func urgencyPutsFirstWhatNeedsDoingFirst(_ store: Store) throws {
        let todo = try TodoRunner(store)
        try todo.add("A", "late low", ["--due", "2020-01-01", "--priority", "low"])
        try todo.add("A", "undated none")
        try todo.add("B", "today none", ["--due", "today"])
        try todo.add("B", "later high", ["--due", "+8d", "--priority", "high"])
        try todo.add("C", "week high", ["--due", "+7d", "--priority", "high"])
        try todo.add("C", "undated medium", ["--priority", "medium"])
        try todo.add("C", "late high", ["--due", "2021-06-01", "--priority", "high"])
        #expect(try Self.titles(todo, ["--sort", "urgency"])
                == ["late high", "late low", "week high", "today none", "later high", "undated medium", "undated none"])
        #expect(try Self.titles(todo, ["--sort", "urgency", "--overdue"]) == ["late high", "late low"])
        #expect(try todo.jsonArray(["list", "C", "--sort", "urgency"]).map { $0["title"] as? String } == ["late high", "week high", "undated medium"])
    }

    /// `-q`: the ids alone, one a line, for xargs.
    @Test(arguments: Store.all) func quietPrintsTheIdsForXargs(_ store: Store) throws {
        let todo = try Self.seeded(store)
        #expect(try todo.succeed(["tasks", "--tag", "phone", "-q"]).stdout == "6\n3\n")
        #expect(try todo.succeed(["tasks", "--tag", "nothing", "--quiet"]).stdout == "")
        let done = try todo.shell("todo tasks --tag phone -q | xargs -r \"$TODO_UNDER_TEST\" done -q")
        #expect(done.status == 0, "\(done.summary)")
        let none = try todo.shell("todo tasks --tag nothing -q | xargs -r \"$TODO_UNDER_TEST\" done -q")
        #expect(none.status == 0 && none.stderr.isEmpty, "\(none.summary)")
        #expect(try Self.titles(todo, []) == ["write report", "buy oat milk", "mow"])
    }

    @Test(arguments: Store.all) func mistakesChangeNothingAndSaySo(_ store: Store) throws {
        let todo = try Self.seeded(store)
        let unknown = try todo.run(["tasks", "--list", "Home", "--list", "Nowhere"])
        #expect(unknown.failedCleanly(with: 1, oneLine: true) && unknown.stdout.isEmpty, "\(unknown.summary)")
        #expect(unknown.stderr.contains("no list named 'Nowhere'"), "\(unknown.stderr)")
        for arguments in [["--sort", "soon"], ["--limit", "-1"], ["--search", "!!"], ["--priority", "urgent"], ["--due-before", "someday"],
                          ["--tag", "two words"], ["--list", " "], (1...33).flatMap { ["--tag", "t\($0)"] }, ["Home"]] {
            let result = try todo.run(["tasks"] + arguments)
            #expect(result.status == 64 && result.stdout.isEmpty && result.stderrLines.first?.hasPrefix("Error: ") == true,
                    "\(arguments.prefix(4)): \(result.summary)")
        }
    }
}
