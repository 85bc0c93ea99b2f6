import Foundation
import Testing
import TodoTestSupport

/// Names that lead somewhere, and what a newcomer hit on day one: the other names of `rm` and
/// `done`, a typo that is close to a list, a task already done, `show` of a task that does not
/// repeat, the notes mark.
@Suite struct EverydayNamesTests {
    @Test(arguments: Store.all) func deleteRemoveAndCompleteAreRmAndDone(_ store: Store) throws {
        let todo = try TodoRunner(store)
        for title in ["a", "b", "c", "d"] { try todo.add("Home", title) }
        #expect(try todo.jsonArray(["complete", "1"]).first?["done"] as? Bool == true)
        #expect(try todo.succeed(["delete", "2"]).stdout.hasPrefix("Deleted 2: b"))
        #expect(try todo.succeed(["remove", "3", "-q"]).stdout.isEmpty)
        #expect(try todo.jsonArray(["list", "Home", "--all"]).map { $0["title"] as? String } == ["d", "a"])
        let history = try todo.jsonArray(["history"]).compactMap { $0["command"] as? String }
        #expect(history.prefix(3) == ["remove 3", "delete 2", "complete 1"], "\(history)")
        #expect(try todo.run(["delete", "99"]).failedCleanly(with: 1, oneLine: true))
    }

    /// Marking a task as it already is changes nothing (not even its updated time, nor the
    /// history) and says so, exit 0.
    @Test(arguments: Store.all) func aTaskAlreadyDoneIsSaidAndLeftAlone(_ store: Store) throws {
        let todo = try TodoRunner(store)
        try todo.add("Home", "water plants")
        try todo.succeed(["done", "1"])
        let before = try #require(try todo.jsonArray(["show", "1"]).first)
        let historyBefore = try todo.jsonArray(["history"]).count
        let again = try todo.run(["done", "1"])
        #expect(again.status == 0 && again.stdout == "1 was already done: water plants (in Home)\n", "\(again.summary)")
        #expect(try todo.jsonArray(["done", "1"]).first?["done"] as? Bool == true)
        #expect(try todo.jsonArray(["show", "1"]).first?["updated_at"] as? String == before["updated_at"] as? String)
        #expect(try todo.jsonArray(["history"]).count == historyBefore)
        try todo.succeed(["undone", "1"])
        #expect(try todo.succeed(["undone", "1"]).stdout == "1 was already open: water plants (in Home)\n")
        #expect(try todo.succeed(["complete", "1", "-q"]).stdout.isEmpty)
    }

    /// A first word that is no command and no list, but close to one, is a usage error that
    /// names what was meant, a list as a command.
    @Test(arguments: Store.all) func aTypoCloseToAListSaysWhichList(_ store: Store) throws {
        let todo = try TodoRunner(store)
        try todo.add("Work", "report")
        try todo.add("Groceries", "milk")
        for (typed, meant) in [("wrok", "the list \"Work\""), ("Wokr", "the list \"Work\""), ("grocerys", "the list \"Groceries\""),
                               ("ad", "\"add\""), ("tsks", "\"tasks\""), ("delte", "\"delete\"")] {
            let result = try todo.run([typed])
            #expect(result.failedCleanly(with: 64, oneLine: false) && result.stdout.isEmpty, "\(typed): \(result.summary)")
            #expect(result.stderrLines.first == "Error: no command or list named \"\(typed)\". Did you mean \(meant)?", "\(result.stderr)")
        }
        // A list of that name is shown, whatever its case; a word close to nothing is a list
        // that does not exist.
        #expect(try todo.succeed(["work"]).stdout.contains("report"))
        let unknown = try todo.run(["zebra"])
        #expect(unknown.failedCleanly(with: 1, oneLine: true) && unknown.stderr.contains("no list named 'zebra'"), "\(unknown.summary)")
    }

    /// `todo history` shows local time with the zone's offset then; JSON keeps UTC.
    @Test func historyShowsLocalTimeWithItsOffset() throws {
        let todo = try TodoRunner()
        try todo.add("Home", "call mum")
        let at = try #require(try todo.jsonArray(["history"]).first?["at"] as? String)
        let moment = try #require(ISO8601DateFormatter().date(from: at))
        for zone in ["Pacific/Auckland", "America/New_York", "Asia/Kolkata", "UTC"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: zone)
            formatter.dateFormat = "yyyy-MM-dd HH:mm xxx"
            let line = try todo.succeed(["history"], environment: ["TZ": zone]).stdout
            #expect(line.contains("  " + formatter.string(from: moment) + "  added task 1"), "\(zone): \(line)")
        }
    }

    @Test func showSaysATaskRepeatsNotAndListingsMarkNotesApartFromTodoTxt() throws {
        let todo = try TodoRunner()
        try todo.add("Home", "call mum", ["--notes", "about Sunday"])
        try todo.add("Home", "water plants", ["--due", "2030-01-01", "--repeat", "weekly"])
        let plain = try todo.succeed(["show", "1"]).stdout
        #expect(plain.contains("  repeat      none\n") && !plain.contains("repeat from"), "\(plain)")
        let repeating = try todo.succeed(["show", "2"]).stdout
        #expect(repeating.contains("  repeat      1w\n") && repeating.contains("  repeat from due\n"), "\(repeating)")
        let listed = try todo.succeed(["list", "Home"]).stdout
        #expect(listed.contains("call mum ✎") && !listed.contains("+notes"), "\(listed)")
    }
}
