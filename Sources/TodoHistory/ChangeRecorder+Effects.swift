import TodoCore

extension ChangeRecorder {
    /// A task as it was and is, and what the change did to it, for the summary: the two go
    /// together at every call.
    public func task(_ id: Int64, before: TaskRow?, after: TaskRow?, _ effect: ChangeEffect) throws {
        try task(id, before: before, after: after)
        note(effect)
    }

    /// A list as it was and is, and what the change did to it, for the summary.
    public func list(_ id: Int64, before: ListRow?, after: ListRow?, _ effect: ChangeEffect) throws {
        try list(id, before: before, after: after)
        note(effect)
    }
}
