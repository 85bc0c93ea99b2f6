import Testing
import TodoCore

/// What a user may type for `--due`, read relative to a fixed today: Saturday 2026-11-21.
@Suite struct DueParsingTests {
    let today = CivilDate(year: 2026, month: 11, day: 21)!

    private func day(_ year: Int, _ month: Int, _ day: Int) throws -> Due {
        Due(date: try #require(CivilDate(year: year, month: month, day: day)))
    }

    @Test func theFixedTodayIsASaturday() {
        #expect(today.weekday == 6)
    }

    @Test func readsTheStoredForms() throws {
        #expect(try Due.parse("2026-12-01", today: today) == day(2026, 12, 1))
        #expect(try Due.parse("2026-12-01T08:15", today: today) == Due(text: "2026-12-01T08:15"))
        #expect(try Due.parse("2020-01-01", today: today) == day(2020, 1, 1), "a past date is the user's call")
    }

    @Test(arguments: ["today", "TODAY", "Today"])
    func todayInAnyCase(word: String) throws {
        #expect(try Due.parse(word, today: today) == Due(date: today))
    }

    @Test(arguments: ["tomorrow", "Tomorrow", "TOMORROW"])
    func tomorrowInAnyCase(word: String) throws {
        #expect(try Due.parse(word, today: today) == day(2026, 11, 22))
    }

    @Test func tomorrowCrossesTheYear() throws {
        let newYearsEve = try #require(CivilDate(year: 2026, month: 12, day: 31))
        #expect(try Due.parse("tomorrow", today: newYearsEve) == day(2027, 1, 1))
    }

    /// The next such day after today; the same weekday as today is a week away.
    @Test(arguments: [
        ("sunday", 22), ("monday", 23), ("tuesday", 24), ("wednesday", 25), ("thursday", 26), ("friday", 27),
        ("saturday", 28),
    ])
    func weekdayNamesMeanTheNextSuchDay(name: String, dayOfMonth: Int) throws {
        let expected = try day(2026, 11, dayOfMonth)
        for spelling in [name, String(name.prefix(3)), name.uppercased(), name.prefix(1).uppercased() + name.dropFirst()] {
            let due = try Due.parse(spelling, today: today)
            #expect(due == expected, "\(spelling)")
            #expect(due.minuteOfDay == nil)
        }
    }

    @Test func weekdayNamesWorkFromEveryDayOfTheWeek() throws {
        let names = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
        for offset in 0..<7 {
            let start = try #require(today.adding(days: offset))
            for (weekday, name) in names.enumerated() {
                let due = try Due.parse(name, today: start)
                let ahead = due.date.daysSinceEpoch - start.daysSinceEpoch
                #expect(due.date.weekday == weekday, "\(name) from \(start)")
                #expect((1...7).contains(ahead), "\(name) from \(start) is \(ahead) days ahead")
            }
        }
    }

    @Test(arguments: [
        ("+0d", 2026, 11, 21), ("+1d", 2026, 11, 22), ("+3d", 2026, 11, 24), ("+41d", 2027, 1, 1),
        ("+1w", 2026, 11, 28), ("+2w", 2026, 12, 5), ("+0w", 2026, 11, 21), ("+3D", 2026, 11, 24),
        ("+1W", 2026, 11, 28), ("+0000010d", 2026, 12, 1),
    ])
    func relativeDaysAndWeeks(text: String, year: Int, month: Int, dayOfMonth: Int) throws {
        #expect(try Due.parse(text, today: today) == day(year, month, dayOfMonth))
    }

    /// 2026-11-21 is a Saturday.
    @Test(arguments: [
        ("yesterday", 2026, 11, 20), ("YESTERDAY", 2026, 11, 20), ("-1d", 2026, 11, 20), ("-0d", 2026, 11, 21), ("-2w", 2026, 11, 7),
        ("+1m", 2026, 12, 21), ("+3m", 2027, 2, 21), ("+1y", 2027, 11, 21), ("+0m", 2026, 11, 21), ("+12M", 2027, 11, 21),
        ("eow", 2026, 11, 22), ("eom", 2026, 11, 30), ("EOY", 2026, 12, 31),
        ("next monday", 2026, 11, 23), ("next sat", 2026, 11, 28), ("Next Friday", 2026, 11, 27),
    ])
    func theWaysPeopleSayADay(text: String, year: Int, month: Int, dayOfMonth: Int) throws {
        #expect(try Due.parse(text, today: today) == day(year, month, dayOfMonth))
    }

    /// Months step as the repeat rules do (the month's last day when it is shorter); a week ends
    /// on Sunday, so on a Sunday `eow` is that day.
    @Test func monthsKeepTheDayOrTakeTheLastAndSundayEndsTheWeek() throws {
        let endOfJanuary = try #require(CivilDate(year: 2028, month: 1, day: 31))
        #expect(try Due.parse("+1m", today: endOfJanuary) == Due(date: try #require(CivilDate(year: 2028, month: 2, day: 29))))
        #expect(try Due.parse("+1y", today: try #require(CivilDate(year: 2028, month: 2, day: 29)))
                == Due(date: try #require(CivilDate(year: 2029, month: 2, day: 28))))
        let sunday = try #require(CivilDate(year: 2026, month: 11, day: 22))
        #expect(try Due.parse("eow", today: sunday) == Due(date: sunday))
        #expect(try Due.parse("eom", today: try #require(CivilDate(year: 2028, month: 2, day: 3)))
                == Due(date: try #require(CivilDate(year: 2028, month: 2, day: 29))))
        #expect(throws: DueParseError.self) { try Due.parse("+1y", today: try #require(CivilDate(year: 9999, month: 3, day: 1))) }
        #expect(throws: DueParseError.self) { try Due.parse("yesterday", today: try #require(CivilDate(year: 0, month: 1, day: 1))) }
    }

    @Test func aDateAndATimeMayBeSeparatedByASpace() throws {
        #expect(try Due.parse("2026-12-01 09:30", today: today) == Due(text: "2026-12-01T09:30"))
        #expect(throws: DueParseError.self) { try Due.parse("2026-12-01 24:00", today: today) }
    }

    @Test func relativeDaysReachTheLastSupportedDayAndNoFurther() throws {
        // 2026-11-21 is day 20778 and 9999-12-31 is day 2932896: 2912118 days apart.
        #expect(try Due.parse("+2912118d", today: today) == day(9999, 12, 31))
        #expect(throws: DueParseError.self) { try Due.parse("+2912119d", today: today) }
        #expect(throws: DueParseError.self) { try Due.parse("+9999999w", today: today) }
    }

    @Test(arguments: [
        "2026-02-30", "2026-1-5", "next week", "", "+d", "+w", "+-1d", "+99999999d", "+1.5d", "+1 d", "+1",
        "1d", "-1m", "-1y", "+1x", "d", "+", "tues", "thurs", "sundays", "su", "tomorow", "yesterdays", "now", "next", "next  monday",
        "2026-12-01  09:30", "2026-12-01 9:30", " 2026-12-01", "eod", "-", "-d", "+9999999y",
        "Buy milk 2026-12-01", "2026-12-01 buy milk", "milk tomorrow", "on monday", "2026-12-01T25:00",
        "2026-12-01T08:15Z", "+٣d", "+３d", "+2000000000000000000w", "+9223372036854775807d", "+99999999999999999999d",
    ])
    func refusesAnythingElse(text: String) {
        let error = #expect(throws: DueParseError.self) { try Due.parse(text, today: today) }
        #expect(error?.input == text)
    }

    @Test func theRefusalIsOneLineNamingTheInputAndTheFormsAccepted() {
        let error = #expect(throws: DueParseError.self) { try Due.parse("next week", today: today) }
        let message = error?.description ?? ""
        #expect(message.contains("'next week'"))
        for form in ["YYYY-MM-DD", "YYYY-MM-DDTHH:MM", "'YYYY-MM-DD HH:MM'", "today", "tomorrow", "yesterday", "weekday", "next monday",
                     "eow", "eom", "eoy", "+Nd", "+Nw", "+Nm", "+Ny", "-Nd", "-Nw"] {
            #expect(message.contains(form), "\(form)")
        }
        #expect(!message.contains("\n"))
    }
}
