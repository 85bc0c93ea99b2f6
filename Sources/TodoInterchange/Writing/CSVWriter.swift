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

    static func field(_ text: String) -> String {
        guard text.isEmpty || text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return text }
        return "\"" + text.replacing("\"", with: "\"\"") + "\""
    }
}
