import ArgumentParser
import TodoCore

/// `todo help dates`: every form a date may be typed in (`--due`, `--due-before`), as one table.
/// Not a command of its own in the list; `todo dates` prints the same.
struct DatesHelp: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dates",
        abstract: "The forms a date may be typed in (--due, --due-before).",
        discussion: """
            Relative to today in local time (TZ); without regard to case.

              2026-12-01          that day
              2026-12-01T09:30    that day at that time ('2026-12-01 09:30' too)
              today, tomorrow, yesterday
              mon ... sun         the next such day after today (monday, next monday too)
              eow, eom, eoy       the last day of this week (Sunday), month, year
              +3d, +2w            days, weeks ahead
              +1m, +1y            months, years ahead (Jan 31 +1m is Feb 28 or 29)
              -3d, -2w            days, weeks ago
            """,
        shouldDisplay: false
    )

    func run() throws {
        print(Self.helpMessage())
    }
}
