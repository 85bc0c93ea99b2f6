import TodoCore
import TodoHistory

extension SQLiteTodoRepository {
    public func undo() throws -> HistoryEntry {
        try revert(undoing: true)
    }

    public func redo() throws -> HistoryEntry {
        try revert(undoing: false)
    }

    public func forEachHistoryEntry(limit: Int, _ body: (HistoryEntry) throws -> Void) throws {
        try translatingErrors {
            try db.cached("SELECT id, at, command, summary, undone FROM history WHERE \(HistoryWindow.visible) ORDER BY id DESC LIMIT ?")
                .bind([historyLimit, limit]).forEachRow { try body(Self.readEntry($0)) }
        }
    }

    static func readEntry(_ row: Statement) -> HistoryEntry {
        HistoryEntry(id: row.int64(0), at: row.text(1), command: row.text(2), summary: row.text(3), isUndone: row.bool(4))
    }

    /// Undoes the newest change not undone, or redoes the oldest undone one (undone changes are
    /// always the newest: a new change drops them), in one write transaction.
    private func revert(undoing: Bool) throws -> HistoryEntry {
        try translatingErrors {
            try db.transaction {
                let pick = "WHERE \(HistoryWindow.visible) AND " + (undoing ? "undone = 0 ORDER BY id DESC" : "undone = 1 ORDER BY id")
                guard let entry = try db.cached("SELECT id, at, command, summary, undone FROM history \(pick) LIMIT 1")
                    .bind([historyLimit]).first(Self.readEntry)
                else { throw undoing ? TodoError.nothingToUndo : TodoError.nothingToRedo }
                try ChangeReverter(store: FileHistoryStore(repository: self), entry: entry, undoing: undoing).revert()
                try db.run("UPDATE history SET undone = ? WHERE id = ?", undoing, entry.id)
                return HistoryEntry(id: entry.id, at: entry.at, command: entry.command, summary: entry.summary, isUndone: undoing)
            }
        }
    }
}
