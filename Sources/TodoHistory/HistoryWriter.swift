import TodoCore
import TodoSQL

/// Writes a change's rows in the history's tables, once for every backend (`SQLSession`), for
/// `ChangeRecorder`.
public struct HistoryWriter {
    let session: any SQLSession
    let command: String
    let at: String
    /// How many of the newest changes the history keeps.
    let limit: Int

    public init(session: any SQLSession, command: String, at: String, limit: Int) {
        self.session = session
        self.command = command
        self.at = at
        self.limit = limit
    }

    /// Makes the change's history row and returns its id. A new change drops what could have
    /// been redone (undone changes are always the newest) and takes the id after the newest
    /// kept, so the ids kept are one run and the history's window is an id range.
    ///
    /// The id is the newest change's own when that one is undone, which makes the insert fail
    /// on purpose: only then are the undone changes dropped and the insert made again, so a
    /// command pays for one statement, not two. Where a failed statement ends the transaction
    /// (`failureEndsTransaction`), they are dropped first.
    ///
    /// The history keeps up to a tenth more changes than it shows besides: pruning deletes
    /// through the foreign keys' cascade, a statement that costs a single-task command more to
    /// prepare than all its other history work, so it runs on every tenth change instead of on
    /// each. Its cost is what it deletes, found by id range, however long the history is.
    ///
    /// A change a sync received (`ReceivedChanges`) may stand above undone ones, since undo
    /// passes over it: the newest being received makes the insert fail the same way, and every
    /// undone change is dropped. A received change itself (`keepingUndone`) drops none: it is not
    /// this file's, and what this file undid can still be redone past it.
    func insertChange(summary: String, imported: ImportedRange?, keepingUndone: Bool = false) throws -> Int64 {
        let values: [SQLValue] = [.text(at), .text(command), .text(summary)] + Self.values(of: imported)
        let id: Int64
        if keepingUndone {
            id = try session.insert(Self.appendChange, values)
        } else if session.dialect.failureEndsTransaction {
            try dropUndone()
            id = try session.insert(Self.appendChange, values)
        } else {
            do {
                id = try session.insert(Self.insertChange, values)
            } catch where session.violated(by: error) == .unique {
                try dropUndone()
                id = try session.insert(Self.appendChange, values)
            }
        }
        // Ids written by hand near the smallest integer have nothing older to prune.
        let (oldest, overflow) = id.subtractingReportingOverflow(Int64(limit))
        if id % Int64(max(1, limit / 10)) == 0, !overflow { try session.run("DELETE FROM history WHERE id <= $1", [.integer(oldest)]) }
        return id
    }

    private static let insertChange = """
        INSERT INTO history (id, at, command, summary, imported_after, imported_through, imported_count, imported_fingerprint)
        VALUES (coalesce((SELECT CASE WHEN undone OR received THEN id ELSE id + 1 END FROM history ORDER BY id DESC LIMIT 1), 1),
                $1, $2, $3, $4, $5, $6, $7)
        """
    private static let appendChange = """
        INSERT INTO history (id, at, command, summary, imported_after, imported_through, imported_count, imported_fingerprint)
        VALUES (coalesce((SELECT id FROM history ORDER BY id DESC LIMIT 1), 0) + 1, $1, $2, $3, $4, $5, $6, $7)
        """

    private func dropUndone() throws {
        try session.run("DELETE FROM history WHERE undone", [])
    }

    /// With a limit of 0: nothing is kept, so what was kept before goes too (it could no longer
    /// be undone past this change safely). Looked for first: deleting runs the cascade's
    /// statements even when there is nothing to delete.
    public static func clear(in session: any SQLSession) throws {
        guard try session.first("SELECT 1 FROM history LIMIT 1", [], { _ in true }) != nil else { return }
        try session.run("DELETE FROM history", [])
    }

    /// Gives a change that was streamed its summary (and import range), once it is complete.
    func completeChange(_ id: Int64, summary: String, imported: ImportedRange?) throws {
        try session.run("""
            UPDATE history SET summary = $1, imported_after = $2, imported_through = $3, imported_count = $4, imported_fingerprint = $5
            WHERE id = $6
            """, [.text(summary)] + Self.values(of: imported) + [.integer(id)])
    }

    private static func values(of range: ImportedRange?) -> [SQLValue] {
        guard let range else { return [.null, .null, .null, .null] }
        return [.integer(range.after), .integer(range.through), .integer(Int64(range.count)), .integer(range.fingerprint)]
    }

