#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Conversions between moments (UTC) and local dates and times, through libc's time zone
/// rules (`TZ`, else `/etc/localtime`), so daylight-saving changes fall where the zone puts them.
/// Imports from other tools need them: Taskwarrior writes UTC moments, todo.txt local dates.
public enum LocalTime {
    /// A moment, as a due date in local time: a date alone when it falls on local midnight (how
    /// a tool that stores moments writes a due date without a time, unless `midnightAsDate` is
    /// false: iCalendar tells a date from a time), else the date and minute.
    public static func due(atSecondsSinceEpoch seconds: Int, midnightAsDate: Bool = true) -> Due? {
        var time = time_t(seconds)
        var parts = tm()
        guard localtime_r(&time, &parts) != nil,
              let date = CivilDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
        else { return nil }
        let minute = Int(parts.tm_hour) * 60 + Int(parts.tm_min)
        return midnightAsDate && minute == 0 && parts.tm_sec == 0 ? Due(date: date) : Due(date: date, minuteOfDay: minute)
    }

    /// The moment local midnight starts `date` (or, in a zone that skips midnight that day, the
    /// first moment of it), as a stored timestamp.
    public static func timestamp(startOf date: CivilDate) -> String? {
        secondsSinceEpoch(local: Due(date: date)).flatMap(LocalClock.timestamp(secondsSinceEpoch:))
    }

    /// The moment a due date is in local time: its minute, or the start of its day (how a tool
    /// that stores moments, Taskwarrior, writes a date alone). Nil where libc has no answer.
    ///
    /// A time the clocks pass twice (the hour they go back) is the first of the two, and a time
    /// they skip is read with the offset before the change (02:30 is 03:30), as RFC 5545 says.
    /// Both readings are asked of libc by name: told to guess (`tm_isdst` -1), glibc guesses
    /// from the call before, and one task's moment came out an hour apart by the task before it.
    public static func secondsSinceEpoch(local due: Due) -> Int? {
        let wanted = Due(date: due.date, minuteOfDay: due.minuteOfDay ?? 0)
        var readings: [Int] = []
        var matching: [Int] = []
        for summerTime in [Int32(0), 1] {
            var parts = tm()
            parts.tm_year = Int32(due.date.year - 1900)
            parts.tm_mon = Int32(due.date.month - 1)
            parts.tm_mday = Int32(due.date.day)
            parts.tm_hour = Int32(wanted.minuteOfDay ?? 0) / 60
            parts.tm_min = Int32(wanted.minuteOfDay ?? 0) % 60
            parts.tm_isdst = summerTime
            let seconds = Int(mktime(&parts))
            // -1 is libc's failure, and a moment of the last day of 1969 too.
            guard seconds != -1 || (due.date.year == 1969 && due.date.month == 12 && due.date.day == 31) else { continue }
            readings.append(seconds)
            if self.due(atSecondsSinceEpoch: seconds, midnightAsDate: false) == wanted { matching.append(seconds) }
        }
        // Skipped: the offset before is the smaller one, which gives the later moment.
        return matching.min() ?? readings.max()
    }

    /// A moment in Taskwarrior's form, `20261122T093000Z`; nil outside the years 0000 to 9999.
    public static func basicUTC(secondsSinceEpoch seconds: Int) -> String? {
        LocalClock.timestamp(secondsSinceEpoch: seconds).map(basicUTC(stored:))
    }

    /// A stored timestamp (`2026-11-22T09:30:00Z`) in Taskwarrior's form, `20261122T093000Z`.
    public static func basicUTC(stored text: String) -> String {
        String(text.unicodeScalars.filter { $0 != "-" && $0 != ":" })
    }

    /// A stored moment (`2026-11-25T09:33:00Z`) in local time, to the minute, with the zone's
    /// offset from UTC then: `2026-11-25 22:33 +13:00`. Nil for a text that is no stored moment.
    public static func minuteWithOffset(_ timestamp: String) -> String? {
        guard let seconds = Timestamp.secondsSinceEpoch(timestamp) else { return nil }
        var time = time_t(seconds)
        var parts = tm()
        guard localtime_r(&time, &parts) != nil,
              let date = CivilDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
        else { return nil }
        // The local minute as a due date writes it, the `T` a space; then the offset, +HH:MM.
        let minute = Due(date: date, minuteOfDay: Int(parts.tm_hour) * 60 + Int(parts.tm_min)).description.replacing("T", with: " ")
        let offset = Int(parts.tm_gmtoff) / 60
        let hours = abs(offset) / 60, minutes = abs(offset) % 60
        return minute + (offset < 0 ? " -" : " +") + (hours < 10 ? "0" : "") + String(hours) + (minutes < 10 ? ":0" : ":") + String(minutes)
    }

    /// Seconds since the epoch of a UTC moment written `20261122T093000Z` (Taskwarrior's form),
    /// nil for anything else.
    public static func secondsSinceEpoch(basicUTC text: String) -> Int? {
        guard let time = BasicTime(text), time.isUTC, let second = time.second else { return nil }
        return time.date.daysSinceEpoch * 86_400 + second
    }
}

/// A date or time in the basic form of ISO 8601 that Taskwarrior and iCalendar write:
/// `20261224`, `20261224T093000`, or `20261224T093000Z` for UTC. A leap second (`…T235960`) is
/// read as the second before it.
public struct BasicTime: Sendable {
    public let date: CivilDate
    /// The second of the day; nil for a date alone.
    public let second: Int?
    public let isUTC: Bool

    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard bytes.count >= 8, let year = number(0..<4), let month = number(4..<6), let day = number(6..<8),
              let date = CivilDate(year: year, month: month, day: day)
        else { return nil }
        self.date = date
        guard bytes.count > 8 else {
            (second, isUTC) = (nil, false)
            return
        }
        guard bytes.count == 15 || bytes.count == 16 && bytes[15] == UInt8(ascii: "Z"), bytes[8] == UInt8(ascii: "T"),
              let hour = number(9..<11), let minute = number(11..<13), let second = number(13..<15),
              hour < 24, minute < 60, second <= 60
        else { return nil }
        self.second = hour * 3600 + minute * 60 + min(second, 59)
        isUTC = bytes.count == 16
    }
}
