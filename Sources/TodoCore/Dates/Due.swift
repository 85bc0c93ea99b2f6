/// When a task is due: a day, or a day and a time of day, in local time.
///
/// Its text form, which the database stores and JSON prints, is `YYYY-MM-DD` or
/// `YYYY-MM-DDTHH:MM`; both sort correctly as text.
public struct Due: Equatable, Comparable, Hashable, Sendable, CustomStringConvertible {
    public let date: CivilDate
    /// Minutes after midnight, when a time was given.
    public let minuteOfDay: Int?

    public init(date: CivilDate, minuteOfDay: Int? = nil) {
        self.date = date
        self.minuteOfDay = minuteOfDay.map { min(max($0, 0), 24 * 60 - 1) }
    }

    /// Reads the stored text form exactly; anything else is nil.
    public init?(text: String) {
        var text = text
        guard let due = text.withUTF8(Self.init(utf8:)) else { return nil }
        self = due
    }

    /// Reads the stored text form from UTF-8 bytes (no String or Array made on the way: an
    /// import reads a million of these).
    init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count == 10 || bytes.count == 16,
              let year = Self.number(bytes, 0, 4), bytes[4] == UInt8(ascii: "-"),
              let month = Self.number(bytes, 5, 2), bytes[7] == UInt8(ascii: "-"),
              let day = Self.number(bytes, 8, 2),
              let date = CivilDate(year: year, month: month, day: day)
        else { return nil }
        guard bytes.count == 16 else {
            self.init(date: date)
            return
        }
        guard bytes[10] == UInt8(ascii: "T"), let hour = Self.number(bytes, 11, 2), hour < 24,
              bytes[13] == UInt8(ascii: ":"), let minute = Self.number(bytes, 14, 2), minute < 60
        else { return nil }
        self.init(date: date, minuteOfDay: hour * 60 + minute)
    }

    public var description: String {
        var text = Self.padded(date.year, 4) + "-" + Self.padded(date.month, 2) + "-" + Self.padded(date.day, 2)
        if let minuteOfDay {
            text += "T" + Self.padded(minuteOfDay / 60, 2) + ":" + Self.padded(minuteOfDay % 60, 2)
        }
        return text
    }

    /// A day without a time sorts before the same day with one.
    public static func < (lhs: Due, rhs: Due) -> Bool {
        if lhs.date != rhs.date { return lhs.date < rhs.date }
        return (lhs.minuteOfDay ?? -1) < (rhs.minuteOfDay ?? -1)
    }

    static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for offset in start..<start + count {
            let byte = bytes[offset]
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// `value` with zeros before it to `width` digits: `padded(7, 2)` is `07`.
    public static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
