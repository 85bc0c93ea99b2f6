import Foundation
import Testing
import TodoTestSupport

/// `todo agenda` and `todo show`.
@Suite struct AgendaAndShowTests {
    @Test(arguments: Store.all) func agendaShowsOpenDatedTasksThroughTheDaysInDueOrder(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let inTen = try todo.add("Work", "in ten days", ["--due", "+10d"])
        let inSeven = try todo.add("Home", "in seven days", ["--due", "+7d"])
        let today = try todo.add("Work", "today", ["--due", "today"])
        let overdue = try todo.add("Home", "overdue", ["--due", "2020-05-01"])
        try todo.add("Work", "undated")
        let done = try todo.add("Work", "done tomorrow", ["--due", "tomorrow"])
        try todo.run(["done", String(done)])

        #expect(try todo.jsonArray(["agenda"]).compactMap { $0["id"] as? Int } == [overdue, today, inSeven])
        #expect(try todo.jsonArray(["agenda", "--days", "10"]).compactMap { $0["id"] as? Int } == [overdue, today, inSeven, inTen])
        #expect(try todo.jsonArray(["agenda", "--days", "0"]).compactMap { $0["id"] as? Int } == [overdue, today])
        #expect(try todo.run(["agenda", "-q"]).stdout == "\(overdue)\n\(today)\n\(inSeven)\n", "-q: the ids, for xargs")

        let text = try todo.run(["agenda"]).stdout
        let headings = text.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map(String.init)
        let clock = try todo.run(["agenda", "--json", "--days", "0"])  // the run's today, from the tasks due today
        let todayDate = try #require((try clock.jsonArray().last)?["due"] as? String)
        #expect(headings.first == "Overdue  before \(todayDate)")
        #expect(headings.dropFirst().first == "Today  \(todayDate)")
        #expect(headings.count == 3)
        // A day further on is named, and shows its date like the others.
        let sevenDue = try #require(try todo.jsonArray(["show", String(inSeven)]).first?["due"] as? String)
        #expect(headings.last?.hasSuffix("  " + sevenDue) == true, "\(headings)")
        #expect(text.contains("Home"), "each row names its list")
        #expect(try todo.run(["agenda", "--days", "-1"]).status == 64)
    }

    @Test(arguments: Store.all) func showPrintsEveryField(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let a = try todo.add("Groceries", "oat milk", ["--notes", "line one\nline two", "--due", "2026-11-22T09:30", "--priority", "high"])
        let b = try todo.add("Work", "report")
        try todo.run(["done", String(b)])

        let shown = try todo.jsonArray(["show", String(b), String(a)])
        #expect(shown.map { $0["id"] as? Int } == [b, a])
        #expect(shown[0]["done"] as? Bool == true)
        #expect(shown[1]["notes"] as? String == "line one\nline two")

        let text = try todo.run(["show", String(a)]).stdout
        for expected in ["oat milk", "Groceries", "2026-11-22T09:30", "high", "line one", "line two", "created", "updated", "completed"] {
            #expect(text.contains(expected), "\(expected)")
        }
        // Notes with DOS line ends show a line each, the carriage return escaped (as Characters,
        // `\r\n` is not `\n`, and the notes showed as one line).
        try todo.run(["edit", String(b), "--notes", "first\r\nsecond"])
        #expect(try todo.run(["show", String(b)]).stdout.contains("first\\r\n" + String(repeating: " ", count: 14) + "second\n"))
        // More than a buffer's worth of output for the first id: still nothing when a later one fails.
        try todo.run(["edit", String(a), "--notes", String(repeating: "long notes ", count: 10_000)])
        let missing = try todo.run(["show", String(a), "999"])
        #expect(missing.status == 1)
        #expect(missing.stdout.isEmpty, "nothing is printed when one id is missing")
        #expect(missing.stderr == "Error: no task with id 999\n")
    }
}
