import Foundation
import Testing
import TodoCore
import TodoTestSupport

/// `-q/--quiet` and `--dry-run` on every writing command.
@Suite struct WriteFlagTests {
    static let writingCommands: [[String]] = [
        ["add", "Inbox", "new task", "--due", "tomorrow"],
        ["edit", "1", "--title", "renamed", "--list", "Elsewhere"],
        ["done", "1", "2"],
        ["undone", "3"],
        ["rm", "1"],
        ["new-list", "Fresh"],
        ["rename-list", "Inbox", "Outbox"],
        ["delete-list", "Inbox", "--force"],
        ["import"],
    ]

    static func seeded(_ store: Store) throws -> TodoRunner {
        let todo = try TodoRunner(store)
        try todo.add("Inbox", "one")
        try todo.add("Inbox", "two")
        let three = try todo.add("Work", "three")
        try todo.run(["done", String(three)])
        return todo
    }

    static let importInput = Data("{\"list\":\"Imported\",\"title\":\"from a file\"}\n".utf8)

    /// What a dry run must leave as it was: on a file, its bytes and its write-ahead log's
    /// (where todo's recent commits live until a checkpoint); on a server, every row.
    static func untouched(_ todo: TodoRunner) throws -> [ExactText] {
        switch todo.store {
        case .file: [todo.databasePath, todo.databasePath + "-wal"].map { ExactText(fileBytes($0)?.base64EncodedString() ?? "no file") }
        case .server: try databaseSnapshot(todo)
        }
    }

    @Test(arguments: Store.all, writingCommands)
    func dryRunLeavesTheDatabaseUnchanged(_ store: Store, command: [String]) throws {
        let todo = try Self.seeded(store)
        let before = try Self.untouched(todo)
        #expect(before.first != ExactText("no file"))
        let text = try todo.run(command + ["--dry-run"], stdin: Self.importInput)
        #expect(text.status == 0, "\(command): \(text.stderr)")
        #expect(text.stdout.hasSuffix("Dry run: nothing was changed.\n"))
        let json = try todo.run(command + ["--dry-run", "--json"], stdin: Self.importInput)
        #expect(json.status == 0)
        #expect((try? json.json()) != nil, "dry run prints what would happen as JSON")
        #expect(try Self.untouched(todo) == before, "\(command)")
    }

    @Test(arguments: Store.all) func dryRunReportsWhatWouldHappenAndStillFailsLikeTheRealThing(_ store: Store) throws {
        let todo = try Self.seeded(store)
        let wouldAdd = try todo.jsonObject(["add", "Inbox", "maybe", "--dry-run"])
        #expect(wouldAdd["title"] as? String == "maybe")
        #expect(try todo.jsonArray(["list", "Inbox"]).count == 2)
        let refused = try todo.run(["done", "1", "999", "--dry-run"])
        #expect(refused.status == 1)
        #expect(refused.stdout.isEmpty)
        let badImport = try todo.run(["import", "--dry-run"], stdin: Data("{\"list\":\"A\"}\n".utf8))
        #expect(badImport.status == 65)
    }

    @Test(arguments: Store.all, writingCommands.filter { $0.first != "add" })
    func quietPrintsNothing(_ store: Store, command: [String]) throws {
        let todo = try Self.seeded(store)
        let result = try todo.run(command + ["-q"], stdin: Self.importInput)
        #expect(result.status == 0, "\(command): \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(try todo.run(command + ["--quiet", "--json"], stdin: Self.importInput).stdout.isEmpty)
    }

    @Test(arguments: Store.all) func quietAddPrintsOnlyTheIdForUseInCommandSubstitution(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let result = try todo.run(["add", "Inbox", "first", "-q"])
        #expect(result.stdout == "1\n")
        // In a shell: the id flows into the next command.
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "id=$(\"$0\" add Inbox second -q) && \"$0\" done \"$id\" -q && \"$0\" show \"$id\" --json > \"$1\"",
                           TodoRunner.binary, todo.directory.path("out.json")]
        shell.environment = todo.environment
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
        let shown = try JSONSerialization.jsonObject(with: fileBytes(todo.directory.path("out.json")) ?? Data()) as? [[String: Any]]
        #expect(shown?.first?["id"] as? Int == 2)
        #expect(shown?.first?["done"] as? Bool == true)
    }
}
