/// Why a due date given on the command line was refused.
public struct DueParseError: Error, Equatable, Sendable, CustomStringConvertible {
    public let input: String

    public var description: String {
        "invalid due date '\(input)': use YYYY-MM-DD, YYYY-MM-DDTHH:MM, today, tomorrow, a weekday name, +Nd or +Nw"
    }
}

extension Due {
    /// Reads what a user may type for `--due`, relative to `today` (local time).
    ///
    /// Accepted: `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM`, `today`, `tomorrow`, a weekday name (the next
    /// such day after today; `mon`…`sun` also work), `+Nd`, `+Nw`. Nothing else is guessed.
    public static func parse(_ input: String, today: CivilDate) throws(DueParseError) -> Due {
        let word = input.lowercased()
        if let due = Due(text: input) { return due }
        if word == "today" { return Due(date: today) }
        if word == "tomorrow", let date = today.adding(days: 1) { return Due(date: date) }
        if let weekday = weekdays.firstIndex(where: { $0 == word || $0.prefix(3) == word }) {
            let ahead = (weekday - today.weekday + 7) % 7
            if let date = today.adding(days: ahead == 0 ? 7 : ahead) { return Due(date: date) }
        }
        if let days = relativeDays(word), let date = today.adding(days: days) { return Due(date: date) }
        throw DueParseError(input: input)
    }

    private static let weekdays = CivilDate.weekdayNames.map { $0.lowercased() }

    /// `+Nd` or `+Nw` as a number of days; nil for anything else or an absurd N.
    private static func relativeDays(_ word: String) -> Int? {
        guard word.hasPrefix("+"), let unit = word.last, unit == "d" || unit == "w" else { return nil }
        let digits = word.dropFirst().dropLast()
        guard !digits.isEmpty, digits.count <= 7, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
              let count = Int(digits)
        else { return nil }
        return unit == "w" ? count * 7 : count
    }
}
