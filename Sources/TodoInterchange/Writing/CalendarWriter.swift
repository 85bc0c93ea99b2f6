import TodoCore

/// Tasks as one iCalendar object of VTODOs (RFC 5545), what calendars and todoman read:
///
/// | todo | iCalendar |
/// |---|---|
/// | uuid | `UID` |
/// | title, notes | `SUMMARY`, `DESCRIPTION` |
/// | due | `DUE;VALUE=DATE` for a date; a time as a local time with the zone's `TZID` |
/// | priority high/medium/low | `PRIORITY` 1/5/9 |
/// | done, completed_at | `STATUS` NEEDS-ACTION/COMPLETED, `COMPLETED` |
/// | tags | `CATEGORIES` |
/// | repeat, repeat_from | `RRULE:FREQ=WEEKLY;INTERVAL=2`, `X-TODO-REPEAT-FROM:done` |
/// | created_at, updated_at | `CREATED`, `LAST-MODIFIED` and `DTSTAMP` |
/// | list | `X-TODO-LIST` |
///
/// Lines end in CRLF and are folded at 75 octets, never inside a character. A due time is
/// written in the local zone by its IANA name, with a VTIMEZONE describing this year's rules
/// (readers that know the name, as every one tried does, take the zone from their own database);
/// a zone with no name (`TZ=CET-1CEST`) has its times written in UTC instead.
public struct CalendarWriter: Sendable {
    /// The local zone's IANA name, when it has one.
    let zone: String?
    /// The year whose rules the VTIMEZONE describes.
    let year: Int

    public init(zone: String? = TimeZones.localName(), year: Int = LocalClock().today().year) {
        self.zone = zone
        self.year = year
    }

    /// The calendar's first lines, and the local zone's description when due times name it.
    public func opening(to out: inout [UInt8]) {
        Self.line("BEGIN", "VCALENDAR", to: &out)
        Self.line("VERSION", "2.0", to: &out)
        Self.line("PRODID", "-//todo//todo//EN", to: &out)
        if let zone { timeZone(zone, to: &out) }
    }

    public static let closing = "END:VCALENDAR\r\n"

    public func task(_ task: TodoTask, to out: inout [UInt8], notices: Notices) {
        let id = Int(task.id)
        Self.line("BEGIN", "VTODO", to: &out)
        Self.line("UID", task.uuid.text, to: &out)
        Self.moment("DTSTAMP", task.updatedAt, to: &out)
        Self.moment("CREATED", task.createdAt, to: &out)
        Self.moment("LAST-MODIFIED", task.updatedAt, to: &out)
        var leftOut = false
        // A title of nothing but control characters would be an empty SUMMARY, which no import
        // of a VTODO takes (todo's neither): it is written as U+FFFD, and said.
        let unwritable = task.title.unicodeScalars.allSatisfy { ($0.value < 0x20 && $0 != "\t" && $0 != "\n") || $0.value == 0x7F }
        Self.text("SUMMARY", unwritable ? "\u{FFFD}" : task.title, to: &out, leftOut: &leftOut)
        if unwritable { notices.add("wrote its title, control characters only, as U+FFFD (iCalendar text has none)", line: id) }
        if let notes = task.notes { Self.text("DESCRIPTION", notes, to: &out, leftOut: &leftOut) }
        if leftOut { notices.add("left out the control characters of its title or notes (iCalendar text has none)", line: id) }
        if let due = task.due {
            self.due(due, "DUE", to: &out, notices: notices, id: id)
            // RFC 5545 asks a repeating one for the first of the series: its due.
            if task.repeatRule != nil { self.due(due, "DTSTART", to: &out, notices: Notices(), id: id) }
        }
        if let priority = Self.priorities[task.priority] { Self.line("PRIORITY", priority, to: &out) }
        Self.line("STATUS", task.isDone ? "COMPLETED" : "NEEDS-ACTION", to: &out)
        if task.isDone, let completed = task.completedAt { Self.moment("COMPLETED", completed, to: &out) }
        if !task.tags.isEmpty {
            var folding = Folding(name: "CATEGORIES", to: &out)
            for (index, tag) in task.tags.enumerated() {
                if index > 0 { folding.put(UInt8(ascii: ","), to: &out) }
                folding.escaped(tag, to: &out, leftOut: &leftOut)
            }
            folding.end(to: &out)
        }
        if let rule = task.repeatRule {
            let frequency = switch rule.unit {
            case .day: "DAILY"
            case .week: "WEEKLY"
            case .month: "MONTHLY"
            case .year: "YEARLY"
            }
            Self.line("RRULE", "FREQ=" + frequency + (rule.count > 1 ? ";INTERVAL=\(rule.count)" : ""), to: &out)
            // iCalendar repeats from the due date only; todo's other way is its own property.
            if task.repeatFrom == .done { Self.line("X-TODO-REPEAT-FROM", RepeatFrom.done.rawValue, to: &out) }
        }
        Self.text("X-TODO-LIST", task.listName, to: &out, leftOut: &leftOut)
        Self.line("END", "VTODO", to: &out)
    }

