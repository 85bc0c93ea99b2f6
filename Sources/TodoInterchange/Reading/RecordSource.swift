import TodoCore

/// The records of an import file (or stdin) in one of the data formats, read as they are
/// stored. A record that is not valid stops the import with `TodoError.invalidRecord`.
public final class RecordSource {
    /// The most bytes one record may take in its file. Notes can be long, but a record this size
    /// is not a task any more, and refusing it keeps an import's memory flat whatever it reads.
    static let maximumRecordBytes = 1 << 20

    /// Why a record over `maximumRecordBytes` was refused.
    static let tooLong = "the record is longer than 1 MiB (1048576 bytes), the most a record may be"

    private let reader: ByteReader
    private let format: DataFormat
    /// The list of a record that names none, in the formats where a record may not.
    private let list: String
    /// What an import from another tool could not carry over, to be said once it succeeded.
    public let notices = Notices()

    /// Opens `path`, or stdin when nil: a file that cannot be read is an `InputError` here,
    /// before anything else is done. Another tool's record may name no list (a calendar's never
    /// does, unless todo wrote it): those go to `list`.
    public init(path: String?, format: DataFormat, list: String = "Inbox") throws {
        reader = try ByteReader(path: path)
        self.format = format
        self.list = list
    }

    public func forEachRecord(_ body: (ImportedTask) throws -> Void) throws {
        try forEach { try body(Self.withinLimits($0)) }
    }

    private func forEach(_ checked: (ImportedTask) throws -> Void) throws {
        switch format {
        // A file that opens with `[` is no NDJSON: a JSON array (`task export` prints one),
        // read as one, so its records can say what they are.
        case .ndjson where try reader.peekSignificantByte() == UInt8(ascii: "["):
            try JSONArrayRecords(reader: reader).forEach { bytes, line in try checked(Self.record(bytes, line: line)) }
        // No JSON starts with a letter: a calendar (`BEGIN:VCALENDAR`) read without its format.
        case .ndjson where try reader.peekSignificantByte() == UInt8(ascii: "B"):
            throw TodoError.invalidRecord(line: 1, reason: "this is no JSON; if it is iCalendar (BEGIN:VCALENDAR), add --format ics")
        case .ndjson: try LineRecords(reader: reader).forEach { bytes, line in try checked(Self.record(bytes, line: line)) }
        case .json: try JSONArrayRecords(reader: reader).forEach { bytes, line in try checked(Self.record(bytes, line: line)) }
        case .csv: try CSVRecords(reader: reader).forEach(checked)
        case .taskwarrior: try TaskwarriorRecords(reader: reader, notices: notices, list: list).forEach(checked)
        case .todotxt: try TodoTxtRecords(reader: reader, notices: notices, list: list).forEach(checked)
        case .ics: try CalendarRecords(reader: reader, notices: notices, list: list).forEach(checked)
        }
    }

    /// A record holds no more text than todo keeps, whatever its format (`TextLimits`).
    static func withinLimits(_ task: ImportedTask) throws -> ImportedTask {
        if let problem = TextLimits.listNameProblem(task.listName)
            ?? TextLimits.taskProblem(title: task.title, notes: task.notes, tags: task.tags) {
            throw TodoError.invalidRecord(line: task.line, reason: problem)
        }
        return task
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
