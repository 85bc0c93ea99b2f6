import TodoCore
import TodoSQL

/// What undo, redo and the history's listing need of a repository: its session, how many changes
/// the history shows, and how it tells whether an import's tasks are still as imported (each
/// backend takes that fingerprint its own way). The rest is here, once for every backend.
package protocol HistoryKeeping: TodoRepository {
    var session: any SQLSession { get }
    var historyLimit: Int { get }
    /// How many tasks have ids in the range, and whether they are all as the import left them.
    func importedTasks(_ range: ImportedRange) throws -> (count: Int, unchanged: Bool)
    /// Runs `body`, its failures turned into the project's errors.
    func translatingErrors<T>(_ body: () throws -> T) throws -> T
}

extension HistoryKeeping {
    /// Undoes the newest change not undone, or redoes the oldest undone one, in a write of its own
    /// (which records nothing) and returns it as it now stands.
    package func revert(undoing: Bool) throws -> HistoryEntry {
        let store = HistoryStore(session: session, limit: historyLimit) { try self.importedTasks($0) }
        return try write(dryRun: false, recording: nil) { try ChangeReverter.revertNext(undoing: undoing, in: store) }
    }

    /// The newest `limit` changes the history shows, newest first.
    package func forEachChange(limit: Int, _ body: (HistoryEntry) throws -> Void) throws {
        try translatingErrors {
            try session.forEachRow("\(HistoryStore.visibleChanges) ORDER BY id DESC LIMIT $2", [SQLValue(historyLimit), SQLValue(limit)]) {
                try body(HistoryStore.entry($0))
            }
        }
    }
}
