import Foundation
import Testing
import TodoCore
import TodoTestSupport

/// the manual's failure rule: nothing on stdout, an `Error:` line on stderr, the documented status,
/// and the database exactly as it was.
@Suite struct FailureTests {
    /// A database with a little of everything, and the snapshot to compare against.
    static func seeded(_ store: Store) throws -> (TodoRunner, [ExactText]) {
        let todo = try TodoRunner(store)
        try todo.add("Groceries", "milk", ["--due", "2026-11-22", "--priority", "low"])
        try todo.add("Groceries", "bread")
        try todo.add("Work", "report")
        try todo.run(["new-list", "Empty"])
        return (todo, try databaseSnapshot(todo))
    }

    static let failures: [(arguments: [String], status: Int32)] = [
        (["done", "1", "99999"], 1),
        (["undone", "2", "99999"], 1),
        (["rm", "1", "99999"], 1),
        (["rm", "0"], 1),
        (["edit", "99999", "--title", "x"], 1),
        (["list", "Nope"], 1),
        (["new-list", "groceries"], 1),
        (["rename-list", "Nope", "Other"], 1),
        (["rename-list", "Groceries", "WORK"], 1),
        (["delete-list", "Groceries"], 1),
        (["delete-list", "Nope", "--force"], 1),
        (["add", "Groceries", "   "], 64),
        (["add", " ", "title"], 64),
        (["add", "Groceries", "x", "--due", "2026-02-30"], 64),
        (["add", "Groceries", "x", "--due", "next week"], 64),
        (["add", "Groceries", "x", "--priority", "urgent"], 64),
        (["add"], 64),
        (["add", "Groceries", "x", "--bogus"], 64),
        (["edit", "1"], 64),
        (["edit", "1", "--done", "--undone"], 64),
        (["edit", "1", "--due", "today", "--no-due"], 64),
        (["edit", "1", "--title", ""], 64),
        (["edit", "abc", "--title", "x"], 64),
        (["done"], 64),
        (["done", "x"], 64),
        (["done", "99999999999999999999"], 64),
        (["rename-list", "Groceries", "  "], 64),
        (["list", "--all"], 64),
        (["ad", "Groceries", "milk"], 64),
        (["list", "--db", ""], 64),
        (["list", "--color", "sometimes"], 64),
    ]

    @Test(arguments: Store.all, failures)
    func failsCleanly(_ store: Store, _ example: (arguments: [String], status: Int32)) throws {
        let (arguments, status) = example
        let (todo, before) = try Self.seeded(store)
        for json in [false, true] {
            let result = try todo.run(arguments + (json ? ["--json"] : []))
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(arguments) printed \(result.stdout)")
            #expect(result.stderr.hasPrefix("Error: "), "\(arguments): \(result.stderr)")
            #expect(!result.wasSignalled)
        }
        #expect(try databaseSnapshot(todo) == before)
    }

    @Test(arguments: Store.all) func aBatchWithOneMissingTaskChangesNothing(_ store: Store) throws {
        let (todo, before) = try Self.seeded(store)
        let result = try todo.run(["done", "1", "2", "99999"])
        #expect(result.status == 1)
        #expect(result.stderr == "Error: no task with id 99999\n")
        #expect(try databaseSnapshot(todo) == before)
        #expect(try todo.jsonArray(["list", "Groceries"]).allSatisfy { $0["done"] as? Bool == false })
    }

    @Test func aDatabasePathThatIsADirectoryIsRefused() throws {
        let todo = try TodoRunner()
        let folder = todo.directory.path("folder")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let result = try todo.run(["list", "--db", folder])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("Error: cannot open the database \(folder): it is a directory"))
    }

    @Test(arguments: Store.all) func usageErrorsPrintTheUsageHint(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let result = try todo.run(["add", "Groceries", "x", "--priority", "urgent"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("Usage: todo add"))
    }
}
