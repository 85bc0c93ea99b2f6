/// Why a due date given on the command line was refused.
public struct DueParseError: Error, Equatable, Sendable, CustomStringConvertible {
    public let input: String

    public var description: String {
        "invalid due date '\(input)': use " + Due.acceptedForms
    }
}

extension Due {
    /// Every form `parse` reads, as the error and `todo help dates` list them.
    public static let acceptedForms = "YYYY-MM-DD, YYYY-MM-DDTHH:MM or 'YYYY-MM-DD HH:MM', today, tomorrow, yesterday, "
        + "a weekday (mon or monday, also 'next monday': the next one after today), eow, eom or eoy (the last day of this "
        + "week (Sunday), month or year), +Nd, +Nw, +Nm or +Ny (days, weeks, months or years ahead), -Nd or -Nw (days or weeks ago)"

    /// Reads what a user may type for `--due`, relative to `today` (local time): the forms of
    /// `acceptedForms`, without regard to case. Nothing else is guessed.
    public static func parse(_ input: String, today: CivilDate) throws(DueParseError) -> Due {
        // `2026-12-01 09:30` too, as people write a date and a time (one argument, quoted).
        if let due = Due(text: input) ?? Due(text: input.replacing(" ", with: "T", maxReplacements: 1)) { return due }
        if let date = date(input.lowercased(), today: today) { return Due(date: date) }
        throw DueParseError(input: input)
    }

    private static func date(_ word: String, today: CivilDate) -> CivilDate? {
        switch word {
        case "today": return today
        case "tomorrow": return today.adding(days: 1)
        case "yesterday": return today.adding(days: -1)
        // Weeks end on Sunday (weekday 0): the days until the next one, none on a Sunday.
        case "eow": return today.adding(days: (7 - today.weekday) % 7)
        case "eom": return CivilDate(year: today.year, month: today.month, day: CivilDate.daysIn(month: today.month, year: today.year))
        case "eoy": return CivilDate(year: today.year, month: 12, day: 31)
        default: break
        }
        let day = word.hasPrefix("next ") ? String(word.dropFirst(5)) : word
        if let weekday = weekdays.firstIndex(where: { $0 == day || $0.prefix(3) == day }) {
            let ahead = (weekday - today.weekday + 7) % 7
            return today.adding(days: ahead == 0 ? 7 : ahead)
        }
        return relative(word, today: today)
    }

    private static let weekdays = CivilDate.weekdayNames.map { $0.lowercased() }

    /// `+Nd`, `+Nw`, `+Nm`, `+Ny`, `-Nd`, `-Nw`; nil for anything else or an absurd N. Months and
    /// years step as the repeat rules do: the month's last day when it is shorter.
    private static func relative(_ word: String, today: CivilDate) -> CivilDate? {
        guard let sign = word.first, sign == "+" || sign == "-", let unit = word.last else { return nil }
        let digits = word.dropFirst().dropLast()
        guard !digits.isEmpty, digits.count <= 7, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let count = Int(digits) else { return nil }
        switch (sign, unit) {
        case (_, "d"): return today.adding(days: sign == "+" ? count : -count)
        case (_, "w"): return today.adding(days: (sign == "+" ? count : -count) * 7)
        case ("+", "m"): return today.adding(months: count)
        case ("+", "y"): return today.adding(months: count * 12)
        default: return nil
        }
    }
}