    private static let priorities: [Priority: String] = [.high: "1", .medium: "5", .low: "9"]

    /// A due date, or a due time in the local zone: by its name, else as the UTC moment it is.
    private func due(_ due: Due, _ name: String, to out: inout [UInt8], notices: Notices, id: Int) {
        let date = Self.basic(due.date)
        guard let minute = due.minuteOfDay else { return Self.line(name + ";VALUE=DATE", date, to: &out) }
        let time = date + "T" + Due.padded(minute / 60, 2) + Due.padded(minute % 60, 2) + "00"
        if let zone { return Self.line(name + ";TZID=" + zone, time, to: &out) }
        guard let seconds = LocalTime.secondsSinceEpoch(local: due), let moment = LocalTime.basicUTC(secondsSinceEpoch: seconds) else {
            return notices.add("left out its due date (no moment of this time zone)", line: id)
        }
        if LocalTime.due(atSecondsSinceEpoch: seconds, midnightAsDate: false) != due {
            notices.add("its due time reads back otherwise (a clock change skips it in this time zone)", line: id)
        }
        Self.line(name, moment, to: &out)
    }

    /// The zone as this year's observances, each repeating yearly on the weekday it fell on
    /// (the last one of its month when no week follows: `BYDAY=-1SU`), from its date in 1970.
    private func timeZone(_ name: String, to out: inout [UInt8]) {
        Self.line("BEGIN", "VTIMEZONE", to: &out)
        Self.line("TZID", name, to: &out)
        let observances = TimeZones.localObservances(in: year)
        for observance in observances {
            let kind = observance.isDaylight ? "DAYLIGHT" : "STANDARD"
            Self.line("BEGIN", kind, to: &out)
            if !observance.name.isEmpty { Self.line("TZNAME", observance.name, to: &out) }
            Self.line("TZOFFSETFROM", Self.offset(observance.offsetFrom), to: &out)
            Self.line("TZOFFSETTO", Self.offset(observance.offsetTo), to: &out)
            let second = observance.startSecond
            let clock = "T" + Due.padded(second / 3600, 2) + Due.padded(second / 60 % 60, 2) + Due.padded(second % 60, 2)
            if observances.count == 1 {
                Self.line("DTSTART", "19700101T000000", to: &out)
            } else {
                let (ordinal, start) = Self.ordinal(of: observance.start)
                Self.line("DTSTART", Self.basic(start) + clock, to: &out)
                let weekday = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"][observance.start.weekday]
                Self.line("RRULE", "FREQ=YEARLY;BYMONTH=\(observance.start.month);BYDAY=\(ordinal)\(weekday)", to: &out)
            }
            Self.line("END", kind, to: &out)
        }
        Self.line("END", "VTIMEZONE", to: &out)
    }

