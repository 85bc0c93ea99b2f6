/// A list or task a change touched, as it was before and after (nil: not there).
public struct Recorded<Row> {
    public let id: Int64
    public let before: Row?
    public var after: Row?

    public init(id: Int64, before: Row?, after: Row?) {
        self.id = id
        self.before = before
        self.after = after
    }
}

/// An import's tasks: ids after `after` up to `through`, `count` rows whose fingerprint is
/// `fingerprint`, so undo can tell whether any was changed since.
public struct ImportedRange: Sendable {
    public let after: Int64
    public let through: Int64
    public let count: Int
    public let fingerprint: Int64

    /// False when a part was NULL as read back (edited by hand): see `damage`.
    public let isComplete: Bool

    public init(after: Int64, through: Int64, count: Int, fingerprint: Int64) {
        self.after = after
        self.through = through
        self.count = count
        self.fingerprint = fingerprint
        isComplete = true
    }

    /// A range as read back from the history, any part of it perhaps NULL.
    public init(after: Int64, through: Int64?, count: Int?, fingerprint: Int64?) {
        self.after = after
        self.through = through ?? after
        self.count = count ?? 0
        self.fingerprint = fingerprint ?? 0
        isComplete = through != nil && count != nil && fingerprint != nil
    }

    /// What is wrong with the range as read back (its row edited by hand), or nil when it can be
    /// an import's: ids after `after` up to `through`, no more tasks than ids.
    public var damage: String? {
        guard isComplete else { return "its imported range is incomplete (a part of it is NULL)" }
        let (span, overflow) = through.subtractingReportingOverflow(after)
        guard after <= through, count >= 0, overflow || Int64(count) <= span else {
            return "its imported range (ids after \(after) through \(through), \(count) tasks) cannot be an import's"
        }
        return nil
    }

    /// Whether its ids are one run with no gaps (an import of new tasks, not of kept ids).
    public var isContiguous: Bool {
        let (span, overflow) = through.subtractingReportingOverflow(after)
        return !overflow && span == Int64(count)
    }
}
