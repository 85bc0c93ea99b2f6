import Foundation

/// A strict JSON reader that keeps strings exactly. Foundation's JSONSerialization drops a
/// U+FEFF at the start of a string value (`"\u{FEFF}x"` reads as `"x"`), which would make
/// "JSON keeps text exactly" unprovable. Objects are `[String: Any]`, arrays `[Any]`, integers
/// `Int`, other numbers `Double`, `true`/`false` `Bool`, `null` `NSNull` (as JSONSerialization
/// gives it, and distinct from a missing key).
struct ExactJSON {
    struct Invalid: Error, CustomStringConvertible {
        let offset: Int
        let reason: String
        var description: String { "invalid JSON at byte \(offset): \(reason)" }
    }

    private let bytes: [UInt8]
    private var index = 0

    static func parse(_ bytes: [UInt8]) throws -> Any {
        var reader = ExactJSON(bytes: bytes)
        let value = try reader.value()
        reader.skipSpace()
        guard reader.index == bytes.count else { throw reader.invalid("text after the document") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func invalid(_ reason: String) -> Invalid { Invalid(offset: index, reason: reason) }

    private mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func expect(_ literal: String) throws {
        for byte in literal.utf8 {
            guard index < bytes.count, bytes[index] == byte else { throw invalid("expected \(literal)") }
            index += 1
        }
    }

    private mutating func value() throws -> Any {
        skipSpace()
        guard index < bytes.count else { throw invalid("unexpected end") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var object: [String: Any] = [:]
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return object }
            while true {
                skipSpace()
                let key = try string()
                skipSpace()
                try expect(":")
                object[key] = try value()
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                try expect("}")
                return object
            }
        case UInt8(ascii: "["):
            index += 1
            var array: [Any] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return array }
            while true {
                array.append(try value())
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                try expect("]")
                return array
            }
        case UInt8(ascii: "\""):
            return try string()
        case UInt8(ascii: "t"):
            try expect("true")
            return true
        case UInt8(ascii: "f"):
            try expect("false")
            return false
        case UInt8(ascii: "n"):
            try expect("null")
            return NSNull()
        default:
            return try number()
        }
    }

    private mutating func number() throws -> Any {
        let start = index
        while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if let integer = Int(text) { return integer }
        if let double = Double(text) { return double }
        throw invalid("bad number '\(text)'")
    }

    private mutating func hex4() throws -> UInt32 {
        guard index + 4 <= bytes.count, let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
            throw invalid("bad \\u escape")
        }
        index += 4
        return value
    }

    private mutating func string() throws -> String {
        try expect("\"")
        var utf8: [UInt8] = []
        while true {
            guard index < bytes.count else { throw invalid("unterminated string") }
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: utf8, as: UTF8.self) else { throw invalid("string is not UTF-8") }
                return text
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { throw invalid("unterminated escape") }
                let escape = bytes[index]
                index += 1
                var scalar: UInt32
                switch escape {
                case UInt8(ascii: "\""): scalar = 0x22
                case UInt8(ascii: "\\"): scalar = 0x5C
                case UInt8(ascii: "/"): scalar = 0x2F
                case UInt8(ascii: "b"): scalar = 0x08
                case UInt8(ascii: "f"): scalar = 0x0C
                case UInt8(ascii: "n"): scalar = 0x0A
                case UInt8(ascii: "r"): scalar = 0x0D
                case UInt8(ascii: "t"): scalar = 0x09
                case UInt8(ascii: "u"):
                    scalar = try hex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        try expect("\\u")
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw invalid("lone surrogate") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                default: throw invalid("unknown escape")
                }
                guard let unicode = Unicode.Scalar(scalar) else { throw invalid("lone surrogate") }
                utf8 += Array(String(Character(unicode)).utf8)
            case 0x00...0x1F:
                throw invalid("raw control character in a string")
            default:
                utf8.append(byte)
            }
        }
    }
}

extension Array {
    /// The one element, or nil when there are none or several.
    public var only: Element? { count == 1 ? first : nil }
}
