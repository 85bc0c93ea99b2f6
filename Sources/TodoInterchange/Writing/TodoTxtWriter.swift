import TodoCore

/// A task as a todo.txt line (http://todotxt.org): `TodoTxtRecords`' rules in reverse.
///
/// `x` and the day it was done, then the day it was made (local dates); `(A)` to `(C)` for
/// high to low on an open task, `pri:A` on a done one (todo.txt's habit of taking a finished
/// task's priority off the front); the title; `+List` (spaces made `_`), `@tag` each, `due:`,
/// `rec:` (`rec:+1w` from the due date, `rec:1w` from the day it is done). What a line cannot
/// hold (notes, a due time) or would read back otherwise is said through `notices`.
public enum TodoTxtWriter {
    public static func line(_ task: TodoTask, to out: inout [UInt8], notices: Notices) {
        let id = Int(task.id)
        var words: [String] = []
        if task.isDone {
            words.append("x")
            if let completed = task.completedAt.flatMap(localDate) { words.append(Due(date: completed).description) }
        } else if let letter = letters[task.priority] {
            words.append("(\(letter))")
        }
        let created = localDate(task.createdAt)
        if let created { words.append(Due(date: created).description) }
        // After the creation date, a title's first words are its own (`x`, `(A)` and dates are
        // read at the start only); its `+list`, `@tag`, `due:` words are read anywhere.
        if Names.words(task.title[...]).contains(where: readAsField) || (created == nil && startsLikeAField(task.title)) {
            notices.add("its title has words todo.txt reads as fields (x, (A), a date, +list, @tag, due:, rec:, pri:)", line: id)
        }
        // One task, one line: a line break in the title would start another task.
        let title = String(String.UnicodeScalarView(task.title.unicodeScalars.map { breaksLines($0) ? " " : $0 }))
        if title != task.title { notices.add("its title's line breaks are written as spaces", line: id) }
        words.append(title)
        let list = String(task.listName.unicodeScalars.map { $0.properties.isWhitespace ? "_" : Character($0) })
        if list != task.listName { notices.add("its list is written with _ for spaces", line: id) }
        words.append("+" + list)
        words += task.tags.map { "@" + $0 }
        if let due = task.due {
            words.append("due:" + Due(date: due.date).description)
            if due.minuteOfDay != nil { notices.add("left out its due time (todo.txt has dates only)", line: id) }
        }
        if let rule = task.repeatRule {
            words.append("rec:" + (task.repeatFrom == .due ? "+" : "") + "\(rule.count)\(rule.unit.rawValue)")
        }
        if task.isDone, let letter = letters[task.priority] { words.append("pri:" + letter) }
        if task.notes != nil { notices.add("left out its notes (todo.txt has none)", line: id) }
        out.append(contentsOf: words.joined(by: " ").utf8)
        out.append(UInt8(ascii: "\n"))
    }

    private static let letters: [Priority: String] = [.high: "A", .medium: "B", .low: "C"]

    /// What ends a line for a reader of lines: LF, CR, and Unicode's other line and paragraph ends.
    private static func breaksLines(_ scalar: Unicode.Scalar) -> Bool {
        ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"].contains(scalar)
    }

    /// The local day a stored moment fell on.
    private static func localDate(_ stored: String) -> CivilDate? {
        Timestamp.secondsSinceEpoch(stored).flatMap { LocalTime.due(atSecondsSinceEpoch: $0) }?.date
    }

    /// A word the reader would take for a field rather than for the title.
    private static func readAsField(_ word: Substring) -> Bool {
        let scalars = word.unicodeScalars
        guard let first = scalars.first else { return false }
        return (first == "+" || first == "@") && scalars.count > 1
            || ["due:", "rec:", "pri:"].contains { word.utf8.starts(with: $0.utf8) }
    }

    /// A title the reader would take its first words of for a done mark, a priority or a date.
    /// Its first word ends at the first space, by scalar as the reader reads bytes: `x` then a
    /// space that a combining mark follows is one Character, but a done mark to the reader.
    private static func startsLikeAField(_ title: String) -> Bool {
        let first = Array((title.unicodeScalars.split(separator: " ", maxSplits: 1).first ?? "".unicodeScalars[...]))
        return first == ["x"] || (first.count == 3 && first[0] == "(" && first[2] == ")")
            || Due(text: String(String.UnicodeScalarView(first))) != nil
    }
}
