#if PostgreSQL
import TodoCore
import TodoHistory

/// Writes a change's history rows on the server.
struct ServerHistoryWriter: HistoryWriter {
    let server: ServerConnection
    let command: String
    let at: String
    let limit: Int

    /// Drops what could have been redone, takes the id after the newest change kept, and every
    /// tenth change prunes those past the limit (a cascade costs more than a row).
    func insertChange(summary: String, imported: ImportedRange?) throws -> Int64 {
        try server.run("DELETE FROM history WHERE undone")
        guard let id = try server.first("""
            INSERT INTO history (id, at, command, summary, imported_after, imported_through, imported_count, imported_fingerprint)
            VALUES ((SELECT coalesce(max(id), 0) + 1 FROM history), $1, $2, $3, $4, $5, $6, $7) RETURNING id
            """, [at, command, summary] + Self.values(of: imported), { try $0.int64(0) })
        else { throw ServerError.refused("no id came back for the history entry") }
        // Ids written by hand near the smallest integer have nothing older to prune.
        let (oldest, overflow) = id.subtractingReportingOverflow(Int64(limit))
        if id % Int64(max(1, limit / 10)) == 0, !overflow { try server.run("DELETE FROM history WHERE id <= $1", [oldest]) }
        return id
    }

    func completeChange(_ id: Int64, summary: String, imported: ImportedRange?) throws {
        try server.run("""
            UPDATE history SET summary = $1, imported_after = $2, imported_through = $3, imported_count = $4, imported_fingerprint = $5
            WHERE id = $6
            """, [summary] + Self.values(of: imported) + [id])
    }

    private static func values(of range: ImportedRange?) -> [ServerValue] {
        [range?.after, range?.through, range.map { Int64($0.count) }, range?.fingerprint]
    }

    func write(task: Recorded<TaskRow>, in change: Int64) throws {
        let before = task.before?.values ?? TaskRow.nothing, after = task.after?.values ?? TaskRow.nothing
        var values: [ServerValue] = [change, task.id]
        for index in before.indices { values += [before[index], after[index]] }
        try server.run(Self.insertTask, values)
    }

    /// Columns in the table's order: change, task, then each field before and after. A task
    /// recorded again while streaming keeps its first before and takes the new after.
    private static let insertTask: String = {
        var placeholders = Placeholders()
        let values = placeholders.list(Array(repeating: nil, count: 2 + 2 * TaskRow.fields.count))
        return "INSERT INTO history_tasks VALUES (\(values)) ON CONFLICT (change_id, task_id) DO UPDATE SET "
            + TaskRow.fields.map { "after_\($0) = EXCLUDED.after_\($0)" }.joined(by: ", ")
    }()

    func writeTasksDeleted(withList list: Int64, in change: Int64) throws {
        // A list's tasks, however many: past an import's worth, no statement limit from here
        // (see liftStatementLimit).
        let count = try server.first("SELECT count(*) FROM tasks WHERE list_id = $1", [list]) { try $0.int(0) } ?? 0
        if count >= PostgresTodoRepository.bulkLoadTasks { try server.liftStatementLimit() }
        try server.run("""
            INSERT INTO history_tasks (change_id, task_id, \(TaskRow.fields.map { "before_" + $0 }.joined(by: ", ")))
            SELECT $1, t.id, \(TaskRow.selected) FROM tasks AS t WHERE t.list_id = $2
            ON CONFLICT (change_id, task_id) DO UPDATE SET \(TaskRow.fields.map { "after_\($0) = NULL" }.joined(by: ", "))
            """, [change, list])
    }

    func write(list: Recorded<ListRow>, in change: Int64) throws {
        try server.run("""
            INSERT INTO history_lists VALUES ($1, $2, $3, $4, $5, $6)
            ON CONFLICT (change_id, list_id) DO UPDATE SET after_name = EXCLUDED.after_name, after_created_at = EXCLUDED.after_created_at
            """, [change, list.id, list.before?.name, list.after?.name, list.before?.createdAt, list.after?.createdAt])
    }
}
#endif
