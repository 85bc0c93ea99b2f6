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
}
