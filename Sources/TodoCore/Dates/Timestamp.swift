/// The stored timestamp form, `2026-11-21T09:30:00Z`.
public enum Timestamp {
    /// True for exactly `YYYY-MM-DDTHH:MM:SSZ` naming a real moment.
    public static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 20, bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
              bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: "Z"),
              Due(text: String(decoding: bytes[0..<16], as: UTF8.self)) != nil,
              let tens = digit(bytes[17]), let ones = digit(bytes[18]), tens * 10 + ones < 60
        else { return false }
        return true
    }

    private static func digit(_ byte: UInt8) -> Int? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
    }
}
