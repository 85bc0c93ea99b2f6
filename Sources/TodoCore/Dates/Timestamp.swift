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
}
