#if PostgreSQL
import TodoCore
import TodoHistory

extension PostgresTodoRepository {
    /// Where the changes shown and undone start: the newest `historyLimit` ids.
    static let visible = "id > (SELECT coalesce(max(id), 0) FROM history) - $1"

    public func undo() throws -> HistoryEntry {
        try revert(undoing: true)
    }

    public func redo() throws -> HistoryEntry {
        try revert(undoing: false)
    }

    public func forEachHistoryEntry(limit: Int, _ body: (HistoryEntry) throws -> Void) throws {
        try translatingErrors {
            try server.forEachRow("SELECT id, at, command, summary, undone FROM history WHERE \(Self.visible) ORDER BY id DESC LIMIT $2",
                                  [Int64(historyLimit), Int64(limit)]) { try body(Self.readEntry($0)) }
        }
    }

    static func readEntry(_ row: ServerRow) throws -> HistoryEntry {
        HistoryEntry(id: try row.int64(0), at: try row.text(1), command: try row.text(2), summary: try row.text(3), isUndone: try row.bool(4))
    }

    private func revert(undoing: Bool) throws -> HistoryEntry {
        try translatingErrors {
            try server.transaction { try ChangeReverter.revertNext(undoing: undoing, in: ServerHistoryStore(repository: self)) }
        }
    }
}
#endif
