/// How important a task is. Stored and printed by its name, so `sqlite3` shows it readably.
public enum Priority: String, CaseIterable, Comparable, Sendable {
    case none, low, medium, high

    /// Higher is more important; used to sort high first.
    public var rank: Int {
        switch self {
        case .none: 0
        case .low: 1
        case .medium: 2
        case .high: 3
        }
    }

    public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rank < rhs.rank }

    /// As a person types it (a command's option, the navigator's form, a CSV file): the name
    /// in any case, or its first letter (`h`, `m`, `l`, `n`). Stored values stay exact.
    public init?(typed text: String) {
        let word = text.lowercased()
        guard let priority = Self(rawValue: word) ?? Self.allCases.first(where: { word.count == 1 && $0.rawValue.hasPrefix(word) }) else {
            return nil
        }
        self = priority
    }
}
