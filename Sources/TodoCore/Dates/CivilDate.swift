/// A calendar date with no time zone, in the proleptic Gregorian calendar.
///
/// Written by hand rather than with Foundation's `Calendar` so the binary needs no ICU; the day
/// arithmetic is Howard Hinnant's `days_from_civil` / `civil_from_days`.
public struct CivilDate: Equatable, Comparable, Hashable, Sendable {
    public let year: Int
    public let month: Int
    public let day: Int

    /// The years a due date may have: four digits, as the stored text form requires.
    public static let years = 0...9999

    /// Nil unless the date exists (no February 30th), in years 0000 to 9999 as SQLite's date
    /// functions allow, and is not 0300-03-01: SQLite's calendar (3.40) takes that day and the
    /// 0300-02-29 that never was for the same one, so a file's schema refuses it as a due date.
    public init?(year: Int, month: Int, day: Int) {
        guard Self.years.contains(year), (1...12).contains(month),
              (1...Self.daysIn(month: month, year: year)).contains(day),
              (year, month, day) != (300, 3, 1)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The first day of the Unix epoch, 1970-01-01.
    public static let epoch = CivilDate(validYear: 1970, month: 1, day: 1)

    private init(validYear year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `days` after 1970-01-01, or nil outside the supported years.
    public init?(daysSinceEpoch days: Int) {
        // Far outside years 0000-9999 (days -719528 to 2932896); checked first because the
        // arithmetic below overflows, and traps, for days near Int.max.
        guard (-4_000_000...4_000_000).contains(days) else { return nil }
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        self.init(year: year, month: month, day: day)
    }

    /// Days since 1970-01-01 (negative before it).
    public var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The names of the days, indexed by `weekday`.
    public static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// 0 = Sunday ... 6 = Saturday.
    public var weekday: Int {
        let d = daysSinceEpoch
        return d >= -4 ? (d + 4) % 7 : (d + 5) % 7 + 6
    }

    /// The date `days` later (earlier when negative), or nil outside the supported years.
    public func adding(days: Int) -> CivilDate? {
        let (sum, overflow) = daysSinceEpoch.addingReportingOverflow(days)
        return overflow ? nil : CivilDate(daysSinceEpoch: sum)
    }

    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }
}
