import TodoCore

/// CSV records (RFC 4180, LF or CRLF line ends): a header row naming the export keys, in any
/// order, then one task per row. An empty field is null; a quoted empty field (`""`) is the empty
/// string. A byte-order mark before the header (spreadsheet programs write one) is skipped.
struct CSVRecords {
    let reader: ByteReader

    /// One field's bytes, and whether it was quoted (`""` is text, an empty field is nothing).
    struct Field {
        var bytes: [UInt8] = []
        var quoted = false
    }

    func forEach(_ body: (ImportedTask) throws -> Void) throws {
        var line = 1
        guard var header = try row(&line) else { return }
        if let first = header.fields.first, first.bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            header.fields[0].bytes.removeFirst(3)
        }
        let keys = try header.fields.map { field in
            guard let key = String(validating: field.bytes, as: UTF8.self) else {
                throw TodoError.invalidRecord(line: header.line, reason: "the header is not valid UTF-8")
            }
            return Names.trimmed(key) ?? ""  // header names written as `id, list`
        }
        for required in ["list", "title"] where !keys.contains(required) {
            throw TodoError.invalidRecord(line: header.line, reason: "the header has no \"\(required)\" column")
        }
        while let row = try row(&line) {
            if row.fields.count == 1 && row.fields[0].bytes.isEmpty && !row.fields[0].quoted { continue }  // a blank line
            guard row.fields.count == keys.count else {
                throw TodoError.invalidRecord(line: row.line, reason: "\(row.fields.count) fields, but the header has \(keys.count)")
            }
            var fields = RecordFields(line: row.line)
            do {
                for (key, raw) in zip(keys, row.fields) { try fields.set(key, Self.value(key, raw)) }
                try body(fields.task())
            } catch let problem as RecordProblem {
                throw TodoError.invalidRecord(line: row.line, reason: problem.reason)
            }
        }
    }

    /// A CSV field as the value a JSON record would have had for that key.
    private static func value(_ key: String, _ field: Field) throws -> RecordValue {
        if field.bytes.isEmpty && !field.quoted { return .null }
        guard let text = String(validating: field.bytes, as: UTF8.self) else { throw RecordProblem(reason: "\"\(key)\" is not valid UTF-8") }
        return TaskField(key: key)?.value(fromCSV: text) ?? .string(text)
    }

    /// The next row's raw fields and the line it starts on; nil at the end of the input.
    private func row(_ line: inout Int) throws -> (fields: [Field], line: Int)? {
        let start = line
        var fields: [Field] = []
        var field: [UInt8] = []
        var quoted = false, wasQuoted = false
        func endField() {
            fields.append(Field(bytes: field, quoted: wasQuoted))
            field.removeAll()
            wasQuoted = false
        }
        // Bytes read, and room for each field, against the limit on a record's size.
        var size = 0
        guard var byte = try reader.nextByte() else { return nil }
        while true {
            if quoted {
                if byte == UInt8(ascii: "\"") {
                    guard let next = try reader.nextByte() else { endField(); return (fields, start) }
                    if next == UInt8(ascii: "\"") {
                        field.append(next)
                    } else {
                        quoted = false
                        byte = next
                        continue
                    }
                } else {
                    if byte == 0x0A { line += 1 }
                    field.append(byte)
                }
            } else {
                switch byte {
                case UInt8(ascii: ","):
                    endField()
                case 0x0A:
                    line += 1
                    if field.last == 0x0D && !wasQuoted { field.removeLast() }
                    endField()
                    return (fields, start)
                case UInt8(ascii: "\"") where field.isEmpty && !wasQuoted:
                    quoted = true
                    wasQuoted = true
                case 0x0D where wasQuoted:
                    break  // the CR of a CRLF after a closing quote
                default:
                    guard !wasQuoted else {
                        throw TodoError.invalidRecord(line: line, reason: "text after a closing quote in a CSV field")
                    }
                    field.append(byte)
                }
            }
            guard let next = try reader.nextByte() else {
                guard !quoted else { throw TodoError.invalidRecord(line: start, reason: "a quoted CSV field is not closed") }
                if field.last == 0x0D && !wasQuoted { field.removeLast() }
                endField()
                return (fields, start)
            }
            byte = next
            size += 1
            guard size + 32 * fields.count <= RecordSource.maximumRecordBytes else {
                throw TodoError.invalidRecord(line: start, reason: RecordSource.tooLong)
            }
        }
    }
}
