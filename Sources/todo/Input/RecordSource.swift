import TodoCore

/// The records of an import file (or stdin) in one of the data formats, read as they are
/// stored. A record that is not valid stops the import with `TodoError.invalidRecord`.
final class RecordSource {
    private let reader: ByteReader
    private let format: DataFormat

    init(path: String?, format: DataFormat) throws {
        reader = try ByteReader(path: path)
        self.format = format
    }

    func forEachRecord(_ body: (ImportedTask) throws -> Void) throws {
        switch format {
        case .ndjson: try forEachLine(body)
        case .json: try JSONArrayRecords(reader: reader).forEach { bytes, line in try body(Self.record(bytes, line: line)) }
        case .csv: try CSVRecords(reader: reader).forEach(body)
        }
    }

    /// NDJSON: one object per line; blank lines are skipped.
    private func forEachLine(_ body: (ImportedTask) throws -> Void) throws {
        var line = 0
        while try reader.nextLine({ bytes in
            line += 1
            var content = bytes
            if line == 1 { content = Self.droppingByteOrderMark(content) }
            guard content.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return }
            try body(Self.record(content, line: line))
        }) {}
    }

    static func record(_ bytes: UnsafeBufferPointer<UInt8>, line: Int) throws -> ImportedTask {
        var fields = RecordFields(line: line)
        do {
            try JSONRecordParser.parseObject(bytes) { key, value in try fields.set(key, value) }
            return try fields.task()
        } catch let problem as RecordProblem {
            throw TodoError.invalidRecord(line: line, reason: problem.reason)
        }
    }

    static func droppingByteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        guard bytes.starts(with: [0xEF, 0xBB, 0xBF]) else { return bytes }
        return UnsafeBufferPointer(rebasing: bytes[3...])
    }
}
