import TodoCoordinators
import TodoCore

/// Tasks as CSV (RFC 4180): a header row with the JSON keys, CRLF line ends, fields quoted when
/// they hold a comma, a quote or a line break, an empty field for null and `""` for empty text.
final class CSVRenderer: Renderer {
    static let header = ["id", "list", "title", "notes", "due", "priority", "done", "created_at", "updated_at", "completed_at"]

    private let output: StandardOutput
    private var wroteHeader = false

    init(output: StandardOutput) {
        self.output = output
    }

    func showTasks(_ listing: TaskListing, _ produce: ((TodoTask) throws -> Void) throws -> Void) throws {
        try writeHeader()
        try produce { task in
            try row([
                String(task.id), task.listName, task.title, task.notes, task.due?.description, task.priority.rawValue,
                task.isDone ? "true" : "false", task.createdAt, task.updatedAt, task.completedAt,
            ])
        }
    }

    func showLists(_ produce: ((TodoList) throws -> Void) throws -> Void) throws {
        try row(["id", "name", "open", "done"])
        try produce { try row([String($0.id), $0.name, String($0.openCount), String($0.doneCount)]) }
    }

    func show(_ task: TodoTask, _ change: TaskChange) throws { try showTasks(.details) { try $0(task) } }
    func show(_ list: TodoList, _ change: ListChange) throws {}
    func show(_ summary: ImportSummary) throws {}

    /// The header goes out even when there are no tasks, so the output is always a valid table.
    func finish() throws { try writeHeader() }

    private func writeHeader() throws {
        guard !wroteHeader else { return }
        wroteHeader = true
        try row(Self.header)
    }

    private func row(_ fields: [String?]) throws {
        try output.write(fields.map { $0.map(Self.field) ?? "" }.joined(separator: ",") + "\r\n")
    }

    static func field(_ text: String) -> String {
        guard text.isEmpty || text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return text }
        return "\"" + text.replacing("\"", with: "\"\"") + "\""
    }
}
