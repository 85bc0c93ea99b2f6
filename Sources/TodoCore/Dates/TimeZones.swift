#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The IANA time zones (`Europe/Berlin`) as libc knows them, from the files under `TZDIR`, else
/// `/usr/share/zoneinfo`: what iCalendar's `TZID` names. todo keeps due times as local times
/// without a zone; a calendar needs the zone's name, and reading one needs the other zones too.
public enum TimeZones {
    /// Where libc reads zones from.
    private static var folder: String {
        getenv("TZDIR").flatMap { String(validatingCString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo"
    }

    /// Whether `name` is a zone of the database: a path below its folder made of the characters
    /// IANA names use, naming a file libc can read (`../../etc/passwd` is no zone).
    public static func isKnown(_ name: String) -> Bool {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard !name.isEmpty, name.utf8.count <= 255, parts.allSatisfy({ part in
            !part.isEmpty && part != "." && part != ".."
                && part.utf8.allSatisfy { $0 < 0x80 && (isalnum(Int32($0)) != 0 || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+")) }
        }) else { return false }
        var info = stat()
        return stat(folder + "/" + name, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && access(folder + "/" + name, R_OK) == 0
    }

    /// The local zone's name: `TZ` when it names a zone (`Europe/Berlin`, `:Europe/Berlin`), else
    /// what `/etc/localtime` links to. Nil when the zone has none: `TZ` a rule (`CET-1CEST`) or
    /// a path, or `/etc/localtime` a copy rather than a link.
    public static func localName() -> String? {
        if let value = getenv("TZ").flatMap({ String(validatingCString: $0) }) {
            var name = value.hasPrefix(":") ? String(value.dropFirst()) : value
            // A path into the zones' folder names the zone below it.
            if name.hasPrefix("/"), let range = name.firstRange(of: "zoneinfo/") { name = String(name[range.upperBound...]) }
            return isKnown(name) ? name : nil
        }
        var target = [CChar](repeating: 0, count: 4096)
        let count = readlink("/etc/localtime", &target, target.count - 1)
        guard count > 0 else { return nil }
        let path = String(decoding: target[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let range = path.firstRange(of: "zoneinfo/") else { return nil }
        let name = String(path[range.upperBound...])
        return isKnown(name) ? name : nil
    }

    /// The moment `due` (a date and minute) is in the zone `name`, which `isKnown` accepted; nil
    /// where libc has no answer. A time a clock change skips is read as libc reads it (02:30 on
    /// the night clocks go forward is 03:30).
    public static func secondsSinceEpoch(_ due: Due, in name: String) -> Int? {
        inZone(name) { LocalTime.secondsSinceEpoch(local: due) }
    }

    /// Runs `body` with libc's local zone set to `name`, and puts back the one there was. todo
    /// runs one thread while it reads a file, so nothing else sees the zone change.
    private static func inZone<T>(_ name: String, _ body: () -> T) -> T {
        let previous = getenv("TZ").map { String(cString: $0) }
        setenv("TZ", ":" + name, 1)
        tzset()
        defer {
            if let previous { setenv("TZ", previous, 1) } else { unsetenv("TZ") }
            tzset()
        }
        return body()
    }

    /// A stretch of a year with one offset from UTC, as a calendar describes a zone: its name
    /// (`CEST`), the offsets before and after it starts, in seconds east of UTC, and the day and
    /// local time (in the offset before) it starts on.
    public struct Observance: Equatable, Sendable {
        public let name: String
        public let offsetFrom: Int
        public let offsetTo: Int
        public let isDaylight: Bool
        /// When it starts this year: its local date and second of the day, in `offsetFrom`.
        public let start: CivilDate
        public let startSecond: Int
    }

    /// The local zone's observances in `year`: one when its offset does not change that year,
    /// else each change, found by its day and then its second (libc knows the moments, not the
    /// rules behind them).
    public static func localObservances(in year: Int) -> [Observance] {
        guard let first = CivilDate(year: year, month: 1, day: 1), let next = CivilDate(year: year + 1, month: 1, day: 1) else { return [] }
        let begin = first.daysSinceEpoch * 86_400, end = next.daysSinceEpoch * 86_400
        var changes: [Observance] = []
        var (moment, before) = (begin, offset(at: begin))
        while moment < end {
            let after = offset(at: moment + 86_400)
            if after.seconds != before.seconds {
                // The first second with the new offset: the days narrow it down, halving finds it.
                var (low, high) = (moment, moment + 86_400)
                while high - low > 1 {
                    let middle = (low + high) / 2
                    if offset(at: middle).seconds == before.seconds { low = middle } else { high = middle }
                }
                let local = high + before.seconds
                let localDay = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
                if let date = CivilDate(daysSinceEpoch: localDay) {
                    changes.append(Observance(name: after.name, offsetFrom: before.seconds, offsetTo: after.seconds,
                                              isDaylight: after.isDaylight, start: date, startSecond: local - localDay * 86_400))
                }
            }
            (moment, before) = (moment + 86_400, after)
        }
        if changes.isEmpty {
            let now = offset(at: begin)
            return [Observance(name: now.name, offsetFrom: now.seconds, offsetTo: now.seconds, isDaylight: false, start: first, startSecond: 0)]
        }
        return changes
    }

    /// The local zone's offset from UTC at a moment, its abbreviation and whether it is summer time.
    private static func offset(at seconds: Int) -> (seconds: Int, name: String, isDaylight: Bool) {
        var time = time_t(seconds)
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return (0, "UTC", false) }
        let name = parts.tm_zone.map { String(cString: $0) } ?? ""
        return (Int(parts.tm_gmtoff), name, parts.tm_isdst > 0)
    }
}
