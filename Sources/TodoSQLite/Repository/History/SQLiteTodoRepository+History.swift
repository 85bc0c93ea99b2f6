import TodoCore
import TodoHistory
import TodoSQL

extension SQLiteTodoRepository {
    public func undo() throws -> HistoryEntry {
        try revert(undoing: true)
    }

    public func redo() throws -> HistoryEntry {
        try revert(undoing: false)
    }

    public func forEachHistoryEntry(limit: Int, _ body: (HistoryEntry) throws -> Void) throws {
        try translatingErrors {
            try session.forEachRow("SELECT id, at, command, summary, undone FROM history WHERE \(HistoryStore.visible) ORDER BY id DESC LIMIT $2",
                                   [SQLValue(historyLimit), SQLValue(limit)]) { try body(HistoryStore.entry($0)) }
        }
    }

    /// The file as the rules written once for every backend see it.
    var session: SQLiteSession { SQLiteSession(db: db) }

    private var historyStore: HistoryStore {
        HistoryStore(session: session, limit: historyLimit) { [self] range in
            let (count, fingerprint) = try tasksFingerprint(after: range.after, through: range.through)
            return (count, fingerprint == range.fingerprint)
        }
    }

    private func revert(undoing: Bool) throws -> HistoryEntry {
        try translatingErrors {
            try db.transaction { try ChangeReverter.revertNext(undoing: undoing, in: historyStore) }
        }
    }
}
