import TodoCore
import TodoHistory

/// Writes a change's history rows in the file, each statement prepared once per process.
struct FileHistoryWriter: HistoryWriter {
    let db: Connection
    let command: String
    let at: String
    let window: HistoryWindow

    init(db: Connection, command: String, at: String, limit: Int) {
        self.db = db
        self.command = command
        self.at = at
        window = HistoryWindow(limit: limit)
    }

    func insertChange(summary: String, imported: ImportedRange?) throws -> Int64 {
        try window.insert("""
            INSERT INTO history (id, at, command, summary, imported_after, imported_through, imported_count, imported_fingerprint)
            VALUES (\(HistoryWindow.nextID), ?, ?, ?, ?, ?, ?, ?)
            """, [at, command, summary, imported?.after, imported?.through, imported?.count, imported?.fingerprint], in: db)
    }

    func completeChange(_ id: Int64, summary: String, imported: ImportedRange?) throws {
        try db.run("""
            UPDATE history SET summary = ?, imported_after = ?, imported_through = ?, imported_count = ?, imported_fingerprint = ?
            WHERE id = ?
            """, summary, imported?.after, imported?.through, imported?.count, imported?.fingerprint, id)
    }

    /// The columns of history_tasks are written in the table's order (no column list to parse):
    /// change, task, then each field before and after.
    func write(task: Recorded<TaskRow>, in change: Int64) throws {
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

    func write(list: Recorded<ListRow>, in change: Int64) throws {
        try insertOrUpdate(
            insert: "INSERT INTO history_lists VALUES (?, ?, ?, ?, ?, ?)",
            [change, list.id, list.before?.name, list.after?.name, list.before?.createdAt, list.after?.createdAt],
            update: "UPDATE history_lists SET after_name = ?, after_created_at = ? WHERE change_id = ? AND list_id = ?",
            [list.after?.name, list.after?.createdAt, change, list.id])
    }

    func writeTasksDeleted(withList list: Int64, in change: Int64) throws {
        try db.run("""
            INSERT INTO history_tasks (change_id, task_id, \(TaskRow.fields.map { "before_" + $0 }.joined(by: ", ")))
            SELECT ?, t.id, \(TaskRow.selected) FROM tasks AS t WHERE t.list_id = ?
            ON CONFLICT (change_id, task_id) DO UPDATE SET \(TaskRow.fields.map { "after_\($0) = NULL" }.joined(by: ", "))
            """, change, list)
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
