import Foundation
import Testing
import TodoTestSupport

/// `--due` forms, relative to today in local time (the runner sets TZ=UTC).
@Suite struct DueDateTests {
    static func day(_ offset: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let date = calendar.date(byAdding: .day, value: offset, to: Date())!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    static func daysUntilNext(_ weekday: Int) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let today = calendar.component(.weekday, from: Date())  // 1 = Sunday
        let ahead = (weekday - today + 7) % 7
        return ahead == 0 ? 7 : ahead
    }

    @Test(arguments: Store.all, [
        ("today", 0), ("tomorrow", 1), ("TOMORROW", 1), ("+0d", 0), ("+3d", 3), ("+2w", 14),
    ])
    func relativeDates(_ store: Store, _ example: (input: String, offset: Int)) throws {
        let (input, offset) = example
        let todo = try TodoRunner(store)
        let task = try todo.jsonObject(["add", "Inbox", "x", "--due", input])
        #expect(task["due"] as? String == Self.day(offset))
    }

    @Test(arguments: Store.all) func weekdayNamesMeanTheNextSuchDayAfterToday(_ store: Store) throws {
        let todo = try TodoRunner(store)
        for (name, weekday) in [("sunday", 1), ("Monday", 2), ("tue", 3), ("wednesday", 4), ("thu", 5), ("friday", 6), ("sat", 7)] {
            let task = try todo.jsonObject(["add", "Inbox", name, "--due", name])
            #expect(task["due"] as? String == Self.day(Self.daysUntilNext(weekday)), "\(name)")
        }
    }

    @Test(arguments: Store.all) func aDateIsNeverPulledOutOfATitle(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let task = try todo.jsonObject(["add", "Inbox", "call mum tomorrow 2026-12-01"])
        #expect(task["due"] is NSNull)
        #expect(task["title"] as? String == "call mum tomorrow 2026-12-01")
    }
}
