import TodoCore

/// JSON text for the shapes the manual gives: snake_case keys, every key always present, `null` for
/// nothing. Strings keep the data exactly; only what JSON requires is escaped.
///
/// It appends UTF-8 bytes to a buffer rather than building Strings: `todo export` writes a
/// million of these, and String concatenation was most of its time.
public enum JSONWriter {
    /// A task with every `TaskField`, in their order. `repeatEnded`: the task was just marked
    /// done and its schedule runs past 9999-12-31, so it made no next task (`"repeat_ended":
    /// true`, only in the output of the command that marked it done).
    public static func task(_ task: TodoTask, to out: inout [UInt8], repeatEnded: Bool = false) {
        for (field, prefix) in taskKeys {
            out.append(contentsOf: prefix)
            // The texts straight from the task: each wrapped in a `TaskField.Value` first cost a
            // retain and a release, a quarter of a million-task export.
            switch field {
            case .uuid:
                // Hex digits and hyphens: nothing to escape, so no scan for it.
                out.append(UInt8(ascii: "\""))
                out.append(contentsOf: task.uuid.text.utf8)
                out.append(UInt8(ascii: "\""))
            case .list: string(task.listName, to: &out)
            case .title: string(task.title, to: &out)
            case .notes: optional(task.notes, to: &out)
            case .createdAt: string(task.createdAt, to: &out)
            case .updatedAt: string(task.updatedAt, to: &out)
            case .completedAt: optional(task.completedAt, to: &out)
            default: value(field.value(of: task), to: &out)
            }
        }
        if repeatEnded { out.append(contentsOf: #","repeat_ended":true"#.utf8) }
        out.append(UInt8(ascii: "}"))
    }

    /// Each field with what goes before its value: `{"id":`, then `,"list":` and so on.
    private static let taskKeys: [(TaskField, [UInt8])] = TaskField.allCases.enumerated().map { index, field in
        (field, Array(((index == 0 ? "{" : ",") + "\"" + field.key + "\":").utf8))
    }

    private static func value(_ value: TaskField.Value, to out: inout [UInt8]) {
        switch value {
        case .integer(let number): integer(number, to: &out)
        case .text(let text): optional(text, to: &out)
        case .bool(let flag): out.append(contentsOf: flag ? "true".utf8 : "false".utf8)
        case .words(let words):
            out.append(UInt8(ascii: "["))
            for (index, word) in words.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                string(word, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
    }

    public static func list(_ list: TodoList, to out: inout [UInt8]) {
        out.append(contentsOf: #"{"id":"#.utf8)
        integer(list.id, to: &out)
        out.append(contentsOf: #","uuid":"#.utf8)
        string(list.uuid.text, to: &out)
        out.append(contentsOf: #","name":"#.utf8)
        string(list.name, to: &out)
        out.append(contentsOf: #","open":"#.utf8)
        integer(Int64(list.openCount), to: &out)
        out.append(contentsOf: #","done":"#.utf8)
        integer(Int64(list.doneCount), to: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// A tag: `{"name":"errand","open":4}`.
    public static func tag(_ tag: TagCount, to out: inout [UInt8]) {
        out.append(contentsOf: #"{"name":"#.utf8)
        string(tag.name, to: &out)
        out.append(contentsOf: #","open":"#.utf8)
        integer(Int64(tag.openTasks), to: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// A history entry: `{"id":12,"at":...,"command":...,"summary":...,"undone":false}`.
    public static func entry(_ entry: HistoryEntry, to out: inout [UInt8]) {
        out.append(contentsOf: #"{"id":"#.utf8)
        integer(entry.id, to: &out)
        out.append(contentsOf: #","at":"#.utf8)
        string(entry.at, to: &out)
        out.append(contentsOf: #","command":"#.utf8)
        string(entry.command, to: &out)
        out.append(contentsOf: #","summary":"#.utf8)
        string(entry.summary, to: &out)
        out.append(contentsOf: entry.isUndone ? #","undone":true}"#.utf8 : #","undone":false}"#.utf8)
    }

    public static func summary(_ summary: ImportSummary, to out: inout [UInt8]) {
        out.append(contentsOf: #"{"imported":"#.utf8)
        integer(Int64(summary.imported), to: &out)
        for (key, count) in [("new", summary.new), ("updated", summary.updated), ("unchanged", summary.unchanged)] {
            out.append(contentsOf: ",\"\(key)\":".utf8)
            integer(Int64(count), to: &out)
        }
        out.append(contentsOf: #","lists_created":"#.utf8)
        integer(Int64(summary.listsCreated), to: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// A JSON string literal for `text`, as a String (for the few small documents built whole).
    public static func string(_ text: String) -> String {
        var out: [UInt8] = []
        string(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    public static func string(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            // Most text needs no escaping: copy it in one go.
            guard bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
                return out.append(contentsOf: bytes)
            }
            for byte in bytes { escaped(byte, to: &out) }
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func escaped(_ byte: UInt8, to out: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
        case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
        case 0x0A: out.append(contentsOf: #"\n"#.utf8)
        case 0x0D: out.append(contentsOf: #"\r"#.utf8)
        case 0x09: out.append(contentsOf: #"\t"#.utf8)
        case 0x08: out.append(contentsOf: #"\b"#.utf8)
        case 0x0C: out.append(contentsOf: #"\f"#.utf8)
        case 0..<0x20:
            let hex = Array("0123456789abcdef".utf8)
            out.append(contentsOf: #"\u00"#.utf8)
            out.append(hex[Int(byte >> 4)])
            out.append(hex[Int(byte & 0xF)])
        default: out.append(byte)
        }
    }

    private static func optional(_ text: String?, to out: inout [UInt8]) {
        if let text { string(text, to: &out) } else { out.append(contentsOf: "null".utf8) }
    }

    private static func integer(_ value: Int64, to out: inout [UInt8]) {
        guard value != 0 else { return out.append(UInt8(ascii: "0")) }
        if value < 0 { out.append(UInt8(ascii: "-")) }
        // Digits from the right, into a small stack buffer; magnitude avoids overflow at Int64.min.
        var magnitude = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var count = 0
            while magnitude > 0 {
                digits[19 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            }
            out.append(contentsOf: digits[(20 - count)...])
        }
    }
}
