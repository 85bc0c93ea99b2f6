#if PostgreSQL
import TodoCore

/// Records one change in the history while its transaction runs, as the SQLite module's
/// `HistoryRecorder` does: what a change touches is kept in memory and written when it ends,
/// or streamed once it passes `bufferedRows`, so memory stays flat on a big delete-list.
final class ServerHistoryRecorder {
    static let bufferedRows = 256

    private let server: ServerConnection
    private let command: String
    private let at: String
    private let limit: Int
    private var effects: [ChangeEffect] = []
    private var tasks: [(id: Int64, before: ServerTaskRow?, after: ServerTaskRow?)] = []
    private var lists: [(id: Int64, before: ServerListRow?, after: ServerListRow?)] = []
    private var imported: ServerImportedRange?
    private var streamedID: Int64?

    init(server: ServerConnection, command: String, at: String, limit: Int) {
        self.server = server
        self.command = command
        self.at = at
        self.limit = limit
    }

    func note(_ effect: ChangeEffect) {
        effects.append(effect)
    }

    /// A task as it was before and after (nil: not there). Recorded twice in one change, it
    /// keeps its first before and its last after.
    func task(_ id: Int64, before: ServerTaskRow?, after: ServerTaskRow?) throws {
        if let streamedID { return try write(task: (id, before, after), in: streamedID) }
        if let index = tasks.firstIndex(where: { $0.id == id }) { tasks[index].after = after } else { tasks.append((id, before, after)) }
        try streamIfLarge()
    }

    func list(_ id: Int64, before: ServerListRow?, after: ServerListRow?) throws {
        if let streamedID { return try write(list: (id, before, after), in: streamedID) }
        if let index = lists.firstIndex(where: { $0.id == id }) { lists[index].after = after } else { lists.append((id, before, after)) }
        try streamIfLarge()
    }

    func imported(_ range: ServerImportedRange) {
        imported = range
    }

    /// Writes the change; called just before the transaction commits.
    func finish() throws {
        let summary = ChangeSummary.describe(effects)
        if let streamedID {
            try server.run("""
                UPDATE history SET summary = $1, imported_after = $2, imported_through = $3, imported_count = $4, imported_fingerprint = $5
                WHERE id = $6
                """, [summary, imported?.after, imported?.through, imported.map { Int64($0.count) }, imported?.fingerprint, streamedID])
        } else if !tasks.isEmpty || !lists.isEmpty || imported != nil {
            try writeOut(summary: summary)
        }
    }

    private func streamIfLarge() throws {
        guard tasks.count + lists.count > Self.bufferedRows else { return }
        streamedID = try writeOut(summary: "")
    }

    /// Makes the history row and writes what is held in memory. A new change drops what could
    /// have been redone (undone changes are always the newest) and takes the next id after the
    /// newest kept, so the ids kept are one run and the window is an id range.
    @discardableResult
    private func writeOut(summary: String) throws -> Int64 {
        try server.run("DELETE FROM history WHERE undone")
        guard let id = try server.first("""
            INSERT INTO history (id, at, command, summary, imported_after, imported_through, imported_count, imported_fingerprint)
            VALUES ((SELECT coalesce(max(id), 0) + 1 FROM history), $1, $2, $3, $4, $5, $6, $7) RETURNING id
            """, [at, command, summary, imported?.after, imported?.through, imported.map { Int64($0.count) }, imported?.fingerprint],
            { try $0.int64(0) })
        else { throw ServerError.refused("no id came back for the history entry") }
        // Older changes past the limit go, every tenth change (a cascade costs more than a row).
        if id % Int64(max(1, limit / 10)) == 0 { try server.run("DELETE FROM history WHERE id <= $1", [id - Int64(limit)]) }
        for list in lists { try write(list: list, in: id) }
        for task in tasks { try write(task: task, in: id) }
        (lists, tasks) = ([], [])
        return id
    }

    private func write(task: (id: Int64, before: ServerTaskRow?, after: ServerTaskRow?), in change: Int64) throws {
        let before = task.before?.values ?? ServerTaskRow.nothing, after = task.after?.values ?? ServerTaskRow.nothing
        var values: [ServerValue] = [change, task.id]
        for index in before.indices { values += [before[index], after[index]] }
        try server.run(Self.insertTask, values)
    }

    /// Columns in the table's order: change, task, then each field before and after. A task
    /// recorded again while streaming keeps its first before and takes the new after.
    private static let insertTask: String = {
        var placeholders = Placeholders()
        let values = placeholders.list(Array(repeating: nil, count: 2 + 2 * ServerTaskRow.fields.count))
        return "INSERT INTO history_tasks VALUES (\(values)) ON CONFLICT (change_id, task_id) DO UPDATE SET "
            + ServerTaskRow.fields.map { "after_\($0) = EXCLUDED.after_\($0)" }.joined(by: ", ")
    }()

    private func write(list: (id: Int64, before: ServerListRow?, after: ServerListRow?), in change: Int64) throws {
        try server.run("""
            INSERT INTO history_lists VALUES ($1, $2, $3, $4, $5, $6)
            ON CONFLICT (change_id, list_id) DO UPDATE SET after_name = EXCLUDED.after_name, after_created_at = EXCLUDED.after_created_at
            """, [change, list.id, list.before?.name, list.after?.name, list.before?.createdAt, list.after?.createdAt])
    }
}

/// An import's tasks: ids after `after` up to `through`, `count` rows with this fingerprint.
struct ServerImportedRange {
    let after: Int64
    let through: Int64
    let count: Int
    let fingerprint: Int64
}
#endif
