import TodoChecksum
import TodoCore

/// One VTODO as its properties arrive, each read by its own rule into an `ImportedTask`.
struct CalendarTask {
    /// Where its BEGIN:VTODO is.
    let line: Int
    private let notices: Notices
    /// The local zone's name, whose times are read as written.
    private let localZone: String?
    private var record: ImportedTask
    private var size = 0
    private var changedInstance = false
    private var status: String?
    private var rule: (rule: RepeatRule, line: Int)?
    /// The properties a VTODO has once at most, and the lines they came on: a second one would
    /// leave todo to keep one value and lose the other.
    private var single: [String: Int] = [:]
    /// DTSTART and DUE as written: a DTSTART that is the DUE (todo's export of a repeating task
    /// writes one, as RFC 5545 asks of an RRULE) is no field left out.
    private var start: ContentLine?
    private var dueLine: ContentLine?

    init(line: Int, list: String, localZone: String?, notices: Notices) {
        self.line = line
        self.localZone = localZone
        self.notices = notices
        record = ImportedTask(line: line, listName: list, title: "")
        // Until it names them: a calendar that keeps no X- properties leaves a task it merges
        // into in its list, repeating as it did.
        (record.listGiven, record.repeatFromGiven) = (false, false)
    }

    /// Properties a calendar keeps for itself, read by no one here: said of no task.
    private static let bookkeeping: Set<String> = ["DTSTAMP", "SEQUENCE", "PERCENT-COMPLETE"]

    private static let once: Set<String> = ["UID", "SUMMARY", "DESCRIPTION", "DUE", "DTSTART", "PRIORITY", "STATUS", "COMPLETED", "CREATED",
                                             "LAST-MODIFIED", "RRULE", "X-TODO-LIST", "X-TODO-REPEAT-FROM"]

    mutating func read(_ property: ContentLine) throws {
        size += property.value.utf8.count + property.name.utf8.count
        guard size <= RecordSource.maximumRecordBytes else { throw TodoError.invalidRecord(line: line, reason: RecordSource.tooLong) }
        if Self.once.contains(property.name) {
            if let first = single[property.name] {
                throw TodoError.invalidRecord(line: property.line, reason: "the VTODO has a second \(property.name) (the first is on line \(first)); it may have one")
            }
            single[property.name] = property.line
        }
        do {
            try read(property, value: property.value)
        } catch let problem as RecordProblem {
            throw TodoError.invalidRecord(line: property.line, reason: problem.reason)
        }
    }

    private mutating func read(_ property: ContentLine, value: String) throws {
        switch property.name {
        case "UID": record.uuid = uuid(value)
        case "SUMMARY": record.title = Self.text(value)
        case "DESCRIPTION": record.notes = Self.text(value)
        case "DUE":
            record.due = try CalendarTime(property, localZone: localZone).due(notices: notices, line: line)
            dueLine = property
        case "DTSTART": start = property
        case "PRIORITY":
            guard let number = Int(value), (0...9).contains(number) else { throw RecordProblem(reason: "PRIORITY must be a number from 0 to 9, not \(MessageText.quoted(value))") }
            record.priority = number == 0 ? .none : number < 5 ? .high : number == 5 ? .medium : .low
        case "STATUS":
            status = value.uppercased()
            guard ["NEEDS-ACTION", "IN-PROCESS", "COMPLETED", "CANCELLED"].contains(status) else {
                throw RecordProblem(reason: "STATUS must be NEEDS-ACTION, IN-PROCESS, COMPLETED or CANCELLED, not \(MessageText.quoted(value))")
            }
        case "COMPLETED": record.completedAt = try CalendarTime(property, localZone: localZone).stored(property.name)
        case "CREATED": record.createdAt = try CalendarTime(property, localZone: localZone).stored(property.name)
        case "LAST-MODIFIED": record.updatedAt = try CalendarTime(property, localZone: localZone).stored(property.name)
        case "CATEGORIES": try categories(value)
        case "RRULE":
            rule = try Self.rule(value).map { ($0, property.line) }
            if rule == nil { notices.add("kept without its RRULE \(MessageText.quoted(value)) (todo has no such rule)", line: property.line) }
        case "X-TODO-LIST":
            // An empty one names no list: the import's is taken.
            guard let name = Names.trimmed(Self.text(value)) else { break }
            record.listName = name
            record.listGiven = true
        case "X-TODO-REPEAT-FROM":
            guard let from = RepeatFrom(rawValue: value.lowercased()) else { throw RecordProblem(reason: "X-TODO-REPEAT-FROM must be due or done, not \(MessageText.quoted(value))") }
            record.repeatFrom = from
            record.repeatFromGiven = true
        case "RECURRENCE-ID": changedInstance = true
        case let name where Self.bookkeeping.contains(name): break
        case let name: notices.add("left out \"\(name)\" (todo has no such field)", line: line)
        }
    }

