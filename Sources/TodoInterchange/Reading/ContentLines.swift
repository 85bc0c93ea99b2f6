import TodoCore

#if canImport(Glibc)
import Glibc
#endif

/// One iCalendar content line, unfolded: `DUE;TZID=Europe/Berlin:20261224T093000` is the name
/// `DUE` (in capitals, as names match without case), the parameter `TZID` and the value.
struct ContentLine {
    let name: String
    let parameters: [(name: String, value: String)]
    let value: String
    /// Where it starts in its file.
    let line: Int

    func parameter(_ name: String) -> String? {
        parameters.first { $0.name == name }?.value
    }
}

/// The content lines of an iCalendar file, read a line at a time in constant memory: a line
/// that starts with a space or a tab continues the one before it (RFC 5545's folding), blank
/// lines are skipped, and a line that is no `NAME[;PARAM=VALUE]:VALUE` stops the import naming it.
struct ContentLines {
    let reader: ByteReader
    private var physical = 0
    /// The line being unfolded, and where it started.
    private var pending: [UInt8] = []
    private var pendingLine = 0
    private var atEnd = false

    init(reader: ByteReader) {
        self.reader = reader
    }

    mutating func next() throws -> ContentLine? {
        while !atEnd {
            var finished: (bytes: [UInt8], line: Int)?
            var more = false
            do {
                more = try reader.nextLine(limit: RecordSource.maximumRecordBytes) { bytes in
                    physical += 1
                    let content = physical == 1 ? RecordSource.droppingByteOrderMark(bytes) : bytes
                    if let first = content.first, first == 0x20 || first == 0x09 {
                        guard !pending.isEmpty else { throw TodoError.invalidRecord(line: physical, reason: "a folded line (it starts with a space) continues no line") }
                        guard pending.count + content.count <= RecordSource.maximumRecordBytes else {
                            throw TodoError.invalidRecord(line: pendingLine, reason: RecordSource.tooLong)
                        }
                        pending.append(contentsOf: content.dropFirst())
                        return
                    }
                    if !pending.isEmpty { finished = (pending, pendingLine) }
                    pending = Array(content)
                    pendingLine = physical
                }
            } catch is ByteReader.LineTooLong {
                // A line longer than a record may be: refused, naming it.
                throw TodoError.invalidRecord(line: physical + 1, reason: RecordSource.tooLong)
            }
            if !more {
                atEnd = true
                if !pending.isEmpty { finished = (pending, pendingLine) }
                pending = []
            }
            if let finished { return try Self.parse(finished.bytes, line: finished.line) }
        }
        return nil
    }

    /// Where the file is now, for an end that comes too soon.
    var lastLine: Int { physical }

    /// `NAME`, then `;PARAM=VALUE` (a value in double quotes may hold `;`, `:` and `,`), then `:`
    /// and the value, which is everything after.
    static func parse(_ bytes: [UInt8], line: Int) throws -> ContentLine {
        // Names, parameters and the marks between them are ASCII, which no byte of a longer
        // UTF-8 character is: the line is cut up as bytes, and only its parts made text.
        guard let whole = String(validating: bytes, as: UTF8.self) else { throw TodoError.invalidRecord(line: line, reason: "the line is not valid UTF-8") }
        var at = 0
        func word() -> String {
            let start = at
            while at < bytes.count, bytes[at] == UInt8(ascii: "-") || isalnum(Int32(bytes[at])) != 0 && bytes[at] < 0x80 { at += 1 }
            return String(decoding: bytes[start..<at], as: UTF8.self).uppercased()
        }
        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        let broken = TodoError.invalidRecord(line: line, reason: "this is not an iCalendar line (NAME:VALUE), or a folded line lost its leading space: \(MessageText.quoted(String(whole.prefix(40))))")
        let name = word()
        guard !name.isEmpty else { throw broken }
        var parameters: [(String, String)] = []
        while at < bytes.count, bytes[at] == UInt8(ascii: ";") {
            at += 1
            let parameter = word()
            guard !parameter.isEmpty, at < bytes.count, bytes[at] == UInt8(ascii: "=") else { throw broken }
            at += 1
            // Values parted by commas, each perhaps in quotes: kept as written, the quotes taken off.
            var values: [String] = []
            repeat {
                if !values.isEmpty { at += 1 }
                let start = at
                if at < bytes.count, bytes[at] == UInt8(ascii: "\"") {
                    at += 1
                    while at < bytes.count, bytes[at] != UInt8(ascii: "\"") { at += 1 }
                    guard at < bytes.count else { throw broken }
                    values.append(text((start + 1)..<at))
                    at += 1
                } else {
                    while at < bytes.count, ![UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: ",")].contains(bytes[at]) { at += 1 }
                    values.append(text(start..<at))
                }
            } while at < bytes.count && bytes[at] == UInt8(ascii: ",")
            parameters.append((parameter, values.joined(by: ",")))
        }
        guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { throw broken }
        return ContentLine(name: name, parameters: parameters, value: text((at + 1)..<bytes.count), line: line)
    }
}
