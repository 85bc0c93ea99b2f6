#if PostgreSQL
import TodoCore
import TodoHistory
import TodoSQL

extension PostgresTodoRepository {
    public func undo() throws -> HistoryEntry {
        try revert(undoing: true)
    }

    public func redo() throws -> HistoryEntry {
        try revert(undoing: false)
    }

    public func forEachHistoryEntry(limit: Int, _ body: (HistoryEntry) throws -> Void) throws {
        try translatingErrors {
            try server.forEachRow("SELECT id, at, command, summary, undone FROM history WHERE \(HistoryStore.visible) ORDER BY id DESC LIMIT $2",
                                  [Int64(historyLimit), Int64(limit)]) { try body(HistoryStore.entry($0)) }
        }
    }

    /// An import recorded by a todo before 2026-11-23 has a fingerprint of another formula (each
    /// row as text, its tags included): one that does not match this one is tried against that.
    private var historyStore: HistoryStore {
        HistoryStore(session: PostgresSession(repository: self), limit: historyLimit) { [self] range in
            let (count, fingerprint) = try tasksFingerprint(after: range.after, through: range.through)
            guard fingerprint != range.fingerprint else { return (count, true) }
            guard count == range.count else { return (count, false) }
            let earlier = try server.first("""
                SELECT coalesce(bit_xor(hashtextextended(ROW(t.id, \(TaskRow.selected))::text, 0)), 0)
                FROM tasks AS t WHERE t.id > $1 AND t.id <= $2
                """, [range.after, range.through]) { try $0.int64(0) } ?? 0
            return (count, earlier == range.fingerprint)
        }
    }

    private func revert(undoing: Bool) throws -> HistoryEntry {
        try translatingErrors {
            try server.transaction { try ChangeReverter.revertNext(undoing: undoing, in: historyStore) }
        }
    }
}
#endif
