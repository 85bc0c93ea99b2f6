import TodoCore

/// iCalendar (RFC 5545), read into todo's records: each VTODO of one or more VCALENDARs (a
/// calendar's export, or `cat` of a folder of `.ics` files), by `CalendarWriter`'s table in
/// reverse. The list is `X-TODO-LIST`, else the one the import names (`--list`, else the
/// default list). What a VTODO holds that todo has no field for (`LOCATION`, an alarm), and
/// what is not a task (a VEVENT), is said with its lines. A file that is not iCalendar, a
/// component left open, a line that cannot be read, a value todo cannot read (a DUE that is
/// no date, a TZID no zone) refuse the whole file, naming the line.
struct CalendarRecords {
    let reader: ByteReader
    let notices: Notices
    /// The list of a VTODO with no `X-TODO-LIST`.
    let list: String

    /// Deeper than this, components are no calendar any more, only a way to fill memory.
    static let deepest = 16

    func forEach(_ body: (ImportedTask) throws -> Void) throws {
        var lines = ContentLines(reader: reader)
        // The components open, outermost first, with the lines they began on.
        var open: [(name: String, line: Int)] = []
        var task: CalendarTask?
        var calendars = 0
        let localZone = TimeZones.localName()
        while let line = try next(&lines, calendarSeen: calendars > 0) {
            switch line.name {
            case "BEGIN":
                let name = line.value.uppercased()
                switch open.count {
                case 0:
                    guard name == "VCALENDAR" else { throw Self.notCalendar(line: line.line) }
                    calendars += 1
                case 1 where name == "VTODO":
                    task = CalendarTask(line: line.line, list: list, localZone: localZone, notices: notices)
                case 1 where name != "VTIMEZONE":
                    notices.add("left out what is not a task (\(name))", line: line.line)
                case 2 where task != nil && name == "VTODO":
                    notices.add("left out a VTODO inside another (a task of a task, which todo has no place for)", line: line.line)
                case 2 where task != nil:
                    notices.add("left out its \(name) (todo has no such part)", line: task?.line ?? line.line)
                default: break
                }
                guard open.count < Self.deepest else {
                    throw TodoError.invalidRecord(line: line.line, reason: "components are nested more than \(Self.deepest) deep")
                }
                open.append((name, line.line))
            case "END":
                let name = line.value.uppercased()
                guard let last = open.last, last.name == name else {
                    let expected = open.last.map { "END:\($0.name) (for BEGIN:\($0.name) of line \($0.line))" } ?? "BEGIN:VCALENDAR"
                    throw TodoError.invalidRecord(line: line.line, reason: "END:\(name) where \(expected) was to come")
                }
                open.removeLast()
                if open.count == 1, let finished = task {
                    task = nil
                    if let record = try finished.finished() { try body(record) }
                }
            default:
                guard !open.isEmpty else { throw Self.notCalendar(line: line.line) }
                if open.count == 2, task != nil {
                    try task?.read(line)
                } else if open.count == 1, line.name == "VERSION", line.value != "2.0" {
                    throw TodoError.invalidRecord(line: line.line, reason: "this is iCalendar version \(MessageText.quoted(line.value)); todo reads version 2.0")
                }
            }
        }
        if let last = open.last {
            throw TodoError.invalidRecord(line: lines.lastLine, reason: "the file ends inside BEGIN:\(last.name) of line \(last.line)")
        }
        guard calendars > 0 else { throw Self.notCalendar(line: 1) }
    }

    /// The next line; before the calendar began, one that cannot be read is no calendar at all.
    private func next(_ lines: inout ContentLines, calendarSeen: Bool) throws -> ContentLine? {
        do {
            return try lines.next()
        } catch TodoError.invalidRecord(let line, _) where !calendarSeen {
            throw Self.notCalendar(line: line)
        }
    }

    private static func notCalendar(line: Int) -> TodoError {
        .invalidRecord(line: line, reason: "this is not iCalendar: it must begin with BEGIN:VCALENDAR")
    }
}
