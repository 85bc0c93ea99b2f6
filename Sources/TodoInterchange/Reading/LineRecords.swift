import TodoCore

/// One JSON object per line (NDJSON): blank lines are skipped, line numbers counted.
struct LineRecords {
    let reader: ByteReader

    func forEach(_ body: (UnsafeBufferPointer<UInt8>, Int) throws -> Void) throws {
        var line = 0
        do {
            while try reader.nextLine(limit: RecordSource.maximumRecordBytes, { bytes in
                line += 1
                var content = bytes
                if line == 1 { content = RecordSource.droppingByteOrderMark(content) }
                guard content.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return }
                try body(content, line)
            }) {}
        } catch is ByteReader.LineTooLong {
            throw TodoError.invalidRecord(line: line + 1, reason: RecordSource.tooLong)
        }
    }
}
