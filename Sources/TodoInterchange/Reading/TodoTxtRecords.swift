import TodoCore

/// todo.txt (one task per line, http://todotxt.org), read into todo's records:
///
/// - `x ` at the start: done, and the date after it is when (local midnight of that day);
/// - `(A)`, `(B)`, `(C)`: high, medium, low priority (`(D)` to `(Z)`: low); `pri:A` the same,
///   where a done task keeps it (todo.txt takes a finished task's priority off the front);
/// - a date before the text: when the task was created;
/// - the first `+project`: the list (none: the import's `--list`, else the default list); each
///   `@context`: a tag;
/// - `due:YYYY-MM-DD`: the due date; `rec:` (todo.txt's recurrence extension): the rule where todo
///   has it, `rec:+1w` counting from the due date and `rec:1w` from the day it is done (the first
///   of each, as of `+project`: a second `due:` stays in the title);
/// - the rest of the line, after those leading parts and without the words read into fields
///   (each with the whitespace after it), is the title, kept exactly: a later `+project`, a
///   `key:value` todo has no field for, a `rec:` it cannot keep stay in it, so nothing of the
///   line is lost. A line of nothing but such words keeps them all as its title.
///
/// Blank lines are skipped. A date or value that is not real (`due:2026-13-45`) refuses the
/// whole file, naming the line; a `due:` followed by no date at all (`due:soon`) is words of the
/// title, as todo's own export writes such a title.
struct TodoTxtRecords {
    let reader: ByteReader
    let notices: Notices
    /// The list of a line with no `+project`.
    let list: String

    func forEach(_ body: (ImportedTask) throws -> Void) throws {
        var line = 0
        do {
            while try reader.nextLine(limit: RecordSource.maximumRecordBytes, { bytes in
                line += 1
                let content = line == 1 ? RecordSource.droppingByteOrderMark(bytes) : bytes
                guard let text = String(validating: content, as: UTF8.self) else {
                    throw TodoError.invalidRecord(line: line, reason: "the line is not valid UTF-8")
                }
                guard Names.trimmed(text) != nil else { return }
                do {
                    try body(record(text, line: line))
                } catch let problem as RecordProblem {
                    throw TodoError.invalidRecord(line: line, reason: problem.reason)
                }
            }) {}
        } catch is ByteReader.LineTooLong {
            throw TodoError.invalidRecord(line: line + 1, reason: RecordSource.tooLong)
        }
    }

    private func record(_ text: String, line: Int) throws -> ImportedTask {
        // The marks and dates at the start are read and cut by scalar, as todo.sh reads bytes:
        // a space that a combining mark follows is one Character with it, and the mark is the
        // title's first letter.
        var rest = Substring(text)
        var record = ImportedTask(line: line, listName: list, title: "")
        if rest.utf8.starts(with: "x ".utf8) {
            record.isDone = true
            rest = Substring(rest.unicodeScalars.dropFirst(2))
        }
        if let priority = Self.priority(&rest) { record.priority = priority }
        // Done: the completion date, then perhaps the creation date. Open: the creation date.
        if record.isDone, let completed = try Self.date(&rest, "completion date") {
            record.completedAt = try Self.timestamp(startOf: completed, "completion date")
        }
        if let created = try Self.date(&rest, "creation date") {
            record.createdAt = try Self.timestamp(startOf: created, "creation date")
        }
        // todo.txt keeps no time of the last change; for a done task, that was its completion.
        record.updatedAt = record.completedAt ?? record.createdAt
        guard Names.trimmed(String(rest)) != nil else { throw RecordProblem(reason: "the task has no text") }
        var read: [Range<String.Index>] = []
        var rule: (text: String, word: Range<String.Index>)?
        var hasList = false
        var seenTags = TagSet()
        // Words end at any whitespace, as names and tags do (a no-break space after `+Work` is
        // not part of the list's name), and are read scalar by scalar, as they are stored.
        for word in Names.words(rest) {
            let scalars = word.unicodeScalars
            let afterSign = String(scalars.dropFirst())
            if scalars.first == "+", !afterSign.isEmpty, !hasList {
                record.listName = afterSign
                hasList = true
                read.append(word.startIndex..<word.endIndex)
            } else if scalars.first == "@", let tag = Tags.valid(afterSign) {
                if seenTags.insert(tag) { record.tags.append(tag) }
                read.append(word.startIndex..<word.endIndex)
            } else if word.utf8.starts(with: "due:".utf8), record.due == nil, Self.looksLikeADate(scalars.dropFirst(4)) {
                let value = String(scalars.dropFirst(4))
                guard let due = Due(text: value), due.minuteOfDay == nil else {
                    throw RecordProblem(reason: "due:\(value.prefix(40)) is not a real date (due:YYYY-MM-DD)")
                }
                record.due = due
                read.append(word.startIndex..<word.endIndex)
            } else if word.utf8.starts(with: "pri:".utf8), record.priority == .none, let priority = Self.priority(letter: scalars.dropFirst(4)) {
                record.priority = priority
                read.append(word.startIndex..<word.endIndex)
            } else if word.utf8.starts(with: "rec:".utf8), rule == nil {
                rule = (String(scalars.dropFirst(4)), word.startIndex..<word.endIndex)
            }
        }
        record.tags = Tags.sorted(record.tags)
        if let rule, repeatBy(rule.text, &record) { read.append(rule.word) }
        record.title = Self.title(rest, without: read.sorted { $0.lowerBound < $1.lowerBound })
        return record
    }

