import TodoCore

/// CSV text (RFC 4180): a header row with the task's keys, CRLF line ends, fields quoted when
/// they hold a comma, a quote or a line break, an empty field for null and `""` for empty text.
public enum CSVWriter {
    /// The header row of a task table: every `TaskField`'s key.
    public static let taskHeader = row(TaskField.allCases.map(\.key))

    public static func row(_ task: TodoTask) -> String {
        row(TaskField.allCases.map { field in
            switch field.value(of: task) {
            case .integer(let number): String(number)
            case .text(let text): text
            case .bool(let flag): flag ? "true" : "false"
            case .words(let words): words.isEmpty ? nil : words.joined(by: " ")  // none: an empty field
            }
        })
    }

    /// A row of fields, nil ones empty; it ends with CRLF.
    public static func row(_ fields: [String?]) -> String {
        fields.map { $0.map(field) ?? "" }.joined(by: ",") + "\r\n"
    }

    /// Quoted when it holds a comma, a quote or a line break, byte by byte (a comma or a quote
    /// that a combining mark follows is one Character with it, but a CSV reader reads bytes).
    static func field(_ text: String) -> String {
        guard text.isEmpty || text.utf8.contains(where: { Self.needsQuotes.utf8.contains($0) }) else { return text }
        return "\"" + text.replacingEvery("\"", with: "\"\"") + "\""
    }

    private static let needsQuotes = ",\"\n\r"
}
