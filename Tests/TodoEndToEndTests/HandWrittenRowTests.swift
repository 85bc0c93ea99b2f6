import Foundation
import Testing
import TodoTestSupport

/// Rows someone writes by hand (sqlite3 on a file, psql on a server) with ids of their own: the
/// ids todo hands out afterwards go past them, as AUTOINCREMENT has it, on both backends.
@Suite struct HandWrittenRowTests {
    static let byHand = "'2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'"

    @Test(arguments: Store.all)
    func idsWrittenByHandAreNeverHandedOutAgain(_ store: Store) throws {
        let todo = try TodoRunner(store)
        try todo.add("Inbox", "first")
        try editByHand(todo, "INSERT INTO tasks (id, list_id, title, created_at, updated_at) VALUES (7, 1, 'by hand', \(Self.byHand))")
        #expect(try todo.add("Inbox", "next") == 8)
        try editByHand(todo, "UPDATE tasks SET id = 20 WHERE id = 7")
        #expect(try todo.add("Inbox", "after the move") == 21)
        try editByHand(todo, "INSERT INTO lists (id, name, created_at) VALUES (5, 'By hand', '2026-01-01T00:00:00Z')")
        #expect(try todo.jsonObject(["new-list", "Next"])["id"] as? Int == 6)
        #expect(try todo.jsonArray(["list", "Inbox"]).compactMap { $0["id"] as? Int } == [1, 8, 20, 21])
    }

    @Test(arguments: Store.all)
    func theLargestIdWrittenByHandLeavesNoneAndSaysSo(_ store: Store) throws {
        let todo = try TodoRunner(store)
        try todo.add("Inbox", "first")
        try editByHand(todo, "INSERT INTO tasks (id, list_id, title, created_at, updated_at) VALUES (\(Int64.max), 1, 'last', \(Self.byHand))")
        #expect(try todo.run(["done", String(Int64.max)]).status == 0)
        let before = try databaseSnapshot(todo)
        let result = try todo.run(["add", "Inbox", "one too many"])
        #expect(result.failedCleanly(with: 1, oneLine: true), "\(result.summary)")
        #expect(result.stderr.hasPrefix("Error: task ids are exhausted"), "\(result.stderr)")
        #expect(try databaseSnapshot(todo) == before)
    }
}