    /// The text without the words read into fields, each with the whitespace after it (the last
    /// one's before it, when nothing follows); the rest exactly as written. All of it when
    /// nothing else is left.
    private static func title(_ text: Substring, without read: [Range<String.Index>]) -> String {
        let scalars = text.unicodeScalars
        var title = ""
        var position = text.startIndex
        for word in read {
            title += text[position..<word.lowerBound]
            position = word.upperBound
            while position < text.endIndex, scalars[position].properties.isWhitespace { position = scalars.index(after: position) }
        }
        title += text[position...]
        if position == text.endIndex, !read.isEmpty {
            while let last = title.unicodeScalars.last, last.properties.isWhitespace { title.unicodeScalars.removeLast() }
        }
        return Names.trimmed(title) == nil ? String(text) : title
    }

    /// `rec:1w` (from the day it is done), `rec:+1w` (from the due date), `rec:w` (one week);
    /// whether the task took it.
    private func repeatBy(_ text: String, _ record: inout ImportedTask) -> Bool {
        let strict = text.hasPrefix("+")
        let body = strict ? text.dropFirst() : Substring(text)
        let digits = body.prefix(while: \.isNumber)
        let unit = body.dropFirst(digits.count)
        guard unit.count == 1, let unit = RepeatRule.Unit(rawValue: unit.lowercased()),
              let rule = RepeatRule(count: digits.isEmpty ? 1 : Int(digits) ?? 0, unit: unit)
        else {
            notices.add("kept without its recurrence 'rec:\(text)' (todo has no such rule)", line: record.line)
            return false
        }
        guard record.due != nil else {
            notices.add("kept without its recurrence 'rec:\(text)' (it has no due date)", line: record.line)
            return false
        }
        record.repeatRule = rule
        record.repeatFrom = strict ? .due : .done
        return true
    }

    /// `NNNN-NN-NN`, real or not: what a `due:` is read as a date from (a typo in one refuses
    /// the file, naming the line, rather than being kept as text).
    private static func looksLikeADate(_ value: some Collection<Unicode.Scalar>) -> Bool {
        value.count == 10 && value.enumerated().allSatisfy { index, scalar in
            index == 4 || index == 7 ? scalar == "-" : ("0"..."9").contains(scalar)
        }
    }

    /// A leading `(A) `; A to C map to high, medium and low, the rest of the alphabet to low.
    private static func priority(_ rest: inout Substring) -> Priority? {
        let bytes = Array(rest.utf8.prefix(4))
        guard bytes.count == 4, bytes[0] == UInt8(ascii: "("), (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[1]),
              bytes[2] == UInt8(ascii: ")"), bytes[3] == UInt8(ascii: " ")
        else { return nil }
        rest = Substring(rest.unicodeScalars.dropFirst(4))
        return priority(letter: [Unicode.Scalar(bytes[1])])
    }

    /// One capital letter: A to C are high, medium and low, the rest of the alphabet low.
    private static func priority(letter: some Collection<Unicode.Scalar>) -> Priority? {
        guard letter.count == 1, let scalar = letter.first, ("A"..."Z").contains(scalar) else { return nil }
        switch scalar {
        case "A": return .high
        case "B": return .medium
        default: return .low
        }
    }

    /// A leading `YYYY-MM-DD ` date; one that looks like a date but is none refuses the line.
    /// When the day began here, as a stored time; a day whose start falls outside the years todo
    /// keeps (0000-01-01 east of UTC) is refused, never taken for another time.
    private static func timestamp(startOf date: CivilDate, _ what: String) throws -> String {
        guard let time = LocalTime.timestamp(startOf: date) else {
            throw RecordProblem(reason: "the \(what) \(Due(date: date)) begins outside the times todo can keep in this time zone")
        }
        return time
    }

    private static func date(_ rest: inout Substring, _ what: String) throws -> CivilDate? {
        let word = Substring(rest.unicodeScalars.prefix(while: { $0 != " " }))
        guard word.utf8.count == 10, word.utf8.enumerated().allSatisfy({ index, byte in
            index == 4 || index == 7 ? byte == UInt8(ascii: "-") : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }) else { return nil }
        guard let due = Due(text: String(word)) else { throw RecordProblem(reason: "the \(what) \(word) is not a real date") }
        rest = Substring(rest.unicodeScalars.dropFirst(10).drop(while: { $0 == " " }))
        return due.date
    }
}
