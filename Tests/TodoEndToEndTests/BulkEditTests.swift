import Foundation
import Testing
import TodoTestSupport

/// `todo edit ID... [options]`: the same change to every id, as one change of the history, all
/// or nothing.
@Suite struct BulkEditTests {
    @Test(arguments: Store.all) func severalTasksTakeTheSameChangeAsOneChange(_ store: Store) throws {
        let todo = try TodoRunner(store)
        for title in ["a", "b", "c"] { try todo.add("Home", title) }
        try todo.add("Work", "d")
        let edited = try todo.jsonArray(["edit", "1", "3", "4", "--tag", "errand", "-p", "h", "--due", "2030-01-01", "-l", "Errands"])
        #expect(edited.map { $0["id"] as? Int } == [1, 3, 4])
        #expect(edited.allSatisfy { $0["list"] as? String == "Errands" && $0["priority"] as? String == "high" && $0["tags"] as? [String] == ["errand"] })
        #expect(try todo.jsonArray(["list", "Home"]).map { $0["title"] as? String } == ["b"])
        let history = try todo.jsonArray(["history"])
        #expect(history.first?["command"] as? String == "edit 1 3 4 --tag errand -p h --due 2030-01-01 -l Errands", "\(history.first ?? [:])")
        // One undo takes all three back, and the list made for them.
        #expect(try todo.run(["undo"]).status == 0)
        #expect(try todo.jsonArray(["list", "Home"]).map { $0["title"] as? String } == ["a", "b", "c"])
        #expect(try todo.jsonArray(["list"]).map { $0["name"] as? String } == ["Home", "Work"])
        // One id: one object, as before.
        #expect(try todo.jsonObject(["edit", "2", "--title", "B"])["title"] as? String == "B")
        #expect(try todo.succeed(["edit", "1", "2", "--done"]).stdout.split(separator: "\n").count == 2)
    }

    @Test(arguments: Store.all) func oneIdThatCannotBeChangedChangesNone(_ store: Store) throws {
        let todo = try TodoRunner(store)
        for title in ["a", "b"] { try todo.add("Home", title) }
        let before = try todo.succeed(["export"]).stdout
        let missing = try todo.run(["edit", "1", "99", "2", "--title", "same"])
        #expect(missing.failedCleanly(with: 1, oneLine: true) && missing.stderr.contains("99"), "\(missing.summary)")
        #expect(try todo.succeed(["export"]).stdout == before)
        let bad = try todo.run(["edit", "1", "x", "--done"])
        #expect(bad.status == 64 && bad.stdout.isEmpty, "\(bad.summary)")
        let nothing = try todo.run(["edit", "1", "2"])
        #expect(nothing.status == 64 && nothing.stderr.contains("nothing to change"), "\(nothing.summary)")
        #expect(try todo.succeed(["export"]).stdout == before)
    }
}
