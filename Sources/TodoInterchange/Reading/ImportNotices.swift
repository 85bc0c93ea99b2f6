import TodoCore

/// What an import from another tool read but could not carry over (a recurrence todo has no
/// rule for) or left out on purpose (deleted tasks): said on stderr once the import succeeded,
/// so nothing is dropped silently.
public final class ImportNotices: @unchecked Sendable {
    /// Lines named per notice, at most; the rest are counted.
    private static let linesNamed = 10

    private var kinds: [(text: String, lines: [Int], count: Int)] = []

    public init() {}

    /// One more record that `text` is about (`dropped the recurrence 'weekdays'`).
    func add(_ text: String, line: Int) {
        if let index = kinds.firstIndex(where: { $0.text == text }) {
            kinds[index].count += 1
            if kinds[index].lines.count < Self.linesNamed { kinds[index].lines.append(line) }
        } else {
            kinds.append((text, [line], 1))
        }
    }

    /// One line per notice: `kept 2 tasks without their recurrence 'weekdays', which todo cannot
    /// repeat by (lines 4, 9)`.
    public var messages: [String] {
        kinds.map { kind in
            let more = kind.count - kind.lines.count
            let lines = kind.lines.map(String.init).joined(by: ", ") + (more > 0 ? " and \(more) more" : "")
            return "\(kind.text): \(kind.count) record\(kind.count == 1 ? "" : "s") (line\(kind.count == 1 ? "" : "s") \(lines))"
        }
    }
}

extension ImportNotices: Equatable {
    public static func == (lhs: ImportNotices, rhs: ImportNotices) -> Bool { lhs === rhs }
}
