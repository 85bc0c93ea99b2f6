#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The current moment as `todo` needs it: today's local date for due dates, and a UTC
/// timestamp for `created_at` and friends. Read through libc, not Foundation, to keep start-up cheap.
public struct LocalClock: Sendable {
    public init() {}

    /// Today's date in the local time zone (`TZ`, else `/etc/localtime`).
    public func today() -> CivilDate { nowLocal().date }

    /// The local date and minute of day right now.
    public func nowLocal() -> Due {
        var now = time(nil)
        var parts = tm()
        guard localtime_r(&now, &parts) != nil,
              let date = CivilDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
        else { return Due(date: CivilDate(daysSinceEpoch: Int(now) / 86_400) ?? .epoch) }
        return Due(date: date, minuteOfDay: Int(parts.tm_hour) * 60 + Int(parts.tm_min))
    }

    /// Now in UTC as ISO-8601 text with seconds: `2026-11-21T09:30:00Z`.
    public func timestamp() -> String {
        Self.timestamp(secondsSinceEpoch: Int(time(nil))) ?? "1970-01-01T00:00:00Z"
    }

    /// The moment as stored text; nil outside the years 0000 to 9999 (a time read from outside
    /// that falls there is not a time todo can keep, never some other one).
    public static func timestamp(secondsSinceEpoch seconds: Int) -> String? {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let second = seconds - days * 86_400
        guard let date = CivilDate(daysSinceEpoch: days) else { return nil }
        return Due(date: date).description + "T" + Due.padded(second / 3600, 2) + ":"
            + Due.padded(second / 60 % 60, 2) + ":" + Due.padded(second % 60, 2) + "Z"
    }
}
