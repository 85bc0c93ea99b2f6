import TodoCore

/// Where a `ChangeRecorder` writes a change: the history's rows, in a backend's own SQL.
/// Records one change in the history while its transaction runs, so the change and its record
/// commit together or not at all.
///
/// Every command pays for each statement it runs, and a single-task command runs only a
/// handful, so recording uses as few as it can: what a change touches is kept in memory and
/// written when the change ends, its history row in one insert (summary included) and each list
/// and task in one more. A change that touches many rows is streamed instead once it passes
/// `bufferedRows`, so memory stays flat; a list's tasks deleted with it are recorded by one
/// statement of the storage's.
///
/// Nothing is written for a change that changed nothing (a `done` on a task already done).
///
public final class ChangeRecorder {
    /// Rows kept in memory before the change is written out as it goes.
    public static var bufferedRows: Int { 256 }

    private let writer: HistoryWriter
    private var summary = ChangeSummary()
    private var tasks: [Recorded<TaskRow>] = []
    private var lists: [Recorded<ListRow>] = []
    private var imported: ImportedRange?
    /// The history row, once the change is being streamed.
    private var streamedID: Int64?

    public init(_ writer: HistoryWriter) {
        self.writer = writer
    }

    /// What the change did, for its summary.
    public func note(_ effect: ChangeEffect) {
        summary.note(effect)
    }

    /// A task as it was before and after (nil: it did not exist, or no longer does). Recorded
    /// twice in one change, it keeps its first before and its last after.
    public func task(_ id: Int64, before: TaskRow?, after: TaskRow?) throws {
        let task = Recorded(id: id, before: before, after: after)
        if let streamedID { return try writer.write(task: task, in: streamedID) }
        if let index = tasks.firstIndex(where: { $0.id == id }) { tasks[index].after = after } else { tasks.append(task) }
        try streamIfLarge()
    }

    public func list(_ id: Int64, before: ListRow?, after: ListRow?) throws {
        let list = Recorded(id: id, before: before, after: after)
        if let streamedID { return try writer.write(list: list, in: streamedID) }
        if let index = lists.firstIndex(where: { $0.id == id }) { lists[index].after = after } else { lists.append(list) }
        try streamIfLarge()
    }

    /// Every task of a list, deleted with it: recorded by the storage in one statement, and
    /// the change written as it goes from here, so neither memory nor the number of statements
    /// grows with the list (a list may hold a million tasks).
    public func tasksDeleted(withList list: Int64) throws {
        try writer.writeTasksDeleted(withList: list, in: streamedChange())
    }

    /// The change's history row, written now if it was not, and streamed from here: for rows a
    /// storage records by one statement of its own however many they are (the lists an import
    /// makes).
    public func streamedChange() throws -> Int64 {
        let id = try streamedID ?? writeOut(summary: "")
        streamedID = id
        return id
    }

    /// An import: its tasks are a range of ids, kept whole (see `ImportedRange`).
    public func imported(_ range: ImportedRange) {
        imported = range
    }

    /// Writes the change; called just before the transaction commits.
    public func finish() throws {
        let summary = summary.text
        if let streamedID {
            try writer.completeChange(streamedID, summary: summary, imported: imported)
        } else if !tasks.isEmpty || !lists.isEmpty || imported != nil {
            try writeOut(summary: summary)
        }
    }

    private func streamIfLarge() throws {
        guard tasks.count + lists.count > Self.bufferedRows else { return }
        streamedID = try writeOut(summary: "")
    }

    /// Makes the history row and writes what is held in memory.
    @discardableResult
    private func writeOut(summary: String) throws -> Int64 {
        let id = try writer.insertChange(summary: summary, imported: imported)
        for list in lists { try writer.write(list: list, in: id) }
        for task in tasks { try writer.write(task: task, in: id) }
        (lists, tasks) = ([], [])
        return id
    }
}
