import TodoCore

/// A DATE or DATE-TIME value of iCalendar (`20261224`, `20261224T093000`, `…Z`), with the zone
/// it is in: UTC (`Z`), a zone by its `TZID` (an IANA name), or none (a floating time, the same
/// clock time wherever one is, as todo's due times are).
struct CalendarTime {
    enum Zone: Equatable { case utc, floating, named(String) }

    let date: CivilDate
    /// The second of the day; nil for a date alone.
    let second: Int?
    let zone: Zone

    /// Reads `property`'s value; `localZone` is the local zone's name, whose times are taken as
    /// written. A value that is no date, a TZID that names no zone, are `RecordProblem`s.
    init(_ property: ContentLine, localZone: String?) throws {
        let name = property.name
        let kind = property.parameter("VALUE")?.uppercased()
        guard let time = BasicTime(property.value), time.second == nil ? kind != "DATE-TIME" : kind != "DATE" else {
            throw RecordProblem(reason: "\(name) must be a date like 20261224 or a time like 20261224T093000, not \(MessageText.quoted(String(property.value.prefix(40))))")
        }
        (date, second) = (time.date, time.second)
        if second == nil {
            zone = .floating
        } else if time.isUTC {
            zone = .utc
        } else if let written = property.parameter("TZID") {
            // RFC 5545's mark of a globally unique name, which IANA's are taken for.
            let tzid = written.hasPrefix("/") ? String(written.dropFirst()) : written
            if tzid == localZone {
                zone = .floating
            } else {
                guard TimeZones.isKnown(tzid) else {
                    throw RecordProblem(reason: "\(name)'s TZID \(MessageText.quoted(written)) is not a time zone todo knows (it reads IANA names, such as Europe/Berlin)")
                }
                zone = .named(tzid)
            }
        } else {
            zone = .floating
        }
    }

    /// A due date: a date alone, or the local date and minute of the time (its seconds dropped,
    /// and said: todo keeps due times to the minute).
    func due(notices: Notices, line: Int) throws -> Due {
        guard let second else { return Due(date: date) }
        if second % 60 != 0 { notices.add("kept its DUE to the minute (todo keeps no seconds)", line: line) }
        let local = Due(date: date, minuteOfDay: second / 60)
        guard zone != .floating else { return local }
        guard let moment = moment(), let due = LocalTime.due(atSecondsSinceEpoch: moment, midnightAsDate: false) else {
            throw RecordProblem(reason: "DUE is out of range")
        }
        return due
    }

    /// A moment as todo stores one (`CREATED`, `COMPLETED`): a date alone is local midnight.
    func stored(_ name: String) throws -> String {
        guard let moment = second == nil ? LocalTime.secondsSinceEpoch(local: Due(date: date)) : moment(),
              let text = LocalClock.timestamp(secondsSinceEpoch: moment)
        else { throw RecordProblem(reason: "\(name) is out of range") }
        return text
    }

    /// Seconds since 1970 of a time: UTC as it is, a zone's or a floating one through its zone.
    private func moment() -> Int? {
        guard let second else { return nil }
        let minute = Due(date: date, minuteOfDay: second / 60)
        switch zone {
        case .utc: return date.daysSinceEpoch * 86_400 + second
        case .floating: return LocalTime.secondsSinceEpoch(local: minute).map { $0 + second % 60 }
        case .named(let name): return TimeZones.secondsSinceEpoch(minute, in: name).map { $0 + second % 60 }
        }
    }
}
