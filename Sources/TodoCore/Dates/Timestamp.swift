/// The stored timestamp form, `2026-11-21T09:30:00Z`.
public enum Timestamp {
    /// True for exactly `YYYY-MM-DDTHH:MM:SSZ` naming a real moment.
    public static func isValid(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count == 20, bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: "Z"),
                  Due(utf8: UnsafeBufferPointer(start: bytes.baseAddress, count: 16)) != nil,
                  let seconds = Due.number(bytes, 17, 2), seconds < 60
            else { return false }
            return true
        }
    }

    /// The moment a stored timestamp names, in seconds since 1970-01-01T00:00:00Z; nil for any
    /// other text.
    public static func secondsSinceEpoch(_ text: String) -> Int? {
        guard isValid(text), let due = Due(text: String(text.prefix(16))), let minute = due.minuteOfDay,
              let second = Int(text.dropFirst(17).prefix(2))
        else { return nil }
        return due.date.daysSinceEpoch * 86_400 + minute * 60 + second
    }

    /// A time written by hand in sqlite3, in any form SQLite's own date functions write or read
    /// (`CURRENT_TIMESTAMP`'s `2026-11-22 09:30:00`, fractions of a second, no seconds, a date
    /// alone, a `Z` or a `+02:00` offset, a Julian day number), in the stored form; nil when it is
    /// none of those. Times without an offset are UTC, as SQLite takes them. Fractions of a
    /// second are dropped.
    public static func normalized(_ text: String) -> String? {
        if isValid(text) { return text }
        if let julianDay = Double(text), julianDay.isFinite, (1_721_059.5...5_373_484.5).contains(julianDay) {
            // SQLite reads a number as a Julian day; day 2440587.5 began 1970-01-01.
            let seconds = ((julianDay - 2_440_587.5) * 86_400).rounded(.down)
            return LocalClock.timestamp(secondsSinceEpoch: Int(seconds))
        }
        let bytes = Array(text.utf8)
        guard bytes.count >= 10, let date = bytes.withUnsafeBufferPointer({ Due(utf8: UnsafeBufferPointer(rebasing: $0[0..<10])) })?.date else { return nil }
        var rest = bytes[10...]
        var seconds = 0
        if let separator = rest.first, separator == UInt8(ascii: " ") || separator == UInt8(ascii: "T") {
            rest = rest.dropFirst()
            guard let hour = number(&rest, 2), hour < 24, take(&rest, ":"), let minute = number(&rest, 2), minute < 60 else { return nil }
            seconds = hour * 3600 + minute * 60
            if take(&rest, ":") {
                guard let second = number(&rest, 2), second < 60 else { return nil }
                seconds += second
                if take(&rest, ".") {
                    while let digit = rest.first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) { rest = rest.dropFirst() }
                }
            }
        }
        // The zone: nothing or Z is UTC; an offset says how far ahead of UTC the time was.
        if take(&rest, "Z") {
        } else if let sign = rest.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            rest = rest.dropFirst()
            guard let hours = number(&rest, 2), hours < 24, take(&rest, ":"), let minutes = number(&rest, 2), minutes < 60 else { return nil }
            seconds -= (sign == UInt8(ascii: "+") ? 1 : -1) * (hours * 3600 + minutes * 60)
        }
        guard rest.isEmpty else { return nil }
        return LocalClock.timestamp(secondsSinceEpoch: date.daysSinceEpoch * 86_400 + seconds)
    }

    private static func number(_ bytes: inout ArraySlice<UInt8>, _ count: Int) -> Int? {
        guard bytes.count >= count else { return nil }
        var value = 0
        for byte in bytes.prefix(count) {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        bytes = bytes.dropFirst(count)
        return value
    }

    private static func take(_ bytes: inout ArraySlice<UInt8>, _ character: Unicode.Scalar) -> Bool {
        guard bytes.first == UInt8(ascii: character) else { return false }
        bytes = bytes.dropFirst()
        return true
    }
}
