#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PropertyBased
import Testing
import TodoCore

/// Properties of the hand-written calendar that must hold for every supported date.
@Suite struct DatePropertyTests {
    @Test func dueTextRoundTrips() async {
        await propertyCheck(count: 500, input: Generators.due) { due in
            let text = due.description
            #expect(Due(text: text) == due, "\(text)")
            #expect(text.utf8.count == (due.minuteOfDay == nil ? 10 : 16))
        }
    }

    @Test func dueTextSortsLikeDues() async {
        // The stored text must sort as the values do, since SQLite orders by the text.
        await propertyCheck(count: 500, input: Generators.due, Generators.due) { a, b in
            #expect((a < b) == (a.description < b.description), "\(a) vs \(b)")
        }
    }

    @Test func dateToDayNumberAndBack() async {
        await propertyCheck(count: 500, input: Generators.date) { date in
            #expect(CivilDate(daysSinceEpoch: date.daysSinceEpoch) == date)
            #expect((Generators.firstDay...Generators.lastDay).contains(date.daysSinceEpoch))
        }
    }

    @Test func dayNumberToDateAndBack() async {
        await propertyCheck(count: 500, input: Generators.dayNumber) { days in
            #expect(CivilDate(daysSinceEpoch: days)?.daysSinceEpoch == days)
        }
    }

    @Test func anyDayNumberIsADateOrNilButNeverACrash() async {
        await propertyCheck(count: 500, input: Gen.int()) { days in
            let date = CivilDate(daysSinceEpoch: days)
            let supported = (Generators.firstDay...Generators.lastDay).contains(days)
            #expect((date != nil) == supported, "\(days)")
        }
    }

    @Test func dayNumbersOrderLikeDates() async {
        await propertyCheck(count: 500, input: Generators.date, Generators.date) { a, b in
            #expect((a < b) == (a.daysSinceEpoch < b.daysSinceEpoch))
            #expect((a == b) == (a.daysSinceEpoch == b.daysSinceEpoch))
        }
    }

    @Test func addingDaysMovesTheDayNumberByThatMuch() async {
        await propertyCheck(count: 500, input: Generators.date, Gen.int(in: -4_000_000...4_000_000)) { date, days in
            let target = date.daysSinceEpoch + days
            let moved = date.adding(days: days)
            if (Generators.firstDay...Generators.lastDay).contains(target) {
                #expect(moved?.daysSinceEpoch == target)
            } else {
                #expect(moved == nil)
            }
        }
    }

    @Test func nearbyDaysStepOneDayAtATime() async {
        await propertyCheck(count: 500, input: Generators.date, Gen.int(in: -400...400)) { date, days in
            guard let moved = date.adding(days: days) else { return }
            #expect(moved.daysSinceEpoch - date.daysSinceEpoch == days)
            #expect(moved.adding(days: -days) == date)
            #expect((days > 0) == (moved > date))
        }
    }

    @Test func weekdaysCycleEverySevenDays() async {
        await propertyCheck(count: 500, input: Generators.date) { date in
            #expect((0...6).contains(date.weekday))
            if let next = date.adding(days: 1) { #expect(next.weekday == (date.weekday + 1) % 7) }
            if let week = date.adding(days: 7) { #expect(week.weekday == date.weekday) }
        }
    }

    @Test func weekdayAgreesWithTheCLibrary() async {
        // timegm/gmtime_r are an independent calendar for the years time_t covers.
        await propertyCheck(count: 500, input: Generators.date) { date in
            var parts = tm()
            parts.tm_year = Int32(date.year - 1900)
            parts.tm_mon = Int32(date.month - 1)
            parts.tm_mday = Int32(date.day)
            let seconds = timegm(&parts)
            #expect(Int(seconds) == date.daysSinceEpoch * 86_400, "\(date)")
            #expect(Int(parts.tm_wday) == date.weekday, "\(date)")
        }
    }

    @Test func timestampAgreesWithTheCLibrary() async {
        await propertyCheck(count: 500, input: Gen.int(in: -62_167_219_200...253_402_300_799)) { seconds in
            var time = time_t(seconds)
            var parts = tm()
            guard gmtime_r(&time, &parts) != nil else {
                Issue.record("gmtime_r failed for \(seconds)")
                return
            }
            let expected = pad(parts.tm_year + 1900, 4) + "-" + pad(parts.tm_mon + 1, 2) + "-" + pad(parts.tm_mday, 2)
                + "T" + pad(parts.tm_hour, 2) + ":" + pad(parts.tm_min, 2) + ":" + pad(parts.tm_sec, 2) + "Z"
            #expect(LocalClock.timestamp(secondsSinceEpoch: seconds) == expected)
        }
    }
}

/// Zero-padding written apart from the code under test, to spell the C library's answer.
private func pad(_ value: Int32, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}