    /// Which of its month's weekdays `date` is (1 to 4, or -1 for the last), and the same one
    /// in 1970.
    static func ordinal(of date: CivilDate) -> (Int, CivilDate) {
        let isLast = date.adding(days: 7).map { $0.month != date.month } ?? true
        let ordinal = isLast ? -1 : (date.day - 1) / 7 + 1
        let first = CivilDate(year: 1970, month: date.month, day: 1) ?? .epoch
        let next = CivilDate(year: first.month == 12 ? 1971 : 1970, month: first.month % 12 + 1, day: 1) ?? .epoch
        let anchor = isLast ? next.adding(days: -7) ?? first : first.adding(days: (ordinal - 1) * 7) ?? first
        return (ordinal, anchor.adding(days: (date.weekday - anchor.weekday + 7) % 7) ?? anchor)
    }

    /// `+0100`, `-0330`, `+053328` (seconds only when there are some).
    static func offset(_ seconds: Int) -> String {
        let size = abs(seconds)
        let rest = size % 60 == 0 ? "" : Due.padded(size % 60, 2)
        return (seconds < 0 ? "-" : "+") + Due.padded(size / 3600, 2) + Due.padded(size / 60 % 60, 2) + rest
    }

    /// `20261224`.
    static func basic(_ date: CivilDate) -> String {
        Due.padded(date.year, 4) + Due.padded(date.month, 2) + Due.padded(date.day, 2)
    }

    /// A stored moment (`2026-11-22T09:30:00Z`) as iCalendar writes one, `20261122T093000Z`.
    private static func moment(_ name: String, _ stored: String, to out: inout [UInt8]) {
        out.append(contentsOf: name.utf8)
        out.append(UInt8(ascii: ":"))
        for byte in stored.utf8 where byte != UInt8(ascii: "-") && byte != UInt8(ascii: ":") { out.append(byte) }
        out.append(contentsOf: [0x0D, 0x0A])
    }

    /// A property whose value needs no escaping.
    private static func line(_ name: String, _ value: String, to out: inout [UInt8]) {
        var folding = Folding(name: name, to: &out)
        for byte in value.utf8 { folding.put(byte, to: &out) }
        folding.end(to: &out)
    }

    /// A property of text, escaped.
    private static func text(_ name: String, _ value: String, to out: inout [UInt8], leftOut: inout Bool) {
        var folding = Folding(name: name, to: &out)
        folding.escaped(value, to: &out, leftOut: &leftOut)
        folding.end(to: &out)
    }
}

/// One content line as it is written: folded before any character that would take it past 75
/// octets (a line break and a space start the next part), and ended with CRLF.
struct Folding {
    private var column: Int

    init(name: String, to out: inout [UInt8]) {
        out.append(contentsOf: name.utf8)
        out.append(UInt8(ascii: ":"))
        column = name.utf8.count + 1
    }

    mutating func put(_ byte: UInt8, to out: inout [UInt8]) {
        // A character's first byte says how many it has; the bytes after it never start a fold.
        if byte & 0xC0 != 0x80 {
            let size = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
            if column + size > 75 {
                out.append(contentsOf: [0x0D, 0x0A, 0x20])
                column = 1
            }
        }
        out.append(byte)
        column += 1
    }

    /// Text as RFC 5545 escapes it: `\\`, `\;`, `\,`, `\n` for a line break. It has no way to
    /// write other control characters: they are left out, and `leftOut` says so.
    mutating func escaped(_ text: String, to out: inout [UInt8], leftOut: inout Bool) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\\"), UInt8(ascii: ";"), UInt8(ascii: ","):
                put(UInt8(ascii: "\\"), to: &out)
                put(byte, to: &out)
            case 0x0A:
                put(UInt8(ascii: "\\"), to: &out)
                put(UInt8(ascii: "n"), to: &out)
            case 0x09: put(byte, to: &out)
            case 0..<0x20, 0x7F: leftOut = true
            default: put(byte, to: &out)
            }
        }
    }

    func end(to out: inout [UInt8]) {
        out.append(contentsOf: [0x0D, 0x0A])
    }
}
