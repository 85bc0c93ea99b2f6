import TodoCore

/// A Taskwarrior record's `recur`, as the rule todo repeats by.
extension TaskwarriorRecords {
    /// Taskwarrior's recurrence periods that todo can repeat by, and whether Taskwarrior steps
    /// the period by a fixed length where its words name months or years (`1months` from Jan 31
    /// is Mar 2: 30 days a month, 365 a year); nil for the rest (`weekdays`, hours, business days).
    static func rule(_ recur: String) -> (rule: RepeatRule, fixedLength: Bool)? {
        func calendar(_ rule: RepeatRule?) -> (rule: RepeatRule, fixedLength: Bool)? { rule.map { ($0, false) } }
        func fixed(_ count: Int, daysEach: Int) -> (rule: RepeatRule, fixedLength: Bool)? {
            let (days, overflow) = count.multipliedReportingOverflow(by: daysEach)
            return overflow ? nil : RepeatRule(count: days, unit: .day).map { ($0, true) }
        }
        let named: [String: (Int, RepeatRule.Unit)] = [
            "daily": (1, .day), "day": (1, .day), "weekly": (1, .week), "week": (1, .week),
            "biweekly": (2, .week), "fortnight": (2, .week), "monthly": (1, .month), "month": (1, .month),
            "bimonthly": (2, .month), "quarterly": (3, .month), "semiannual": (6, .month),
            "annual": (1, .year), "yearly": (1, .year), "year": (1, .year), "biannual": (2, .year), "biyearly": (2, .year),
        ]
        let text = recur.lowercased()
        if let (count, unit) = named[text] { return calendar(RepeatRule(count: count, unit: unit)) }
        // ISO 8601: P1D, P2W, P1M, P1Y.
        if text.hasPrefix("p"), let count = Int(text.dropFirst().dropLast()), let last = text.last,
           let unit: RepeatRule.Unit = ["d": .day, "w": .week, "m": .month, "y": .year][last] {
            return calendar(RepeatRule(count: count, unit: unit))
        }
        // A number and a unit: 3d, 2 weeks, 1mo, 6mos, 2q, 1yr.
        let digits = text.prefix(while: \.isNumber)
        let unitText = text.dropFirst(digits.count).trimmingPrefix(" ")
        guard let count = digits.isEmpty ? 1 : Int(digits) else { return nil }
        switch unitText {
        case "d", "day", "days": return calendar(RepeatRule(count: count, unit: .day))
        case "w", "wk", "wks", "week", "weeks": return calendar(RepeatRule(count: count, unit: .week))
        case "m": return calendar(RepeatRule(count: count, unit: .month))
        // Taskwarrior 2.6 steps these by a fixed length, not by the calendar.
        case "mo", "mos", "mth", "mths", "month", "months": return fixed(count, daysEach: 30)
        case "q", "qtr", "qtrs", "quarter", "quarters":
            // A count past any rule todo has: none (kept without its recurrence, and said).
            let (months, overflow) = count.multipliedReportingOverflow(by: 3)
            return overflow ? nil : calendar(RepeatRule(count: months, unit: .month))
        case "y": return calendar(RepeatRule(count: count, unit: .year))
        case "yr", "yrs", "year", "years": return fixed(count, daysEach: 365)
        default: return nil
        }
    }
}
