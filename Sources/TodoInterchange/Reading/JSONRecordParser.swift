#if canImport(Glibc)
import Glibc
#endif

/// A value of an import record, as far as a record cares: nested arrays and objects are checked
/// for being valid JSON but not kept.
enum RecordValue: Equatable {
    case string(String)
    case integer(Int64)
    /// A number that is not a whole number fitting 64 bits.
    case number
    case bool(Bool)
    case null
    /// An array's items, an object's fields (nested as deep as the parser allows; a record is
    /// at most 1 MiB, so they stay small).
    case array([RecordValue])
    case object([RecordField])
}

/// One key and value of a nested object.
struct RecordField: Equatable {
    let key: String
    let value: RecordValue
}

/// Why a record could not be read; becomes `TodoError.invalidRecord` with the record's line.
struct RecordProblem: Error {
    let reason: String
}

/// Parses one JSON object into fields, straight from bytes: no intermediate document, so a
/// large NDJSON import costs little more than reading it.
struct JSONRecordParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Parses `bytes`, which must hold exactly one object (and whitespace), handing each key and
    /// value to `field` in order.
    static func parseObject(_ bytes: UnsafeBufferPointer<UInt8>, _ field: (String, RecordValue) throws -> Void) throws {
        var parser = JSONRecordParser(bytes)
        parser.skipWhitespace()
        guard parser.peek == UInt8(ascii: "{") else { throw parser.problem("a record must be a JSON object") }
        try parser.object(depth: 0, field)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.problem("unexpected text after the record") }
    }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private func problem(_ what: String) -> RecordProblem {
        RecordProblem(reason: "not valid JSON: \(what) (at byte \(index + 1))")
    }

    private mutating func skipWhitespace() {
        while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws {
        skipWhitespace()
        guard peek == byte else { throw problem("expected \(what)") }
        index += 1
    }

    private mutating func object(depth: Int, _ field: (String, RecordValue) throws -> Void) throws {
        index += 1  // {
        skipWhitespace()
        if peek == UInt8(ascii: "}") { index += 1; return }
        while true {
            skipWhitespace()
            guard peek == UInt8(ascii: "\"") else { throw problem("expected a key in double quotes") }
            let key = try string()
            try expect(UInt8(ascii: ":"), "':' after a key")
            try field(key, try value(depth: depth + 1))
            skipWhitespace()
            guard let byte = peek else { throw problem("the object is not closed") }
            index += 1
            if byte == UInt8(ascii: "}") { return }
            guard byte == UInt8(ascii: ",") else { throw problem("expected ',' or '}'") }
        }
    }

    private mutating func value(depth: Int) throws -> RecordValue {
        skipWhitespace()
        // Deeply nested input must not exhaust the stack.
        guard depth < 64 else { throw problem("nested too deeply") }
        guard let next = peek else { throw problem("expected a value") }
        switch next {
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "{"):
            var fields: [RecordField] = []
            try object(depth: depth) { fields.append(RecordField(key: $0, value: $1)) }
            return .object(fields)
        case UInt8(ascii: "["):
            index += 1
            skipWhitespace()
            if peek == UInt8(ascii: "]") { index += 1; return .array([]) }
            var items: [RecordValue] = []
            while true {
                items.append(try value(depth: depth + 1))
                skipWhitespace()
                guard let byte = peek else { throw problem("the array is not closed") }
                index += 1
                if byte == UInt8(ascii: "]") { return .array(items) }
                guard byte == UInt8(ascii: ",") else { throw problem("expected ',' or ']'") }
            }
        case UInt8(ascii: "t"): try word("true"); return .bool(true)
        case UInt8(ascii: "f"): try word("false"); return .bool(false)
        case UInt8(ascii: "n"): try word("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw problem("expected a value")
        }
    }

    private mutating func word(_ text: StaticString) throws {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count, let base = bytes.baseAddress,
              memcmp(base + index, text.utf8Start, count) == 0
        else { throw problem("expected a value") }
        index += count
    }

    private mutating func number() throws -> RecordValue {
        let negative = peek == UInt8(ascii: "-")
        if negative { index += 1 }
        // Accumulated as a negative number, which has room for Int64.min; nil once out of range.
        var value: Int64? = 0
        let digitsStart = index
        while let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            index += 1
            value = value.flatMap { current in
                let (times10, o1) = current.multipliedReportingOverflow(by: 10)
                let (next, o2) = times10.subtractingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
                return o1 || o2 ? nil : next
            }
        }
        guard index > digitsStart else { throw problem("expected digits") }
        var whole = true
        if peek == UInt8(ascii: ".") {
            whole = false
            index += 1
            while let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            whole = false
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            while let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
        }
        // JSON allows no leading zeros ("012"); such a number is not a whole number here either.
        let leadingZero = bytes[digitsStart] == UInt8(ascii: "0") && index - digitsStart > 1 && whole
        guard whole, !leadingZero, let magnitude = value else { return .number }
        if negative { return .integer(magnitude) }
        let (positive, overflow) = Int64(0).subtractingReportingOverflow(magnitude)
        return overflow ? .number : .integer(positive)
    }

    /// A string at `index` (on its opening quote), unescaped and checked to be valid UTF-8.
    private mutating func string() throws -> String {
        index += 1
        let begin = index
        // Fast path: no escapes, so the bytes are the string; and when they are all ASCII (as
        // most are) they need no UTF-8 check either.
        var bits: UInt8 = 0
        while let byte = peek, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte >= 0x20 {
            bits |= byte
            index += 1
        }
        if peek == UInt8(ascii: "\""), let base = bytes.baseAddress {
            defer { index += 1 }
            let utf8 = UnsafeBufferPointer(start: base + begin, count: index - begin)
            return bits < 0x80 ? String(decoding: utf8, as: UTF8.self) : try text(utf8)
        }
        var out = [UInt8](UnsafeBufferPointer(start: bytes.baseAddress.map { $0 + begin }, count: index - begin))
        while true {
            guard let byte = peek else { throw problem("a string is not closed") }
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return try out.withUnsafeBufferPointer { try text($0) }
            case UInt8(ascii: "\\"):
                try escape(into: &out)
            case 0..<0x20:
                throw problem("a control character must be escaped in a string")
            default:
                out.append(byte)
            }
        }
    }

    private mutating func escape(into out: inout [UInt8]) throws {
        guard let byte = peek else { throw problem("a string is not closed") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(byte)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hex4()
            if (0xD800...0xDBFF).contains(scalar) {
                // A high surrogate must be followed by a low one: together they are one character.
                guard peek == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                    throw problem("an unpaired surrogate in \\u escapes")
                }
                index += 2
                let low = try hex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw problem("an unpaired surrogate in \\u escapes") }
                scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw problem("an unpaired surrogate in \\u escapes") }
            out += Array(String(unicode).utf8)
        default:
            throw problem("an unknown escape")
        }
    }

    private mutating func hex4() throws -> UInt32 {
        guard index + 4 <= bytes.count else { throw problem("\\u needs four hex digits") }
        var value: UInt32 = 0
        for byte in UnsafeBufferPointer(start: bytes.baseAddress.map { $0 + index }, count: 4) {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw problem("\\u needs four hex digits")
            }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }

    private func text(_ utf8: UnsafeBufferPointer<UInt8>) throws -> String {
        guard UTF8Check.isValid(utf8) else { throw RecordProblem(reason: "a string is not valid UTF-8") }
        return String(decoding: utf8, as: UTF8.self)
    }
}
