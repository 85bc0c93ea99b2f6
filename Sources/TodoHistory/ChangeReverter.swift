import TodoCore

/// Puts one recorded change back (undo: every row as it was before; redo: as it was after), but
/// only after checking that every row it touches is now exactly as the change (or its undo) left
/// it: anything changed since, by another command or by hand, is never overwritten. The same
/// rules on every backend; the store reads and writes the rows.
public struct ChangeReverter {
    let store: any HistoryStore
    let entry: HistoryEntry
    let undoing: Bool

    public init(store: any HistoryStore, entry: HistoryEntry, undoing: Bool) {
        self.store = store
        self.entry = entry
        self.undoing = undoing
    }

    /// One recorded row: `now` is what it must be at present (nil: not there), `next` what it
    /// becomes (nil: it goes).
    struct Step<Row: Equatable> {
        let id: Int64
        let now: Row?
        let next: Row?
    }

    /// Undoes the newest change not undone, or redoes the oldest undone one (undone changes are
    /// always the newest: a new change drops them), and returns it as it now stands. Runs inside
    /// the caller's write transaction.
    public static func revertNext(undoing: Bool, in store: any HistoryStore) throws -> HistoryEntry {
        guard let entry = try store.nextChange(undoing: undoing) else { throw undoing ? TodoError.nothingToUndo : TodoError.nothingToRedo }
        try ChangeReverter(store: store, entry: entry, undoing: undoing).revert()
        try store.markChange(entry.id, undone: undoing)
        return HistoryEntry(id: entry.id, at: entry.at, command: entry.command, summary: entry.summary, isUndone: undoing)
    }

    public func revert() throws {
        let lists = try store.recordedLists(of: entry.id).map(step)
        if let range = try store.importedRange(of: entry.id) {
            try revertImport(range, lists)
        } else {
            let tasks = try store.recordedTasks(of: entry.id).map(step)
            try check(lists, tasks)
            try apply(lists, tasks)
        }
    }

    private func step<Row>(_ recorded: Recorded<Row>) -> Step<Row> {
        Step(id: recorded.id, now: undoing ? recorded.after : recorded.before, next: undoing ? recorded.before : recorded.after)
    }

    // MARK: Checking

    private func conflict(_ reason: String) -> TodoError {
        .historyConflict(change: entry.id, command: entry.command, undoing: undoing, reason: reason)
    }

    /// Every row as the record says it is now; a list to delete holds nothing else (but the
    /// tasks `leaving` with it: an import's); a list to put back has its name free.
    private func check(_ lists: [Step<ListRow>], _ tasks: [Step<TaskRow>], leaving range: ImportedRange? = nil) throws {
        if let id = try store.firstDeletedTaskInTheWay(of: entry.id, undoing: undoing) {
            throw conflict(undoing ? "a task with id \(id) exists again" : "task \(id) was changed or deleted since")
        }
        for step in tasks where try store.taskRow(step.id) != step.now {
            throw conflict(step.now == nil ? "a task with id \(step.id) exists again" : "task \(step.id) was changed or deleted since")
        }
        for step in lists {
            guard try store.listRow(step.id) == step.now else {
                throw conflict(step.now == nil ? "a list with id \(step.id) exists again" : "list \(step.id) ('\(step.now?.name ?? "")') was changed or deleted since")
            }
            if step.next == nil {
                // Tasks deleted or moved out by this revert (redoing a deletion, in bulk), or
                // (an import's) leaving in bulk.
                let going = tasks.count { $0.now?.listID == step.id && $0.next?.listID != step.id }
                    + (undoing ? 0 : try store.deletedTaskCount(of: entry.id, inList: step.id))
                let leaving = try range.map { try store.taskCount(inList: step.id, within: $0) } ?? 0
                if try store.taskCount(inList: step.id, within: nil) - going - leaving > 0 {
                    throw conflict("list '\(step.now?.name ?? "")' has tasks added since")
                }
            }
            if let name = step.next?.name, let other = try store.list(named: name), other.id != step.id {
                throw conflict("a list named '\(other.name)' exists now")
            }
        }
    }

    // MARK: Applying

    /// Lists come back before their tasks; lists go last, once the tasks they held have gone
    /// or moved out (deleting a list deletes what is still in it). The tasks the change
    /// deleted come back, or go again, in bulk.
    private func apply(_ lists: [Step<ListRow>], _ tasks: [Step<TaskRow>]) throws {
        if !undoing { try store.deleteDeletedTasks(of: entry.id) }
        for step in tasks where step.next == nil { try store.deleteTask(step.id) }
        for step in lists {
            guard let next = step.next else { continue }
            if step.now == nil { try store.insertList(step.id, next) } else { try store.updateList(step.id, next) }
        }
        if undoing { try store.restoreDeletedTasks(of: entry.id) }
        for step in tasks {
            guard let next = step.next else { continue }
            if step.now == nil { try store.insertTask(step.id, next) } else { try store.updateTask(step.id, next) }
            if !next.tags.hasSameScalars(as: step.now?.tags ?? "") { try store.setTags(next.tags, of: step.id) }
        }
        for step in lists where step.next == nil { try store.deleteList(step.id) }
    }

    /// An import: undo moves its tasks into the record (for redo) and deletes them, refused if
    /// any was changed or deleted since; redo puts them back from there.
    private func revertImport(_ range: ImportedRange, _ lists: [Step<ListRow>]) throws {
        if undoing {
            let (count, unchanged) = try store.importedTasks(range)
            guard count == range.count, unchanged else {
                let missing = range.isContiguous ? try store.firstMissingTask(of: range) : nil
                throw conflict(missing.map { "task \($0) was deleted since" }
                    ?? "of the \(range.count) tasks it imported, \(count == range.count ? "some were changed" : "\(count) are left") since")
            }
            try check(lists, [], leaving: range)
            try store.moveImportedTasks(range, into: entry.id)
            try apply(lists, [])
        } else {
            let present = try store.taskCount(within: range)
            guard present == 0 else { throw conflict("\(present) task\(present == 1 ? "" : "s") with the ids it imported exist again") }
            try check(lists, [])
            try apply(lists, [])
            try store.restoreImportedTasks(range, from: entry.id)
        }
    }
}
