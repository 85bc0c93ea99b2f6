import TodoCore

/// Records one change in the history while its transaction runs, so the change and its record
/// commit together or not at all.
///
/// The history row is only made once something changed (a `done` on a task already done
/// records nothing); making it drops what could have been redone. At the end the summary is
/// written from what was noted, and the oldest changes past the bound are pruned.
final class HistoryRecorder {
    private let db: Connection
    private let command: String
    private let at: String
    /// How many changes the history keeps.
    private let limit: Int
    private var changeID: Int64?
    private var effects: [ChangeEffect] = []

    init(db: Connection, command: String, at: String, limit: Int) {
        self.db = db
        self.command = command
        self.at = at
        self.limit = limit
    }

    func note(_ effect: ChangeEffect) {
        effects.append(effect)
    }

    /// A task as it was before and after (nil: it did not exist, or no longer does). Recorded
    /// twice in one change, it keeps its first before and its last after.
    func task(_ id: Int64, before: TaskRow?, after: TaskRow?) throws {
        let change = try begin()
        let columns = TaskRow.columns
        let sql = """
            INSERT INTO history_tasks (change_id, task_id, \(columns.map { "before_" + $0 }.joined(separator: ", ")),
                \(columns.map { "after_" + $0 }.joined(separator: ", ")))
            VALUES (?, ?\(String(repeating: ", ?", count: 2 * columns.count)))
            ON CONFLICT (change_id, task_id) DO UPDATE SET \(columns.map { "after_\($0) = excluded.after_\($0)" }.joined(separator: ", "))
            """
        let nothing = [(any SQLBindable)?](repeating: nil, count: columns.count)
        try db.cached(sql).bind([change, id] + (before?.values ?? nothing) + (after?.values ?? nothing)).run()
    }

    func list(_ id: Int64, before: ListRow?, after: ListRow?) throws {
        let change = try begin()
        try db.run("""
            INSERT INTO history_lists (change_id, list_id, before_name, before_created_at, after_name, after_created_at)
            VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (change_id, list_id) DO UPDATE SET after_name = excluded.after_name, after_created_at = excluded.after_created_at
            """, change, id, before?.name, before?.createdAt, after?.name, after?.createdAt)
    }

    /// An import: its tasks are the ids after `after` up to `through`, `count` of them, whose
    /// rows sum to `fingerprint` (see `Statement.rowFingerprint`).
    func imported(after: Int64, through: Int64, count: Int, fingerprint: Int64) throws {
        let change = try begin()
        try db.run("UPDATE history SET imported_after = ?, imported_through = ?, imported_count = ?, imported_fingerprint = ? WHERE id = ?",
                   after, through, count, fingerprint, change)
    }

    /// Writes the summary and prunes; called just before the transaction commits.
    func finish() throws {
        guard let changeID else { return }
        try db.run("UPDATE history SET summary = ? WHERE id = ?", ChangeSummary.describe(effects), changeID)
        // The history's rows cascade: pruning costs what the pruned change recorded, however
        // long the history has been kept.
        try db.run("DELETE FROM history WHERE id <= ?", changeID - Int64(limit))
    }

    private func begin() throws -> Int64 {
        if let changeID { return changeID }
        try db.run("DELETE FROM history WHERE undone = 1")
        try db.run("INSERT INTO history (at, command, summary) VALUES (?, ?, '')", at, command)
        changeID = db.lastInsertedRowID
        return db.lastInsertedRowID
    }
}
