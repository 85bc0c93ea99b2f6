import PropertyBased
import Testing
import TodoCore

/// `Due.parse` on anything at all: it refuses with a `DueParseError` naming the input, or gives
/// a due date that can be stored; it never crashes and never guesses.
@Suite struct DueParsingPropertyTests {
    /// Parses `text` and checks the outcome is one of the two allowed ones.
    private func expectStorableOrRefused(_ text: String, today: CivilDate) {
        do {
            let due = try Due.parse(text, today: today)
            #expect(Due(text: due.description) == due, "'\(text)' gave \(due)")
        } catch {
            #expect(error.input == text)
        }
    }

    @Test func dueLikeTextIsStorableOrRefused() async {
        await propertyCheck(count: 2000, input: Generators.dueLikeText, Generators.date) { text, today in
            expectStorableOrRefused(text, today: today)
        }
    }

    @Test func asciiTextIsStorableOrRefused() async {
        await propertyCheck(count: 1000, input: Generators.asciiText, Generators.date) { text, today in
            expectStorableOrRefused(text, today: today)
        }
    }

    @Test func anyTextIsStorableOrRefused() async {
        await propertyCheck(count: 1000, input: Generators.anyText, Generators.date) { text, today in
            expectStorableOrRefused(text, today: today)
        }
    }

    @Test func storedTextParsesToItselfWhateverToday() async {
        await propertyCheck(count: 500, input: Generators.due, Generators.date) { due, today throws in
            #expect(try Due.parse(due.description, today: today) == due)
        }
    }

    @Test func plusDaysIsTodayMovedByThatManyDays() async {
        await propertyCheck(count: 500, input: Generators.date, Gen.int(in: 0...9_999_999)) { today, days in
            let expected = today.adding(days: days).map { Due(date: $0) }
            #expect((try? Due.parse("+\(days)d", today: today)) == expected)
        }
    }

    @Test func plusWeeksIsSevenDaysEach() async {
        await propertyCheck(count: 500, input: Generators.date, Gen.int(in: 0...9_999_999)) { today, weeks in
            let expected = today.adding(days: weeks * 7).map { Due(date: $0) }
            #expect((try? Due.parse("+\(weeks)w", today: today)) == expected)
        }
    }

    @Test func weekdayNamesGiveThatDayWithinTheComingWeek() async {
        let names = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
        await propertyCheck(count: 500, input: Generators.date, Gen.int(in: 0...6), Gen.bool) { today, weekday, short in
            let name = short ? String(names[weekday].prefix(3)) : names[weekday]
            guard let due = try? Due.parse(name, today: today) else {
                // Only the very last week of year 9999 has no next such day.
                #expect(today.adding(days: 7) == nil)
                return
            }
            #expect(due.date.weekday == weekday)
            #expect((1...7).contains(due.date.daysSinceEpoch - today.daysSinceEpoch))
            #expect(due.minuteOfDay == nil)
        }
    }

    @Test func textAroundADateIsNeverGuessed() async {
        await propertyCheck(count: 500, input: Generators.due, Gen.letter.string(of: 1...8), Gen.bool) { due, word, before in
            let text = before ? "\(word) \(due)" : "\(due) \(word)"
            #expect(throws: DueParseError.self) { try Due.parse(text, today: .epoch) }
        }
    }
}
