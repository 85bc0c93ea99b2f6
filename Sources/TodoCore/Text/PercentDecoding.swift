extension Substring {
    /// The bytes this text stands for once percent-encoding is undone (`%40` is `@`), as libpq
    /// reads every part of a URL; nil when a `%` is not followed by two hex digits. Shared by
    /// the URL's reading (the PostgreSQL build) and its showing without a password (every build).
    public var percentDecoded: [UInt8]? {
        var bytes: [UInt8] = []
        var rest = utf8[...]
        while let byte = rest.popFirst() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard let high = rest.popFirst().flatMap(Self.hexValue), let low = rest.popFirst().flatMap(Self.hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
