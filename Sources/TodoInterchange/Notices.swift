import TodoCore

/// What an import from another tool read but could not carry over (a recurrence todo has no
/// rule for) or left out on purpose (deleted tasks), or what an export to another tool's format
/// could not write (a task's notes in todo.txt): said on stderr once the command succeeded, so
/// nothing is dropped silently.
public final class Notices: @unchecked Sendable {
    /// What a notice counts and names: records of an import by their lines, or tasks of an
    /// export by their ids.
    public enum Subject: Sendable {
        case records, tasks

        var names: (one: String, many: String, place: String, places: String) {
            switch self {
            case .records: ("record", "records", "line", "lines")
            case .tasks: ("task", "tasks", "id", "ids")
            }
        }
    }

    /// Lines named per notice, at most; the rest are counted.
    private static let linesNamed = 10
    /// Notices told apart, at most (each field of a file's own is one): the rest are counted
    /// together, so a file of a million made-up fields cannot fill memory.
    private static let kindsKept = 100

    private let subject: Subject
    private var kinds: [(text: String, lines: [Int], count: Int)] = []
    private var others = 0

    public init(about subject: Subject = .records) {
        self.subject = subject
    }

    /// One more record (or task, by its id) that `text` is about (`dropped the recurrence 'weekdays'`).
    func add(_ text: String, line: Int) {
        if let index = kinds.firstIndex(where: { $0.text.hasSameScalars(as: text) }) {
            kinds[index].count += 1
            if kinds[index].lines.count < Self.linesNamed { kinds[index].lines.append(line) }
        } else if kinds.count == Self.kindsKept {
            others += 1
        } else {
            kinds.append((text, [line], 1))
        }
    }

    /// One line per notice: `kept without its recurrence 'weekdays': 2 records (lines 4, 9)`.
    public var messages: [String] {
        let names = subject.names
        return kinds.map { kind in
            let more = kind.count - kind.lines.count
            let lines = kind.lines.map(String.init).joined(by: ", ") + (more > 0 ? " and \(more) more" : "")
            let one = kind.count == 1
            return "\(kind.text): \(kind.count) \(one ? names.one : names.many) (\(one ? names.place : names.places) \(lines))"
        } + (others > 0 ? ["and \(others) more notices of other kinds"] : [])
    }
}

extension Notices: Equatable {
    public static func == (lhs: Notices, rhs: Notices) -> Bool { lhs === rhs }
}
