import Foundation
import Testing
import TodoTestSupport

/// Human output: colour only when allowed, and data that cannot take over the terminal.
@Suite struct TerminalOutputTests {
    static let escape = "\u{1B}["

    @Test(arguments: Store.all) func colourFollowsTheFlagsAndNoColor(_ store: Store) throws {
        let todo = try TodoRunner(store)
        try todo.add("Groceries", "milk", ["--priority", "high"])
        // Not a terminal: no colour by default.
        #expect(!(try todo.run(["list", "Groceries"]).stdout.contains(Self.escape)))
        #expect(try todo.run(["list", "Groceries", "--color", "always"]).stdout.contains(Self.escape))
        // A flag beats the environment.
        #expect(try todo.run(["list", "Groceries", "--color", "always"], environment: ["NO_COLOR": "1"]).stdout.contains(Self.escape))
        #expect(!(try todo.run(["list", "Groceries", "--color", "always", "--no-color"]).stdout.contains(Self.escape)))
        #expect(!(try todo.run(["list", "Groceries", "--color", "never"]).stdout.contains(Self.escape)))
        // JSON never carries colour.
        #expect(!(try todo.run(["list", "Groceries", "--json", "--color", "always"]).stdout.contains(Self.escape)))
    }

    @Test(arguments: Store.all) func controlCharactersFromDataAreShownHarmlessly(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let title = "evil\u{1B}[2J\u{1B}]0;pwned\u{07}\nnext\u{202E}txt.exe\u{9B}"
        try todo.add("Inbox\u{1B}[31m", title)
        for arguments in [["list"], ["list", "Inbox\u{1B}[31m"], ["add", "Inbox\u{1B}[31m", title]] {
            let output = try todo.run(arguments).stdout
            #expect(!output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E || $0.value == 0x9B })
            #expect(output.filter { $0 == "\n" }.count >= 1)
        }
        let listed = try todo.run(["list", "Inbox\u{1B}[31m"]).stdout
        #expect(listed.contains("evil\\x1b[2J\\x1b]0;pwned\\x07\\nnext\\u{202e}txt.exe\\x9b"))
        // The database keeps the text exactly.
        #expect(try todo.jsonArray(["list", "Inbox\u{1B}[31m"]).first?["title"] as? String == title)
    }

    @Test(arguments: Store.all) func tasksAreAlignedInColumns(_ store: Store) throws {
        let todo = try TodoRunner(store)
        for index in 1...10 { try todo.add("Inbox", "task \(index)", index == 3 ? ["--due", "2030-01-01", "--priority", "high"] : []) }
        let lines = try todo.run(["list", "Inbox"]).stdout.split(separator: "\n").dropFirst()
        let titleColumns = Set(lines.compactMap { line in line.firstRange(of: "task ").map { line.distance(from: line.startIndex, to: $0.lowerBound) } })
        #expect(lines.count == 10)
        #expect(titleColumns.count == 1)
    }
}
