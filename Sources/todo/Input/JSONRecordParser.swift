/// A value of an import record, as far as a record cares: nested arrays and objects are checked
/// for being valid JSON but not kept.
enum RecordValue: Equatable {
    case string(String)
    case integer(Int64)
    /// A number that is not a whole number fitting 64 bits.
    case number
    case bool(Bool)
    case null
    case array
    case object
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
            try object(depth: depth) { _, _ in }
            return .object
        case UInt8(ascii: "["):
            index += 1
            skipWhitespace()
            if peek == UInt8(ascii: "]") { index += 1; return .array }
            while true {
                _ = try value(depth: depth + 1)
                skipWhitespace()
                guard let byte = peek else { throw problem("the array is not closed") }
                index += 1
                if byte == UInt8(ascii: "]") { return .array }
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
        guard index + count <= bytes.count,
              UnsafeBufferPointer(start: text.utf8Start, count: count).elementsEqual(bytes[index..<index + count])
        else { throw problem("expected a value") }
        index += count
    }

    private mutating func number() throws -> RecordValue {
        let begin = index
        if peek == UInt8(ascii: "-") { index += 1 }
        var whole = true
        let digitsStart = index
        while let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
        guard index > digitsStart else { throw problem("expected digits") }
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
        guard whole, let value = Int64(String(decoding: bytes[begin..<index], as: UTF8.self)) else { return .number }
        return .integer(value)
    }

    /// A string at `index` (on its opening quote), unescaped and checked to be valid UTF-8.
    private mutating func string() throws -> String {
        index += 1
        let begin = index
        // Fast path: no escapes, so the bytes are the string.
        while let byte = peek, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte >= 0x20 { index += 1 }
        if peek == UInt8(ascii: "\"") {
            defer { index += 1 }
            return try text(UnsafeBufferPointer(rebasing: bytes[begin..<index]))
        }
        var out = Array(bytes[begin..<index])
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
        guard index + 4 <= bytes.count, bytes[index..<index + 4].allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
              let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else {
            throw problem("\\u needs four hex digits")
        }
        index += 4
        return value
    }

    private func text(_ utf8: UnsafeBufferPointer<UInt8>) throws -> String {
        guard let text = String(validating: utf8, as: UTF8.self) else { throw RecordProblem(reason: "a string is not valid UTF-8") }
        return text
    }
}
