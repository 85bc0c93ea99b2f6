import TodoCore

/// Records one change in the history while its transaction runs, so the change and its record
/// commit together or not at all.
///
/// Every command pays for each statement it prepares, and a single-task command prepares only
/// a handful, so recording uses as few as it can: what a change touches is kept in memory and
/// written when the change ends, its `history` row in one insert (summary included) and each
/// list and task in one more. A change that touches many rows (delete-list of a big list) is
/// streamed instead once it passes `bufferedRows`, so memory stays flat.
///
/// Nothing is written for a change that changed nothing (a `done` on a task already done).
final class HistoryRecorder {
    /// Rows kept in memory before the change is written out as it goes.
    static let bufferedRows = 256

    private let db: Connection
    private let command: String
    private let at: String
    private let window: HistoryWindow
    private var effects: [ChangeEffect] = []
    private var tasks: [Recorded<TaskRow>] = []
    private var lists: [Recorded<ListRow>] = []
    private var imported: ImportedRange?
    /// The history row, once the change is being streamed.
    private var streamedID: Int64?

    init(db: Connection, command: String, at: String, limit: Int) {
        self.db = db
        self.command = command
        self.at = at
        window = HistoryWindow(limit: limit)
    }

    func note(_ effect: ChangeEffect) {
        effects.append(effect)
    }

    /// A task as it was before and after (nil: it did not exist, or no longer does). Recorded
    /// twice in one change, it keeps its first before and its last after.
    func task(_ id: Int64, before: TaskRow?, after: TaskRow?) throws {
        let task = Recorded(id: id, before: before, after: after)
        if let streamedID { return try write(task: task, in: streamedID) }
        if let index = tasks.firstIndex(where: { $0.id == id }) { tasks[index].after = after } else { tasks.append(task) }
        try streamIfLarge()
    }

    func list(_ id: Int64, before: ListRow?, after: ListRow?) throws {
        let list = Recorded(id: id, before: before, after: after)
        if let streamedID { return try write(list: list, in: streamedID) }
        if let index = lists.firstIndex(where: { $0.id == id }) { lists[index].after = after } else { lists.append(list) }
        try streamIfLarge()
    }

    /// An import: its tasks are the ids after `after` up to `through`, `count` of them, whose
    /// rows sum to `fingerprint` (see `Statement.rowFingerprint`).
    func imported(after: Int64, through: Int64, count: Int, fingerprint: Int64) {
        imported = ImportedRange(after: after, through: through, count: count, fingerprint: fingerprint)
    }

    /// Writes the change; called just before the transaction commits.
    func finish() throws {
        let summary = ChangeSummary.describe(effects)
        if let streamedID {
            try db.run("""
                UPDATE history SET summary = ?, imported_after = ?, imported_through = ?, imported_count = ?, imported_fingerprint = ?
                WHERE id = ?
                """, summary, imported?.after, imported?.through, imported?.count, imported?.fingerprint, streamedID)
        } else if !tasks.isEmpty || !lists.isEmpty || imported != nil {
            try writeOut(summary: summary)
        }
    }

    // MARK: Writing

    private func streamIfLarge() throws {
        guard tasks.count + lists.count > Self.bufferedRows else { return }
        streamedID = try writeOut(summary: "")
    }

    /// Makes the history row and writes what is held in memory.
    @discardableResult
    private func writeOut(summary: String) throws -> Int64 {
        let id = try window.insert("""
            INSERT INTO history (id, at, command, summary, imported_after, imported_through, imported_count, imported_fingerprint)
            VALUES (\(HistoryWindow.nextID), ?, ?, ?, ?, ?, ?, ?)
            """, [at, command, summary, imported?.after, imported?.through, imported?.count, imported?.fingerprint], in: db)
        for list in lists { try write(list: list, in: id) }
        for task in tasks { try write(task: task, in: id) }
        (lists, tasks) = ([], [])
        return id
    }

    /// The columns of history_tasks are written in the table's order (no column list to parse):
    /// change, task, then each field before and after.
    private func write(task: Recorded<TaskRow>, in change: Int64) throws {
        let before = task.before?.values ?? TaskRow.nothing, after = task.after?.values ?? TaskRow.nothing
        var values: [(any SQLBindable)?] = [change, task.id]
        for index in before.indices { values += [before[index], after[index]] }
        try insertOrUpdate(
            insert: Self.insertTask, values,
            update: Self.updateTask, after + [change, task.id])
    }

    private static let insertTask = "INSERT INTO history_tasks VALUES (?, ?\(String(repeating: ", ?, ?", count: TaskRow.fields.count)))"
    private static let updateTask = """
        UPDATE history_tasks SET \(TaskRow.fields.map { "after_\($0) = ?" }.joined(by: ", "))
        WHERE change_id = ? AND task_id = ?
        """

    private func write(list: Recorded<ListRow>, in change: Int64) throws {
        try insertOrUpdate(
            insert: "INSERT INTO history_lists VALUES (?, ?, ?, ?, ?, ?)",
            [change, list.id, list.before?.name, list.after?.name, list.before?.createdAt, list.after?.createdAt],
            update: "UPDATE history_lists SET after_name = ?, after_created_at = ? WHERE change_id = ? AND list_id = ?",
            [list.after?.name, list.after?.createdAt, change, list.id])
    }

    /// A row recorded a second time while streaming is found by its primary key refusing the
    /// insert (a set of the ids written would cost memory on a big delete-list).
    private func insertOrUpdate(insert: String, _ inserted: [(any SQLBindable)?], update: String, _ updated: [(any SQLBindable)?]) throws {
        do {
            try db.cached(insert).bind(inserted).run()
        } catch let error as SQLiteError where error.isUniqueViolation {
            try db.cached(update).bind(updated).run()
        }
    }
}

/// A list or task a change touched, as it was before and after (nil: not there).
struct Recorded<Row> {
    let id: Int64
    let before: Row?
    var after: Row?
}

/// An import's tasks: ids after `after` up to `through`, `count` rows summing to `fingerprint`.
struct ImportedRange {
    let after: Int64
    let through: Int64
    let count: Int
    let fingerprint: Int64
}
