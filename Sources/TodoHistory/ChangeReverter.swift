import TodoCore

/// Puts one recorded change back (undo: every row as it was before; redo: as it was after), but
/// only after checking that its record is whole and that every row it touches is now exactly as
/// the change (or its undo) left it: a record damaged by hand is never written into the tasks,
/// and anything changed since, by another command or by hand, is never overwritten. The same
/// rules on every backend; the store checks and writes the rows, all of a change at once.
public struct ChangeReverter {
    let store: HistoryStore
    let entry: HistoryEntry
    let undoing: Bool

    public init(store: HistoryStore, entry: HistoryEntry, undoing: Bool) {
        self.store = store
        self.entry = entry
        self.undoing = undoing
    }

    /// The side rows are at now, and the side they go back to.
    private var now: Side { undoing ? .after : .before }
    private var next: Side { undoing ? .before : .after }

    /// Undoes the newest change not undone, or redoes the oldest undone one (undone changes are
    /// always the newest: a new change drops them), and returns it as it now stands. Runs inside
    /// the caller's write transaction.
    public static func revertNext(undoing: Bool, in store: HistoryStore) throws -> HistoryEntry {
        guard let entry = try store.nextChange(undoing: undoing) else { throw undoing ? TodoError.nothingToUndo : TodoError.nothingToRedo }
        try ChangeReverter(store: store, entry: entry, undoing: undoing).revert()
        try store.markChange(entry.id, undone: undoing)
        return HistoryEntry(id: entry.id, at: entry.at, command: entry.command, summary: entry.summary, isUndone: undoing)
    }

    public func revert() throws {
        try store.forEachRecordedRow(of: entry.id) { row in
            if let damage = RecordDamage.find(in: row, writing: [next]) { throw conflict("its record in the history is damaged: " + damage) }
        }
        if let range = try store.importedRange(of: entry.id) {
            if let damage = range.damage { throw conflict("its record in the history is damaged: " + damage) }
            try revertImport(range)
        } else {
            try store.holdRecordedRows(of: entry.id)
            try checkTasks()
            try checkLists(leaving: nil)
            try store.deleteTasks(of: entry.id, next: next)
            try store.putListsBack(of: entry.id, next: next)
            try store.putTasksBack(of: entry.id, next: next)
            try store.deleteLists(of: entry.id, next: next)
        }
    }

    // MARK: Checking

    private func conflict(_ reason: String) -> TodoError {
        .historyConflict(change: entry.id, command: entry.command, undoing: undoing, reason: reason)
    }

    /// Every recorded task as its record says it is now, and each one that comes back going into
    /// a list that will be there; but an import's own (`outside`), which its range speaks for.
    private func checkTasks(outside range: ImportedRange? = nil) throws {
        if let (id, existsAgain) = try store.firstTaskNotAsRecorded(of: entry.id, now: now, outside: range) {
            throw conflict(existsAgain ? "a task with id \(id) exists again" : "task \(id) was changed or deleted since")
        }
        if let (task, list) = try store.firstTaskWithoutItsList(of: entry.id, next: next, outside: range) {
            throw conflict("task \(task) would go back into list \(list), which is gone")
        }
    }

    /// Every recorded list as its record says it is now; a list to delete holds nothing else
    /// (but the tasks `leaving` with it: an import's); a list to name has its name free.
    private func checkLists(leaving range: ImportedRange?) throws {
        if let (id, name) = try store.firstListNotAsRecorded(of: entry.id, now: now) {
            throw conflict(name.map { "list \(id) ('\($0)') was changed or deleted since" } ?? "a list with id \(id) exists again")
        }
        if let name = try store.firstListKeepingOtherTasks(of: entry.id, next: next, leaving: range) {
            throw conflict("list '\(name)' has tasks added since")
        }
        if let name = try store.firstNameTaken(of: entry.id, next: next) {
            throw conflict("a list named '\(name)' exists now")
        }
    }

    // MARK: An import

    /// Undo moves its tasks into the record (for redo) and deletes them, refused if any was
    /// changed or deleted since; redo puts them back from there. The tasks its records merged
    /// into are recorded as any change's are, and put back as theirs are.
    private func revertImport(_ range: ImportedRange) throws {
        // Every step reads or writes the range's tasks: its fingerprint, its count, the move.
        try store.expectLongWork(for: range)
        if undoing {
            let (count, unchanged) = try store.importedTasks(range)
            guard count == range.count, unchanged else {
                let missing = range.isContiguous && range.count > 0 ? try store.firstMissingTask(of: range) : nil
                throw conflict(missing.map { "task \($0) was deleted since" }
                    ?? "of the \(range.count) tasks it imported, \(count == range.count ? "some were changed" : "\(count) are left") since")
            }
            try checkLists(leaving: range)
            try checkTasks(outside: range)
            try store.moveImportedTasks(range, into: entry.id)
            try store.putTasksBack(of: entry.id, next: next)
            try store.deleteLists(of: entry.id, next: next)
        } else {
            let present = try store.taskCount(within: range)
            guard present == 0 else { throw conflict("\(present) task\(present == 1 ? "" : "s") with the ids it imported exist again") }
            try checkLists(leaving: nil)
            try checkTasks(outside: range)
            try store.putListsBack(of: entry.id, next: next)
            try store.restoreImportedTasks(range, from: entry.id)
            try store.putTasksBack(of: entry.id, next: next)
        }
    }
}
