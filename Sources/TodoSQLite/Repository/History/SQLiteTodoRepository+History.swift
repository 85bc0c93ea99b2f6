import TodoCore
import TodoHistory
import TodoSQL

/// Undo, redo and the history's listing: the rules and statements are `HistoryKeeping`'s.
extension SQLiteTodoRepository: HistoryKeeping {
    public func undo() throws -> HistoryEntry { try revert(undoing: true) }
    public func redo() throws -> HistoryEntry { try revert(undoing: false) }

    public func forEachHistoryEntry(limit: Int, _ body: (HistoryEntry) throws -> Void) throws {
        try forEachChange(limit: limit, body)
    }

    /// The file as the rules written once for every backend see it.
    package var session: any SQLSession { SQLiteSession(db: db) }

    package func importedTasks(_ range: ImportedRange) throws -> (count: Int, unchanged: Bool) {
        let (count, fingerprint) = try tasksFingerprint(after: range.after, through: range.through)
        return (count, fingerprint == range.fingerprint)
    }
}
