import TodoCore

/// A JSON array of records, split into one element at a time without reading the whole
/// document: it tracks strings and nesting to find where each element ends.
struct JSONArrayRecords {
    let reader: ByteReader

    func forEach(_ body: (UnsafeBufferPointer<UInt8>, Int) throws -> Void) throws {
        var line = 1
        var element: [UInt8] = []
        var elementLine = 1
        var depth = 0
        var inString = false, escaped = false
        var started = false, expectingElement = true

        func fail(_ reason: String) -> TodoError { .invalidRecord(line: line, reason: "not valid JSON: " + reason) }

        while let byte = try reader.nextByte() {
            if byte == 0x0A { line += 1 }
            if !started {
                if byte == 0xEF || byte == 0xBB || byte == 0xBF || Self.isSpace(byte) { continue }
                guard byte == UInt8(ascii: "[") else { throw fail("a json import must be one array of records") }
                started = true
                continue
            }
            if depth == 0 && !inString {
                if Self.isSpace(byte) { continue }
                if byte == UInt8(ascii: "]") {
                    guard element.isEmpty || !expectingElement else { throw fail("a ',' before ']'") }
                    try flush(&element, elementLine, body)
                    return try rest(&line)
                }
                if byte == UInt8(ascii: ",") {
                    guard !element.isEmpty else { throw fail("a ',' without a record before it") }
                    try flush(&element, elementLine, body)
                    expectingElement = true
                    continue
                }
                guard expectingElement else { throw fail("expected ',' or ']' between records") }
                expectingElement = false
                elementLine = line
            }
            element.append(byte)
            guard element.count <= RecordSource.maximumRecordBytes else {
                throw TodoError.invalidRecord(line: elementLine, reason: RecordSource.tooLong)
            }
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                depth -= 1
            }
        }
        throw fail(started ? "the array is not closed" : "the input is empty, not an array")
    }

    private func flush(_ element: inout [UInt8], _ line: Int, _ body: (UnsafeBufferPointer<UInt8>, Int) throws -> Void) throws {
        guard !element.isEmpty else { return }
        try element.withUnsafeBufferPointer { try body($0, line) }
        element.removeAll(keepingCapacity: true)
    }

    /// Only whitespace may follow the array.
    private func rest(_ line: inout Int) throws {
        while let byte = try reader.nextByte() {
            if byte == 0x0A { line += 1 }
            guard Self.isSpace(byte) else { throw TodoError.invalidRecord(line: line, reason: "not valid JSON: text after the array") }
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
}
