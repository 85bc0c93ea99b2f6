import Testing
import TodoCore

/// Calendar dates written by hand: validity, day numbers and weekdays against known values.
@Suite struct CivilDateTests {
    @Test(arguments: [
        (2024, 2, 29), (2000, 2, 29), (2400, 2, 29), (0, 2, 29), (2026, 1, 31), (2026, 4, 30),
        (2026, 12, 31), (0, 1, 1), (9999, 12, 31), (1970, 1, 1),
    ])
    func realDatesAreValid(year: Int, month: Int, day: Int) throws {
        let date = try #require(CivilDate(year: year, month: month, day: day))
        #expect(date.year == year && date.month == month && date.day == day)
    }

    @Test(arguments: [
        (2023, 2, 29), (1900, 2, 29), (2100, 2, 29), (2026, 2, 30), (2026, 4, 31), (2026, 6, 31),
        (2026, 9, 31), (2026, 11, 31), (2026, 1, 32), (2026, 0, 1), (2026, 13, 1), (2026, 1, 0),
        (2026, -1, 1), (2026, 1, -1), (-1, 12, 31), (10000, 1, 1),
    ])
    func impossibleDatesAreNil(year: Int, month: Int, day: Int) {
        #expect(CivilDate(year: year, month: month, day: day) == nil)
    }

    @Test func yearsAreFourDigits() {
        #expect(CivilDate.years == 0...9999)
    }

    @Test(arguments: [
        (1970, 1, 1, 0), (1970, 1, 2, 1), (1969, 12, 31, -1), (2000, 3, 1, 11017), (2000, 1, 1, 10957),
        (2026, 11, 21, 20778), (0, 1, 1, -719_528), (9999, 12, 31, 2_932_896),
    ])
    func daysSinceEpochMatchesKnownValues(year: Int, month: Int, day: Int, days: Int) throws {
        let date = try #require(CivilDate(year: year, month: month, day: day))
        #expect(date.daysSinceEpoch == days)
        #expect(CivilDate(daysSinceEpoch: days) == date)
    }

    @Test func epochIsTheFirstOfJanuary1970() {
        #expect(CivilDate.epoch == CivilDate(year: 1970, month: 1, day: 1))
        #expect(CivilDate.epoch.daysSinceEpoch == 0)
    }

    @Test(arguments: [-719_529, 2_932_897, Int.max, Int.max - 100, Int.min, Int.min + 1_000_000])
    func daysOutsideTheSupportedYearsAreNil(days: Int) {
        #expect(CivilDate(daysSinceEpoch: days) == nil)
    }

    /// 0 = Sunday ... 6 = Saturday, on both sides of the epoch.
    @Test(arguments: [
        (2026, 11, 21, 6), (1970, 1, 1, 4), (2000, 1, 1, 6), (1900, 1, 1, 1), (1969, 12, 28, 0),
        (1969, 12, 27, 6), (1969, 12, 26, 5), (1969, 12, 21, 0), (0, 1, 1, 6), (9999, 12, 31, 5),
        (2026, 11, 23, 1),
    ])
    func weekdayOfKnownDates(year: Int, month: Int, day: Int, weekday: Int) throws {
        let date = try #require(CivilDate(year: year, month: month, day: day))
        #expect(date.weekday == weekday)
    }

    @Test func addingDaysCrossesMonthsYearsAndLeapDays() throws {
        let date = { (y: Int, m: Int, d: Int) in try #require(CivilDate(year: y, month: m, day: d)) }
        #expect(try date(2026, 12, 31).adding(days: 1) == date(2027, 1, 1))
        #expect(try date(2024, 2, 28).adding(days: 1) == date(2024, 2, 29))
        #expect(try date(2023, 2, 28).adding(days: 1) == date(2023, 3, 1))
        #expect(try date(2026, 3, 1).adding(days: -1) == date(2026, 2, 28))
        #expect(try date(2026, 11, 21).adding(days: 0) == date(2026, 11, 21))
        #expect(try date(2026, 11, 21).adding(days: 365) == date(2027, 11, 21))
    }

    @Test func addingDaysPastTheSupportedYearsIsNil() throws {
        let last = try #require(CivilDate(year: 9999, month: 12, day: 31))
        let first = try #require(CivilDate(year: 0, month: 1, day: 1))
        #expect(last.adding(days: 1) == nil)
        #expect(first.adding(days: -1) == nil)
        #expect(last.adding(days: Int.max) == nil)
        #expect(first.adding(days: Int.min) == nil)
        #expect(CivilDate.epoch.adding(days: Int.max - 100) == nil)
    }

    @Test func ordersByYearThenMonthThenDay() throws {
        let dates = try [(2026, 1, 2), (2025, 12, 31), (2026, 1, 1), (2026, 2, 1), (0, 1, 1)]
            .map { try #require(CivilDate(year: $0.0, month: $0.1, day: $0.2)) }
        let sorted = dates.sorted()
        #expect(sorted.map(\.daysSinceEpoch) == dates.map(\.daysSinceEpoch).sorted())
        #expect(sorted.first?.year == 0)
        #expect(sorted.last == CivilDate(year: 2026, month: 2, day: 1))
    }
}