    /// Writes one row of the change, its columns in the table's order: change, task, then each
    /// field before and after. A task recorded again while streaming keeps its first before and
    /// takes the new after.
    func write(task: Recorded<TaskRow>, in change: Int64) throws {
        let before = task.before?.fieldValues ?? TaskRow.absent, after = task.after?.fieldValues ?? TaskRow.absent
        var values: [SQLValue] = [.integer(change), .integer(task.id)]
        values.reserveCapacity(2 + 2 * before.count)
        for index in before.indices { values += [before[index], after[index]] }
        try insertOrUpdate(Self.insertTask, values, upsert: Self.upsertTask, update: Self.updateTask, after + [.integer(change), .integer(task.id)])
    }

    func write(list: Recorded<ListRow>, in change: Int64) throws {
        try insertOrUpdate(Self.insertList, [.integer(change), .integer(list.id), SQLValue(list.before?.name), SQLValue(list.after?.name),
                                             SQLValue(list.before?.createdAt), SQLValue(list.after?.createdAt),
                                             SQLValue(list.before?.uuid), SQLValue(list.after?.uuid)],
                           upsert: Self.upsertList, update: Self.updateList,
                           [SQLValue(list.after?.name), SQLValue(list.after?.createdAt), SQLValue(list.after?.uuid), .integer(change), .integer(list.id)])
    }

    /// A row's insert is a literal (every command prepares it, and building it would cost more
    /// than the statement); the upsert and the update of its after alone are made the first time
    /// they are used (static lets are lazy), which on a file is rarely.
    private static let insertTask = """
        INSERT INTO history_tasks VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, \
        $21, $22, $23, $24, $25, $26, $27, $28)
        """
    private static let upsertTask = upsert(insertTask, key: "task_id", fields: TaskRow.fields)
    private static let updateTask = update("history_tasks", key: "task_id", fields: TaskRow.fields)
    private static let insertList = "INSERT INTO history_lists VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"
    private static let upsertList = upsert(insertList, key: "list_id", fields: ListRow.fields)
    private static let updateList = update("history_lists", key: "list_id", fields: ListRow.fields)

    /// `insert`, taking the new after when the row is there.
    private static func upsert(_ insert: String, key: String, fields: [String]) -> String {
        insert + " ON CONFLICT (change_id, \(key)) DO UPDATE SET " + fields.map { "after_\($0) = excluded.after_\($0)" }.joined(by: ", ")
    }

    /// The update of a row's after alone: the fields, then the change and the key.
    private static func update(_ table: String, key: String, fields: [String]) -> String {
        "UPDATE \(table) SET " + fields.enumerated().map { "after_\($1) = $\($0 + 1)" }.joined(by: ", ")
            + " WHERE change_id = $\(fields.count + 1) AND \(key) = $\(fields.count + 2)"
    }

    /// A row recorded a second time while streaming is found by its primary key refusing the
    /// insert (a set of the ids written would cost memory on a big delete-list). Where a refused
    /// statement ends the transaction, one upsert instead (dearer to prepare than an insert,
    /// which every command would pay on a file).
    private func insertOrUpdate(_ insert: String, _ inserted: [SQLValue], upsert: @autoclosure () -> String,
                                update: @autoclosure () -> String, _ updated: [SQLValue]) throws {
        if session.dialect.failureEndsTransaction {
            try session.run(upsert(), inserted)
            return
        }
        do {
            try session.run(insert, inserted)
        } catch where session.violated(by: error) == .unique {
            try session.run(update(), updated)
        }
    }

    /// Records every task of the list as the change deletes it (its row before, nothing after),
    /// with one statement however many there are. A task recorded before in the same change
    /// keeps that record's before.
    func writeTasksDeleted(withList list: Int64, in change: Int64) throws {
        try session.run("""
            INSERT INTO history_tasks (change_id, task_id, \(TaskRow.fields.map { "before_" + $0 }.joined(by: ", ")))
            SELECT $1, t.id, \(TaskRow.selected(session.dialect)) FROM tasks AS t WHERE t.list_id = $2
            ON CONFLICT (change_id, task_id) DO UPDATE SET \(TaskRow.fields.map { "after_\($0) = NULL" }.joined(by: ", "))
            """, [.integer(change), .integer(list)])
    }
}
