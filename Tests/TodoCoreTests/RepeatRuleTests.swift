import PropertyBased
import Testing
import TodoCore

/// Repeating tasks: how rules are written, and where the next task falls.
@Suite struct RepeatRuleTests {
    static func date(_ text: String) throws -> CivilDate { try #require(Due(text: text)).date }
    static func due(_ text: String) throws -> Due { try #require(Due(text: text)) }

    @Test(arguments: [
        ("daily", "1d"), ("weekly", "1w"), ("monthly", "1m"), ("yearly", "1y"),
        ("3d", "3d"), ("2w", "2w"), ("18m", "18m"), ("1200y", "1200y"),
    ])
    func rulesAreReadAndStoredInTheShortForm(text: String, stored: String) throws {
        let rule = try #require(RepeatRule(text: text))
        #expect(rule.description == stored)
        #expect(RepeatRule(stored: stored) == rule)
    }

    @Test(arguments: ["", "d", "0d", "01d", "-1d", "1", "1x", "1D", "1201d", "99999d", " 1d", "1d ", "1.5w", "Daily", "biweekly", "١d"])
    func anythingElseIsNoRule(text: String) {
        #expect(RepeatRule(text: text) == nil, "\(text)")
    }

    @Test func theLongFormIsNotAStoredRule() {
        #expect(RepeatRule(stored: "weekly") == nil)
    }

    @Test func monthStepsKeepTheDayOrTakeTheMonthsLastDay() throws {
        let monthly = try #require(RepeatRule(text: "1m"))
        let jan31 = try Self.date("2026-01-31")
        #expect(monthly.step(jan31, times: 1) == (try Self.date("2026-02-28")))
        #expect(monthly.step(jan31, times: 2) == (try Self.date("2026-03-31")))
        #expect(monthly.step(jan31, times: 3) == (try Self.date("2026-04-30")))
        #expect(monthly.step(try Self.date("2028-01-31"), times: 1) == (try Self.date("2028-02-29")), "a leap year")
        #expect(monthly.step(try Self.date("2026-12-15"), times: 1) == (try Self.date("2027-01-15")))
        #expect(RepeatRule(text: "3m")?.step(try Self.date("2026-11-30"), times: 1) == (try Self.date("2027-02-28")))
    }

    @Test func yearStepsFromTheTwentyNinthOfFebruary() throws {
        let yearly = try #require(RepeatRule(text: "yearly"))
        let leapDay = try Self.date("2028-02-29")
        #expect(yearly.step(leapDay, times: 1) == (try Self.date("2029-02-28")))
        #expect(yearly.step(leapDay, times: 4) == (try Self.date("2032-02-29")))
    }

    @Test func theNextTaskIsTheFirstDateOfTheScheduleAfterToday() throws {
        let weekly = try #require(RepeatRule(text: "weekly"))
        let today = try Self.date("2026-11-23")
        // Done early: one step on.
        #expect(weekly.next(after: try Self.due("2026-11-30"), today: today) == (try Self.due("2026-12-07")))
        // Done on the day: the next one, not today.
        #expect(weekly.next(after: try Self.due("2026-11-23"), today: today) == (try Self.due("2026-11-30")))
        // Long overdue: one next task after today, never a pile; the time of day is kept.
        #expect(weekly.next(after: try Self.due("2025-01-07T18:30"), today: today) == (try Self.due("2026-11-24T18:30")))
        let monthly = try #require(RepeatRule(text: "monthly"))
        #expect(monthly.next(after: try Self.due("2026-01-31"), today: today) == (try Self.due("2026-11-30")))
        #expect(monthly.next(after: try Self.due("2026-01-31"), today: try Self.date("2026-02-27")) == (try Self.due("2026-02-28")))
        #expect(monthly.next(after: try Self.due("2026-01-31"), today: try Self.date("2026-02-28")) == (try Self.due("2026-03-31")))
        #expect(RepeatRule(text: "1y")?.next(after: try Self.due("9999-06-01"), today: today) == nil, "past year 9999")
    }

    @Test func countingFromTheDayItWasDone() throws {
        let rule = try #require(RepeatRule(text: "2w"))
        #expect(rule.next(fromDone: try Self.date("2026-11-23"), due: try Self.due("2026-10-01T07:00")) == (try Self.due("2026-12-07T07:00")))
    }

    /// For any due date, rule and day: the next date is after today, on the schedule, and the
    /// first such (the step before it is not after today).
    @Test func theNextDateIsTheFirstOfTheScheduleAfterToday() async {
        let units: [RepeatRule.Unit] = [.day, .week, .month, .year]
        let rules = zip(Gen.int(in: 1...40), Gen.int(in: 0...3)).compactMap { RepeatRule(count: $0.0, unit: units[$0.1]) }
        let dates = zip(Gen.int(in: 2000...2040), Gen.int(in: 1...12), Gen.int(in: 1...31)).compactMap { CivilDate(year: $0.0, month: $0.1, day: $0.2) }
        await propertyCheck(count: 400, input: rules, dates, dates) { rule, dueDate, today in
            let due = Due(date: dueDate, minuteOfDay: 9 * 60)
            guard let next = rule.next(after: due, today: today) else {
                Issue.record("no next date for \(rule) \(due) \(today)")
                return
            }
            #expect(today < next.date, "\(rule) from \(due) on \(today): \(next)")
            #expect(next.minuteOfDay == 9 * 60)
            let times = (1...20_000).first { rule.step(dueDate, times: $0) == next.date }
            guard let times else {
                Issue.record("\(next) is not on the schedule of \(rule) from \(due)")
                return
            }
            if times > 1, let before = rule.step(dueDate, times: times - 1) {
                #expect(!(today < before), "\(rule) from \(due) on \(today): \(before) was already after today")
            }
        }
    }
}

@Suite struct TagRuleTests {
    @Test func aTagIsOneWord() {
        #expect(Tags.valid("errand") == "errand")
        #expect(Tags.valid("ÉtÉ-2026_#1") == "ÉtÉ-2026_#1")
        for bad in ["", "two words", " lead", "tab\tinside", "line\nbreak", "no\u{00A0}break", "ideographic\u{3000}space", "bell\u{7}", "del\u{7F}"] {
            #expect(Tags.valid(bad) == nil, "\(bad)")
        }
    }

    @Test func tagsMatchIgnoringASCIICaseOnlyAndSortThatWay() {
        #expect(Tags.same("Errand", "errAND"))
        #expect(!Tags.same("été", "ÉTÉ"))
        #expect(Tags.sorted(["phone", "Errand", "errand", "b", "A"]) == ["A", "b", "Errand", "phone"])
    }

    @Test func anEditAddsAndTakesOffTagsWhateverTheirCase() throws {
        let task = TodoTask(id: 1, uuid: .example, listID: 1, listName: "Home", title: "t", notes: nil, due: nil, priority: .none, isDone: false,
                            createdAt: "", updatedAt: "", completedAt: nil, tags: ["Errand", "phone"])
        let edited = try task.applying(TaskChanges(addTags: ["ERRAND", "call"], removeTags: ["PHONE", "nothere"]), listID: 1, listName: "Home")
        #expect(edited.tags == ["call", "Errand"])
    }

    @Test func aRepeatingTaskMustKeepADueDate() throws {
        let task = TodoTask(id: 7, uuid: .example, listID: 1, listName: "Home", title: "t", notes: nil, due: Due(text: "2026-11-23"), priority: .none,
                            isDone: false, createdAt: "", updatedAt: "", completedAt: nil, repeatRule: RepeatRule(text: "1w"))
        #expect(throws: TodoError.repeatNeedsDue(7)) { try task.applying(TaskChanges(due: .set(nil)), listID: 1, listName: "Home") }
        let plain = try task.applying(TaskChanges(due: .set(nil), repeatRule: .set(nil)), listID: 1, listName: "Home")
        #expect(plain.due == nil && plain.repeatRule == nil)
    }

    /// The dues of `count` tasks in a row, each done on the day before it is due: what a user
    /// who keeps up with a series sees.
    static func series(from due: String, rule: String, count: Int) throws -> [String] {
        var task = TodoTask(id: 1, uuid: .example, listID: 1, listName: "Home", title: "rent", notes: nil, due: Due(text: due), priority: .none,
                            isDone: false, createdAt: "", updatedAt: "", completedAt: nil, repeatRule: RepeatRule(text: rule))
        var dues = [due]
        for _ in 1..<count {
            let day = try #require(task.due?.date.adding(days: -1))
            let next = try #require(task.nextRepetition(doneOn: day))
            task = TodoTask(id: 1, uuid: .example, listID: 1, listName: "Home", title: "rent", notes: nil, due: next.due, priority: .none,
                            isDone: false, createdAt: "", updatedAt: "", completedAt: nil, repeatRule: next.repeatRule)
            dues.append(try #require(next.due).description)
        }
        return dues
    }

    @Test func aMonthSeriesKeepsItsDayAcrossShortMonths() throws {
        #expect(try Self.series(from: "2027-01-31", rule: "monthly", count: 5) == ["2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30", "2027-05-31"])
        #expect(try Self.series(from: "2028-01-30T09:00", rule: "1m", count: 3) == ["2028-01-30T09:00", "2028-02-29T09:00", "2028-03-30T09:00"])
        #expect(try Self.series(from: "2028-02-29", rule: "yearly", count: 6) == ["2028-02-29", "2029-02-28", "2030-02-28", "2031-02-28", "2032-02-29", "2033-02-28"])
        #expect(try Self.series(from: "2027-01-28", rule: "1m", count: 3) == ["2027-01-28", "2027-02-28", "2027-03-28"], "the 28th stays the 28th")
    }

    @Test func theKeptDayIsStoredButNotShown() throws {
        let rule = try #require(RepeatRule(stored: "1m@31"))
        #expect((rule.description, rule.stored, rule.keptDay) == ("1m", "1m@31", 31))
        for bad in ["1d@31", "1w@30", "1m@28", "1m@32", "1m@", "1m@3", "1m@031", "monthly@31", "1m@31@31"] {
            #expect(RepeatRule(stored: bad) == nil, "\(bad)")
        }
        #expect(RepeatRule(text: "1m@31") == nil, "the command line takes no kept day")
    }

    @Test func aDueMovedByHandStartsTheSeriesOverFromItsDay() throws {
        let task = TodoTask(id: 1, uuid: .example, listID: 1, listName: "Home", title: "rent", notes: nil, due: Due(text: "2027-02-28"), priority: .none,
                            isDone: false, createdAt: "", updatedAt: "", completedAt: nil, repeatRule: RepeatRule(stored: "1m@31"))
        let moved = try task.applying(TaskChanges(due: .set(Due(text: "2027-02-15"))), listID: 1, listName: "Home")
        #expect(moved.repeatRule?.stored == "1m")
        let retitled = try task.applying(TaskChanges(title: "rent!"), listID: 1, listName: "Home")
        #expect(retitled.repeatRule?.stored == "1m@31")
    }

    @Test func theNextTaskCopiesTheTaskAndItsRule() throws {
        let task = TodoTask(id: 7, uuid: .example, listID: 1, listName: "Home", title: "water", notes: "n", due: Due(text: "2026-11-20T08:00"),
                            priority: .high, isDone: true, createdAt: "", updatedAt: "", completedAt: nil, tags: ["garden"],
                            repeatRule: RepeatRule(text: "3d"), repeatFrom: .done)
        let day = try #require(CivilDate(year: 2026, month: 11, day: 23))
        let next = try #require(task.nextRepetition(doneOn: day))
        var expected = TaskDraft(title: "water", notes: "n", due: Due(text: "2026-11-26T08:00"), priority: .high, tags: ["garden"],
                                 repeatRule: RepeatRule(text: "3d"), repeatFrom: .done)
        // Its uuid is derived from the done task's: every machine that completes it makes the same one.
        expected.uuid = TodoUUID("f9ec6d82-35fc-8548-b97d-fc6f0f040eb0")
        #expect(next == expected)
        #expect(task.nextRepetition(doneOn: try #require(day.adding(days: 3)))?.uuid == next.uuid)
    }
}
