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

    private func revert(undoing: Bool) throws -> HistoryEntry {
        try translatingErrors {
            try db.transaction { try ChangeReverter.revertNext(undoing: undoing, in: FileHistoryStore(repository: self)) }
        }
    }
}
