import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import TodoCore

/// UTC timestamps as ISO-8601 text, computed by hand from seconds since the epoch.
@Suite struct LocalClockTests {
    @Test(arguments: [
        (0, "1970-01-01T00:00:00Z"), (1_700_000_000, "2023-11-14T22:13:20Z"), (-1, "1969-12-31T23:59:59Z"),
        (-86_400, "1969-12-31T00:00:00Z"), (-86_401, "1969-12-30T23:59:59Z"), (86_399, "1970-01-01T23:59:59Z"),
        (951_782_400, "2000-02-29T00:00:00Z"), (253_402_300_799, "9999-12-31T23:59:59Z"),
    ])
    func timestampOfKnownMoments(seconds: Int, expected: String) {
        #expect(LocalClock.timestamp(secondsSinceEpoch: seconds) == expected)
    }

    @Test func timestampNowIsTheCurrentSecond() {
        let before = Int(time(nil))
        let stamp = LocalClock().timestamp()
        let after = Int(time(nil))
        let candidates = (before...after).map { LocalClock.timestamp(secondsSinceEpoch: $0) }
        #expect(candidates.contains(stamp))
    }

    /// Local time as Foundation's calendar sees it in this process's time zone, the same one
    /// libc reads (TZ, else /etc/localtime).
    static func foundationNow() -> Due? {
        let parts = Calendar.current.dateComponents([.year, .month, .day, .hour, .minute], from: Date())
        guard let year = parts.year, let month = parts.month, let day = parts.day, let hour = parts.hour,
              let minute = parts.minute, let date = CivilDate(year: year, month: month, day: day)
        else { return nil }
        return Due(date: date, minuteOfDay: hour * 60 + minute)
    }

    @Test func nowLocalIsTheLocalDateAndMinute() throws {
        let before = try #require(Self.foundationNow())
        let now = LocalClock().nowLocal()
        let after = try #require(Self.foundationNow())
        // A minute may turn between the readings: now is one of the two.
        #expect(now == before || now == after, "\(now) is neither \(before) nor \(after)")
        #expect(LocalClock().today() == now.date || LocalClock().today() == after.date)
    }
}
