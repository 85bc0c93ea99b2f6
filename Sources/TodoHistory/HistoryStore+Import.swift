import TodoCore
import TodoSQL

/// An import's tasks: a range of ids, which leave into the change's record on undo and come back
/// from it on redo.
extension HistoryStore {
    /// How many tasks have ids in the range.
    func taskCount(within range: ImportedRange) throws -> Int {
        try session.first("SELECT count(*) FROM tasks WHERE id > $1 AND id <= $2", [.integer(range.after), .integer(range.through)]) {
            try $0.int(0)
        } ?? 0
    }

    /// How many of an import's tasks are left, and whether they are all exactly as it recorded
    /// them (their fingerprint is the recorded one).
    func importedTasks(_ range: ImportedRange) throws -> (count: Int, unchanged: Bool) {
        try fingerprint(range)
    }

    /// The first id of the range with no task (only asked of a range with no gaps, so not empty).
    func firstMissingTask(of range: ImportedRange) throws -> Int64? {
        try session.first("""
            SELECT CASE WHEN NOT EXISTS (SELECT 1 FROM tasks WHERE id = $1 + 1) THEN $1 + 1
                   ELSE (SELECT t.id + 1 FROM tasks AS t WHERE t.id > $1 AND t.id < $2
                         AND NOT EXISTS (SELECT 1 FROM tasks WHERE id = t.id + 1) ORDER BY t.id LIMIT 1) END
            """, [.integer(range.after), .integer(range.through)]) { $0.isNull(0) ? nil : try $0.int64(0) } ?? nil
    }

    /// Lifts the statement limit when the import brought an import's worth of tasks, or its
    /// range holds that many now (`expectLongWork(ifAnImportOf:)`).
    func expectLongWork(for range: ImportedRange) throws {
        guard range.count < Self.longWork else { return try session.expectLongWork() }
        try expectLongWork(ifAnImportOf: "SELECT id FROM tasks WHERE id > $1 AND id <= $2", [.integer(range.after), .integer(range.through)])
    }

    /// Undo of an import: its tasks move into the change's record (for redo), then go.
    func moveImportedTasks(_ range: ImportedRange, into change: Int64) throws {
        try session.run("""
            INSERT INTO history_tasks (change_id, task_id, \(TaskRow.fields.map { "after_" + $0 }.joined(by: ", ")))
            SELECT $1, t.id, \(TaskRow.selected(dialect)) FROM tasks AS t WHERE t.id > $2 AND t.id <= $3
            """, [.integer(change), .integer(range.after), .integer(range.through)])
        try session.writingInBulk(range.count, .deleting) { try deleteTasks(after: range.after, through: range.through) }
    }

    /// Redo of an import: its tasks come back from the change's record, tags included. (The
    /// record's other tasks, those its records merged into, are the usual change's to redo.)
    func restoreImportedTasks(_ range: ImportedRange, from change: Int64) throws {
        let inRange = "change_id = $1 AND task_id > $2 AND task_id <= $3"
        let values: [SQLValue] = [.integer(change), .integer(range.after), .integer(range.through)]
        try session.writingInBulk(range.count, .inserting) {
            try session.run("""
                INSERT INTO tasks (id, \(TaskRow.columns.joined(by: ", ")))
                SELECT task_id, \(TaskRow.recordedColumns(.after).joined(by: ", ")) FROM history_tasks WHERE \(inRange)
                """, values)
        }
        // Each task's tags, from the one text the record keeps them in.
        try session.run("""
            WITH RECURSIVE source (task_id, tags) AS (SELECT task_id, after_tags FROM history_tasks WHERE \(inRange) AND after_tags <> ''),
            \(dialect.splitTags)
            INSERT INTO task_tags (task_id, tag) SELECT task_id, tag FROM split WHERE tag <> '' ON CONFLICT DO NOTHING
            """, values)
        try session.run("DELETE FROM history_tasks WHERE \(inRange)", values)
    }

    /// Deletes the tasks with ids in (after, through], a slice at a time (`forEachSlice`).
    private func deleteTasks(after first: Int64, through last: Int64) throws {
        let range: [SQLValue] = [.integer(first), .integer(last)]
        try session.forEachSlice(of: dialect.rowsPerStatement, key: "id", in: "tasks", where: "id > $1 AND id <= $2", range) { low, high in
            try session.run("DELETE FROM tasks WHERE id > $1 AND id <= $2 AND id >= $3 AND id <= $4", range + [.integer(low), .integer(high)])
        }
    }
}
