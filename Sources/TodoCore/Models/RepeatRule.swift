/// How a task repeats: every `count` days, weeks, months or years. Written `daily`, `weekly`,
/// `monthly`, `yearly` or `Nd`, `Nw`, `Nm`, `Ny`, and always stored in the short form (`1w`).
public struct RepeatRule: Equatable, Hashable, Sendable, CustomStringConvertible {
    public enum Unit: String, Sendable {
        case day = "d", week = "w", month = "m", year = "y"
    }

    /// The largest count: 100 years between two tasks is already far past any schedule, and it
    /// keeps every step well inside the dates a due date may have.
    public static let maximumCount = 1200

    public let count: Int
    public let unit: Unit
    /// The day of the month (29 to 31) a month or year series keeps when this task's month was
    /// too short for it: Jan 31 and then Feb 28 keeps 31, so the task after Feb 28 is due Mar 31.
    /// Nil when the due's own day is the one kept.
    public let keptDay: Int?

    public init?(count: Int, unit: Unit, keptDay: Int? = nil) {
        guard (1...Self.maximumCount).contains(count) else { return nil }
        if let keptDay, unit == .day || unit == .week || !(29...31).contains(keptDay) { return nil }
        self.count = count
        self.unit = unit
        self.keptDay = keptDay
    }

    /// Reads a rule as the command line and the formats write it; anything else is nil.
    public init?(text: String) {
        switch text {
        case "daily": self.init(count: 1, unit: .day)
        case "weekly": self.init(count: 1, unit: .week)
        case "monthly": self.init(count: 1, unit: .month)
        case "yearly": self.init(count: 1, unit: .year)
        default:
            guard let last = text.last, let unit = Unit(rawValue: String(last)) else { return nil }
            let digits = text.dropLast()
            guard !digits.isEmpty, digits.utf8.allSatisfy({ (48...57).contains($0) }), digits.utf8.first != 48,
                  digits.count <= 4, let count = Int(digits)
            else { return nil }
            self.init(count: count, unit: unit)
        }
    }

    /// Reads the stored form only (`1w`, not `weekly`; `1m@31` with a kept day).
    public init?(stored text: String) {
        let parts = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        guard let rule = RepeatRule(text: String(parts[0])), rule.description == parts[0] else { return nil }
        var keptDay: Int?
        if parts.count == 2 {
            guard parts[1].utf8.count == 2, parts[1].utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
            keptDay = Int(parts[1])
        }
        self.init(count: rule.count, unit: rule.unit, keptDay: keptDay)
    }

    /// The rule as people and the formats see it: `1w`, `3m`.
    public var description: String { "\(count)\(unit.rawValue)" }

    /// The rule as the database keeps it: the description, and `@` and the kept day if any.
    public var stored: String { keptDay.map { description + "@\($0)" } ?? description }

    /// The same rule with no kept day: a new due date starts the series over from its own day.
    public var restarted: RepeatRule { RepeatRule(checked: self) }

    /// A rule already checked, without its kept day.
    private init(checked rule: RepeatRule) {
        count = rule.count
        unit = rule.unit
        keptDay = nil
    }

    /// `date` plus `times` steps of the rule, nil past the dates a due date may have. Month and
    /// year steps keep the day of the month where it exists and take the month's last day where
    /// it does not: counted from `date` each time, so Jan 31 gives Feb 28 (or 29), then Mar 31.
    public func step(_ date: CivilDate, times: Int) -> CivilDate? {
        let (steps, overflow) = count.multipliedReportingOverflow(by: times)
        guard !overflow, abs(steps) < 4_000_000 else { return nil }
        switch unit {
        case .day: return date.adding(days: steps)
        case .week: return date.adding(days: steps * 7)
        case .month: return date.adding(months: steps, keepingDay: keptDay)
        case .year: return date.adding(months: steps * 12, keepingDay: keptDay)
        }
    }

    /// The next task's due date: the first date of the schedule `due + k × rule` (k ≥ 1) that is
    /// after `today`, with the due's time of day. A long-overdue task makes one next task, never
    /// a pile. Nil only when the schedule runs past year 9999.
    public func next(after due: Due, today: CivilDate) -> Due? {
        // A first guess at k from the days between (a step is at least 28 days per month and
        // 365 per year, so the guess is never past the answer), then forward one step at a time.
        let behind = today.daysSinceEpoch - due.date.daysSinceEpoch
        let daysPerStep = switch unit {
        case .day: count
        case .week: count * 7
        case .month: count * 31
        case .year: count * 366
        }
        var times = max(1, behind / daysPerStep)
        while true {
            guard let date = step(due.date, times: times) else { return nil }
            if today < date { return Due(date: date, minuteOfDay: due.minuteOfDay) }
            times += 1
        }
    }

    /// The rule the task due `next` carries after one due `due`: a month or year series keeps
    /// its day where `next`'s month was too short for it, and drops it once a month has it again.
    public func carried(from due: CivilDate, to next: CivilDate) -> RepeatRule {
        let day = keptDay ?? due.day
        guard unit == .month || unit == .year, day > next.day else { return restarted }
        return RepeatRule(count: count, unit: unit, keptDay: day) ?? restarted
    }

    /// The next task's due date counted from the day the task was done: that day plus one step,
    /// with the due's time of day.
    public func next(fromDone day: CivilDate, due: Due) -> Due? {
        step(day, times: 1).map { Due(date: $0, minuteOfDay: due.minuteOfDay) }
    }
}

/// What a repeating task's schedule counts from: its due date (the default) or the day it was
/// done.
public enum RepeatFrom: String, CaseIterable, Sendable {
    case due, done
}

extension CivilDate {
    /// The same day `months` months later (earlier when negative), or the month's last day when
    /// that month is shorter; nil outside the supported years. `keepingDay` asks for that day of
    /// the month instead of this date's own.
    public func adding(months: Int, keepingDay: Int? = nil) -> CivilDate? {
        let (total, overflow) = (year * 12 + month - 1).addingReportingOverflow(months)
        guard !overflow else { return nil }
        let newYear = total >= 0 ? total / 12 : (total - 11) / 12
        let newMonth = total - newYear * 12 + 1
        guard Self.years.contains(newYear) else { return nil }
        return CivilDate(year: newYear, month: newMonth, day: min(keepingDay ?? day, Self.daysIn(month: newMonth, year: newYear)))
    }
}
