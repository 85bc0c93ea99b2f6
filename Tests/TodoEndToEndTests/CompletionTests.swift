import Foundation
import Testing
import TodoTestSupport

/// Shell completion through ArgumentParser, with list names asked of `todo` itself.
@Suite struct CompletionTests {
    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScriptsAreGenerated(shell: String) throws {
        let todo = try TodoRunner()
        let result = try todo.run(["--generate-completion-script", shell])
        #expect(result.status == 0)
        #expect(result.stdout.contains("---completion"), "list names are completed by asking todo")
    }

    @Test(arguments: Store.all) func listNamesAreCompletedForListArgumentsAndOptions(_ store: Store) throws {
        let todo = try TodoRunner(store)
        try todo.add("Groceries", "milk")
        try todo.add("Garden", "weed")
        try todo.add("Work", "report")
        // What the generated scripts run on TAB: the subcommand, the argument, then the words typed.
        for (path, argument, words) in [
            ("list", "positional@0", ["todo", "list", "G"]),
            ("add", "positional@0", ["todo", "add", "g"]),
            ("edit", "--list", ["todo", "edit", "1", "--list", "G"]),
            ("search", "--list", ["todo", "search", "x", "--list", "G"]),
            ("delete-list", "positional@0", ["todo", "delete-list", "G"]),
        ] {
            let result = try todo.run(["---completion", path, "--", argument, String(words.count - 1), "1"] + words)
            #expect(result.status == 0, "\(path): \(result.stderr)")
            #expect(result.stdout.split(separator: "\n") == ["Garden", "Groceries"], "\(path): \(result.stdout)")
        }
        // --db among the words points completion at another database.
        let other = todo.directory.path("other.db")
        try todo.run(["add", "Other list", "x", "--db", other])
        let result = try todo.run(["---completion", "list", "--", "positional@0", "4", "0", "todo", "list", "--db", other, ""])
        #expect(result.stdout == "Other list\n")
    }

    /// Completion offers the names the typed text could go on to name: ignoring ASCII case
    /// only, and otherwise scalar for scalar, as names match.
    @Test(arguments: Store.all) func completionMatchesAsNamesMatch(_ store: Store) throws {
        let todo = try TodoRunner(store)
        for name in ["Caf\u{E9} au lait", "cafe\u{301} noir", "\u{C9}t\u{E9}"] { try todo.add(name, "x") }
        func offered(_ typed: String) throws -> [String] {
            try todo.run(["---completion", "list", "--", "positional@0", "2", String(typed.count), "todo", "list", typed]).stdout
                .split(separator: "\n").map(String.init)
        }
        #expect(try offered("caf\u{E9}").map { Array($0.utf8) } == [Array("Caf\u{E9} au lait".utf8)])
        #expect(try offered("CAFE").map { Array($0.utf8) } == [Array("cafe\u{301} noir".utf8)])
        #expect(try offered("\u{E9}").isEmpty, "\u{E9} is not \u{C9}: only ASCII letters fold")
    }

    @Test func completingNeverMigratesOrBacksUp() throws {
        let todo = try TodoRunner()
        try DatabaseCommandTests.olderDatabase(at: todo.databasePath)
        let before = try #require(fileBytes(todo.databasePath))
        let result = try todo.run(["---completion", "list", "--", "positional@0", "2", "0", "todo", "list", ""])
        #expect(result.stdout == "Old\n")
        #expect(fileBytes(todo.databasePath) == before)
        #expect(!FileManager.default.fileExists(atPath: todo.databasePath + ".before-0002.bak"))
    }

    @Test func completingDoesNotCreateADatabase() throws {
        let todo = try TodoRunner()
        let result = try todo.run(["---completion", "list", "--", "positional@0", "2", "0", "todo", "list", ""])
        #expect(result.status == 0)
        #expect(!FileManager.default.fileExists(atPath: todo.databasePath))
    }

    @Test(.enabled(if: Store.all.contains(.server), "needs a PostgreSQL server (TODO_TEST_POSTGRES_URL)"))
    func completingOnAServerSetsNothingUp() throws {
        let todo = try TodoRunner(.server)
        let result = try todo.run(["---completion", "list", "--", "positional@0", "2", "0", "todo", "list", ""])
        #expect(result.status == 0 && result.stdout.isEmpty, "\(result.summary)")
        #expect(try rows(todo, "SELECT count(*) FROM pg_class WHERE relnamespace = 'public'::regnamespace") == ["0"])
    }
}
