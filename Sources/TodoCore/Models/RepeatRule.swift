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

    public init?(count: Int, unit: Unit) {
        guard (1...Self.maximumCount).contains(count) else { return nil }
        self.count = count
        self.unit = unit
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

    /// Reads the stored short form only (`1w`, not `weekly`).
    public init?(stored text: String) {
        guard let rule = RepeatRule(text: text), rule.description == text else { return nil }
        self = rule
    }

    public var description: String { "\(count)\(unit.rawValue)" }

    /// `date` plus `times` steps of the rule, nil past the dates a due date may have. Month and
    /// year steps keep the day of the month where it exists and take the month's last day where
    /// it does not: counted from `date` each time, so Jan 31 gives Feb 28 (or 29), then Mar 31.
    public func step(_ date: CivilDate, times: Int) -> CivilDate? {
        let (steps, overflow) = count.multipliedReportingOverflow(by: times)
        guard !overflow, abs(steps) < 4_000_000 else { return nil }
        switch unit {
        case .day: return date.adding(days: steps)
        case .week: return date.adding(days: steps * 7)
        case .month: return date.adding(months: steps)
        case .year: return date.adding(months: steps * 12)
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
    /// that month is shorter; nil outside the supported years.
    public func adding(months: Int) -> CivilDate? {
        let (total, overflow) = (year * 12 + month - 1).addingReportingOverflow(months)
        guard !overflow else { return nil }
        let newYear = total >= 0 ? total / 12 : (total - 11) / 12
        let newMonth = total - newYear * 12 + 1
        guard Self.years.contains(newYear) else { return nil }
        return CivilDate(year: newYear, month: newMonth, day: min(day, Self.daysIn(month: newMonth, year: newYear)))
    }
}
