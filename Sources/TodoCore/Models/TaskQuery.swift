/// Which of a list's tasks to show, and in what order.
public struct TaskQuery: Equatable, Sendable {
    /// Display orders; every one ends with the task id, so output is deterministic.
    public enum Sort: String, CaseIterable, Sendable {
        /// Dated tasks first, soonest first; undated ones after, oldest first.
        case due
        /// High priority first, then by due as above.
        case priority
        /// Creation order (the task id).
        case created
        /// Title, ignoring ASCII case.
        case title
    }

    public var includeDone: Bool
    public var sort: Sort
    public var limit: Int?

    public init(includeDone: Bool = false, sort: Sort = .due, limit: Int? = nil) {
        self.includeDone = includeDone
        self.sort = sort
        self.limit = limit
    }
}
