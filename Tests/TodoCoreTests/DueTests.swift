import Testing
import TodoCore

/// The stored text form of a due date (`YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`) and its order.
@Suite struct DueTests {
    @Test func readsADay() throws {
        let due = try #require(Due(text: "2026-11-21"))
        #expect(due.date == CivilDate(year: 2026, month: 11, day: 21))
        #expect(due.minuteOfDay == nil)
    }

    @Test(arguments: [("2026-11-21T09:30", 570), ("2026-11-21T00:00", 0), ("2026-11-21T23:59", 1439)])
    func readsADayWithATime(text: String, minuteOfDay: Int) throws {
        let due = try #require(Due(text: text))
        #expect(due.date == CivilDate(year: 2026, month: 11, day: 21))
        #expect(due.minuteOfDay == minuteOfDay)
    }

    @Test(arguments: [
        "", "2026-02-30", "2026-1-5", "2026-01-5", "26-01-05", "2026/01/05", "2026-13-01", "10000-01-01",
        "2026-11-21T24:00", "2026-11-21T12:60", "2026-11-21T9:30", "2026-11-21 09:30", "2026-11-21t09:30",
        "2026-11-21T09:30Z", "2026-11-21T09-30", " 2026-11-21", "2026-11-21 ", "+026-11-21", "２０２６-11-21",
        "today", "2026-11-2x",
    ])
    func anythingButTheExactFormIsNil(text: String) {
        #expect(Due(text: text) == nil)
    }

    @Test(arguments: ["2026-11-21", "2026-11-21T09:05", "0000-01-01", "9999-12-31T23:59", "2024-02-29T12:00"])
    func descriptionIsTheTextItWasReadFrom(text: String) throws {
        #expect(try #require(Due(text: text)).description == text)
    }

    @Test func descriptionPadsEveryField() throws {
        let date = try #require(CivilDate(year: 5, month: 1, day: 2))
        #expect(Due(date: date).description == "0005-01-02")
        #expect(Due(date: date, minuteOfDay: 65).description == "0005-01-02T01:05")
    }

    @Test func minuteOfDayIsKeptWithinTheDay() {
        #expect(Due(date: .epoch, minuteOfDay: -5).minuteOfDay == 0)
        #expect(Due(date: .epoch, minuteOfDay: 24 * 60).minuteOfDay == 24 * 60 - 1)
        #expect(Due(date: .epoch, minuteOfDay: 600).minuteOfDay == 600)
    }

    @Test func aDayAloneSortsBeforeTheSameDayWithATime() throws {
        let day = try #require(Due(text: "2026-11-21"))
        let midnight = try #require(Due(text: "2026-11-21T00:00"))
        let morning = try #require(Due(text: "2026-11-21T09:30"))
        let previousEvening = try #require(Due(text: "2026-11-20T23:59"))
        let nextDay = try #require(Due(text: "2026-11-22"))

        #expect(day < midnight)
        #expect(!(midnight < day))
        #expect(midnight < morning)
        #expect(previousEvening < day)
        #expect(morning < nextDay)
        #expect([nextDay, morning, day, previousEvening, midnight].sorted()
            == [previousEvening, day, midnight, morning, nextDay])
    }

    @Test func equalDuesAreEqualAndHashAlike() throws {
        let read = try #require(Due(text: "2026-11-21T09:30"))
        let built = Due(date: try #require(CivilDate(year: 2026, month: 11, day: 21)), minuteOfDay: 570)
        #expect(read == built)
        #expect(Set([read, built]).count == 1)
        #expect(read != Due(date: built.date))
    }
}
