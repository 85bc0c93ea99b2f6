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

    @Test func todayIsTheDateOfNow() {
        let clock = LocalClock()
        let now = clock.nowLocal()
        let today = clock.today()
        // Only midnight between the two calls could make them differ, and then by one day.
        #expect(today == now.date || today == now.date.adding(days: 1))
        #expect(now.minuteOfDay.map { (0..<1440).contains($0) } == true)
    }
}
