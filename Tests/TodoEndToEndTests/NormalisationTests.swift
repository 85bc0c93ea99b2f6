import Foundation
import Testing
import TodoCore
import TodoTestSupport

/// Text that differs only in its Unicode normalisation is two texts to todo, as it is to SQLite
/// and PostgreSQL, which compare bytes: two lists, two tags, a rename, a change made by hand.
/// Every text here is compared as `ExactText`, since `==` on Strings calls the two equal.
@Suite struct NormalisationTests {
    /// `café` with é as one scalar (U+00E9, as NFC has it)...
    static let composed = "caf\u{E9}"
    /// ...and as `e` and a combining acute accent (U+0301, as NFD has it).
    static let decomposed = "cafe\u{301}"

    static func exact(_ texts: [Any?]) -> [ExactText?] {
        texts.map { ($0 as? String).map(ExactText.init) }
    }

    static func listNames(_ todo: TodoRunner) throws -> [ExactText?] {
        exact(try todo.jsonArray(["list"]).map { $0["name"] })
    }

    static func tags(_ todo: TodoRunner, of id: Int) throws -> [ExactText?] {
        exact(try todo.jsonArray(["show", String(id)]).first?["tags"] as? [Any] ?? [])
    }

    @Test(arguments: Store.all) func anExportImportsBackAsTwoListsWithBothTags(_ store: Store) throws {
        let source = try TodoRunner(store)
        try source.add(Self.composed, "one", ["--tag", Self.composed])
        try source.add(Self.decomposed, "two", ["--tag", Self.decomposed])
        let exported = try source.succeed(["export"])

        let target = try TodoRunner(store)
        let imported = try target.run(["import", "--json"], stdin: exported.stdoutBytes)
        #expect(imported.status == 0, "\(imported.summary)")
        #expect(try imported.jsonObject()["lists_created"] as? Int == 2)
        // Names sort by their bytes: "cafe" + U+0301 comes before "caf" + U+00E9.
        #expect(try Self.listNames(target) == [ExactText(Self.decomposed), ExactText(Self.composed)])
        #expect(try Self.tags(target, of: 1) == [ExactText(Self.composed)])
        #expect(try Self.tags(target, of: 2) == [ExactText(Self.decomposed)])
        #expect(try target.succeed(["export"]).stdoutBytes == exported.stdoutBytes, "the round trip is exact")
        #expect(try target.jsonArray(["tags"]).count == 2)
    }

    @Test(arguments: Store.all) func tagAndUntagTouchOnlyTheSpellingGiven(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let id = try todo.add("Home", "stamps", ["--tag", Self.composed])
        try todo.succeed(["edit", String(id), "--tag", Self.decomposed])
        #expect(try Self.tags(todo, of: id) == [ExactText(Self.decomposed), ExactText(Self.composed)], "another tag, not the same one")

        try todo.succeed(["edit", String(id), "--untag", Self.decomposed])
        #expect(try Self.tags(todo, of: id) == [ExactText(Self.composed)])
        try todo.succeed(["edit", String(id), "--tag", Self.decomposed, "--untag", Self.composed])
        #expect(try Self.tags(todo, of: id) == [ExactText(Self.decomposed)])
        try HistoryCommandTests.expectHealthy(todo)
    }

    @Test(arguments: Store.all) func renamingAListToTheOtherSpellingIsAChangeThatUndoes(_ store: Store) throws {
        let todo = try TodoRunner(store)
        try todo.add(Self.composed, "espresso")
        let renamed = try todo.jsonObject(["rename-list", Self.composed, Self.decomposed])
        #expect(Self.exact([renamed["name"]]) == [ExactText(Self.decomposed)])
        #expect(try Self.listNames(todo) == [ExactText(Self.decomposed)])
        let history = try todo.jsonArray(["history"])
        #expect(history.count == 2 && Self.exact([history.first?["summary"]]) == [ExactText("renamed list '\(Self.composed)' to '\(Self.decomposed)'")],
                "\(history)")

        try todo.succeed(["undo"])
        #expect(try Self.listNames(todo) == [ExactText(Self.composed)])
        try todo.succeed(["redo"])
        #expect(try Self.listNames(todo) == [ExactText(Self.decomposed)])
        try HistoryCommandTests.expectHealthy(todo)
    }

    /// A change, then a hand edit (sqlite3, psql) that changes only how a text of a row the
    /// change touched is normalised: undo must see it, refuse, and leave every byte alone.
    @Test(arguments: Store.all, [
        (["edit", "1", "--priority", "high"], "UPDATE tasks SET title = '\(decomposed)' WHERE id = 1", "task 1 was changed or deleted since"),
        (["rename-list", "Home", composed], "UPDATE lists SET name = '\(decomposed)' WHERE id = 1", "list 1 ('\(composed)') was changed or deleted since"),
    ])
    func undoRefusesAHandEditThatOnlyChangedTheNormalisation(_ store: Store, _ example: (change: [String], byHand: String, reason: String)) throws {
        let todo = try TodoRunner(store)
        try todo.add("Home", Self.composed)
        try todo.succeed(example.change)
        try editByHand(todo, example.byHand)
        let before = try databaseSnapshot(todo)

        let undo = try todo.run(["undo"])
        #expect(undo.failedCleanly(with: 1, oneLine: true), "\(undo.summary)")
        #expect(undo.stderr.contains(": \(example.reason); nothing was changed"), "\(undo.stderr)")
        #expect(try databaseSnapshot(todo) == before)
    }
}