    /// The task, once END:VTODO came; nil for one todo leaves out, and says so.
    func finished() throws -> ImportedTask? {
        if changedInstance {
            notices.add("left out a changed instance of a repeating task (RECURRENCE-ID); the series is read", line: line)
            return nil
        }
        if status == "CANCELLED" {
            notices.add("left out cancelled tasks", line: line)
            return nil
        }
        guard Names.trimmed(record.title) != nil else { throw TodoError.invalidRecord(line: line, reason: "the VTODO has no SUMMARY (a task needs a title)") }
        if let start, start.value != dueLine?.value || start.parameter("TZID") != dueLine?.parameter("TZID") {
            notices.add("left out \"DTSTART\" (todo has no such field)", line: line)
        }
        var record = record
        // A task is done by its STATUS, or by a COMPLETED where there is none.
        record.isDone = status == "COMPLETED" || status == nil && record.completedAt != nil
        if !record.isDone { record.completedAt = nil }
        if let (rule, ruleLine) = rule {
            if record.due == nil {
                notices.add("kept without its RRULE (it has no DUE)", line: ruleLine)
            } else {
                record.repeatRule = rule
            }
        }
        return record
    }

    /// The record's uuid: its UID when that is one; else one made from the UID, the same on every
    /// machine, so importing the file again finds the same tasks.
    private func uuid(_ uid: String) -> TodoUUID {
        if let uuid = TodoUUID(uid) { return uuid }
        notices.add("took a uuid made from its UID, which is no uuid (an export writes that uuid as its UID)", line: line)
        return TodoUUID.version8(digest: SHA256.digest(of: Array(("iCalendar UID " + uid).utf8)))
    }

    /// Tags from a list of categories (`a,b\,c`); a category of several words is one tag with
    /// `_` for each space, and said.
    private mutating func categories(_ value: String) throws {
        for text in Self.list(value) {
            let words = String(text.unicodeScalars.map { $0.properties.isWhitespace ? "_" : Character($0) })
            guard let tag = Tags.valid(words) else {
                if !text.isEmpty { throw RecordProblem(reason: "CATEGORIES holds \(MessageText.quoted(text)), which cannot be a tag") }
                continue
            }
            if words != text { notices.add("kept categories of several words as tags with _ for spaces", line: line) }
            if !record.tags.contains(where: { Tags.same($0, tag) }) { record.tags.append(tag) }
        }
        record.tags = Tags.sorted(record.tags)
    }

    /// `FREQ=WEEKLY;INTERVAL=2` as todo's rule; nil (and said) for a rule todo has no way to
    /// keep: one on set days (`BYDAY`), with an end (`COUNT`, `UNTIL`), by the hour.
    private static func rule(_ value: String) throws -> RepeatRule? {
        var unit: RepeatRule.Unit?
        var count = 1
        var others: [String] = []
        for part in value.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.uppercased() }
            guard pair.count == 2 else { throw RecordProblem(reason: "RRULE must be parts NAME=VALUE, not \(MessageText.quoted(value))") }
            switch pair[0] {
            case "FREQ":
                switch pair[1] {
                case "DAILY": unit = .day
                case "WEEKLY": unit = .week
                case "MONTHLY": unit = .month
                case "YEARLY": unit = .year
                case "SECONDLY", "MINUTELY", "HOURLY": others.append(String(part))
                default: throw RecordProblem(reason: "RRULE's FREQ \(MessageText.quoted(pair[1])) is not a frequency")
                }
            case "INTERVAL":
                guard let number = Int(pair[1]), number > 0 else { throw RecordProblem(reason: "RRULE's INTERVAL must be a whole number above 0") }
                count = number
            case "WKST": break
            default: others.append(String(part))
            }
        }
        guard let unit, others.isEmpty else { return nil }
        return RepeatRule(count: count, unit: unit)
    }

    /// Text as RFC 5545 escapes it, read back: `\n` a line break, `\,` `\;` `\\` the mark itself.
    static func text(_ value: String) -> String {
        guard value.utf8.contains(UInt8(ascii: "\\")) else { return value }
        var result = ""
        var escaped = false
        for scalar in value.unicodeScalars {
            if escaped {
                result.unicodeScalars.append(scalar == "n" || scalar == "N" ? "\n" : scalar)
                escaped = false
            } else if scalar == "\\" {
                escaped = true
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The items of a list value, parted at commas that are not escaped, each read as text.
    static func list(_ value: String) -> [String] {
        var items: [String] = []
        var current = ""
        var escaped = false
        for scalar in value.unicodeScalars {
            if escaped {
                current.unicodeScalars.append("\\")
                current.unicodeScalars.append(scalar)
                escaped = false
            } else if scalar == "\\" {
                escaped = true
            } else if scalar == "," {
                items.append(text(current))
                current = ""
            } else {
                current.unicodeScalars.append(scalar)
            }
        }
        items.append(text(current))
        return items
    }
}
