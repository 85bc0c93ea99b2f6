import TodoCore
import TodoSQL

/// The tasks of one sync: each one changed on either side since the last (or deleted) merged
/// field by field (`TaskMerge`), and written where it differs from the merge, so that both sides
/// and the base agree on it afterwards.
struct TaskSync {
    let file: SyncSide
    let hub: SyncSide
    /// The hub's snapshot this sync read in.
    let snapshot: String
    var report: SyncReport
    let recordConflict: (SyncConflict) throws -> Void
    /// The blocks of ids the hub reserved for this file (nil at the first sync, whose ids are
    /// settled before: `IDs.renumber`).
    let ownIDs: [ClosedRange<Int64>]?
    /// A first sync: the hub's tasks this file lacks come in all at once (`receiveNew`).
    let firstSync: Bool
    /// Every task here is compared with the base, not only those marked changed.
    let everyTask: Bool
    /// The next id reserved for this file, taken (for a task whose id another has on the hub).
    let takeID: () throws -> Int64
    /// The hub's ids of lists by uuid, as found so far.
    var hubLists: [String: Int64] = [:]
    /// Tasks new here, waiting to be sent (`sendQueued`), as many to an INSERT as a statement
    /// takes (`HubTaskWrites.full`): 10,000 sent in 2.2 s, where 200 to one took 2.6.
    var queued: [(uuid: String, row: SyncedRow, list: Int64)] = []
    var queuedBytes = 0
    /// The hub's tasks changed or deleted, many to a statement.
    lazy var hubWrites = HubTaskWrites(hub: hub.session, snapshot: snapshot)

    mutating func run() throws {
        let f = file.session
        try f.run("DROP TABLE IF EXISTS temp.sync_tasks", [])
        try f.run("CREATE TEMP TABLE sync_tasks (uuid TEXT PRIMARY KEY) WITHOUT ROWID", [])
        if firstSync {
            // Every task here is merged: each is this file's own, or one the hub has too.
            let fileHadTasks = try f.run("INSERT INTO temp.sync_tasks (uuid) SELECT uuid FROM tasks WHERE uuid IS NOT NULL", []) > 0
            try receiveNew(fileHadTasks: fileHadTasks)
            try f.run("""
                INSERT OR IGNORE INTO temp.sync_tasks (uuid)
                SELECT h.uuid FROM temp.hub_tasks AS h WHERE NOT EXISTS (SELECT 1 FROM sync_base_tasks AS b WHERE b.uuid = h.uuid)
                """, [])
        } else {
            try f.run("INSERT OR IGNORE INTO temp.sync_tasks (uuid) SELECT uuid FROM temp.hub_tasks UNION ALL \(ChangesHere.tasks(f, everyTask: everyTask))", [])
        }
        try file.forEachUUID(in: "temp.sync_tasks") { try sync($0) }
        try sendQueued()
        try hubWrites.finish()
    }

    /// Whether the task `uuid` had this id when it was agreed with the hub, before a deletion
    /// (undone since): it keeps it.
    private func hadID(_ uuid: String, _ id: Int64) throws -> Bool {
        try file.session.first("SELECT 1 FROM sync_gone_tasks WHERE uuid = $1 AND id = $2", [.text(uuid), .integer(id)]) { _ in true } ?? false
    }

    /// Queues a task for `sendQueued`, which runs once enough are waiting. One `new` here whose id
    /// is not from this file's blocks (given by hand with sqlite3: the next after the file's
    /// highest, maybe another file's) takes this file's next id first.
    private mutating func queue(_ uuid: String, _ row: SyncedRow, new: Bool) throws {
        var row = row
        if new, let ownIDs, !ownIDs.contains(where: { $0.contains(row.id) }), try !hadID(uuid, row.id) {
            row.id = try renumber(uuid, from: row.id)
        }
        try refuseWhatTheHubCannotStore(row)
        queued.append((uuid, row, try list(row.task.listUUID, on: hub, from: file)))
        queuedBytes += HubTaskWrites.size(of: row)
        if HubTaskWrites.full(rows: queued.count, bytes: queuedBytes) { try sendQueued() }
    }

    /// The tasks new here, in one INSERT (a round trip per task made a first sync of a large
    /// file take minutes) and their tags in another; one whose id another task has on the hub
    /// (given by hand) is sent alone, with a new id (`send`).
    private mutating func sendQueued() throws {
        guard !queued.isEmpty else { return }
        let types = ["bigint", "bigint", "text", "text", "text", "text", "boolean", "text", "text", "text", "text", "text", "text"]
        var stored = Set<Int64>()
        try hub.session.forEachRow("""
            INSERT INTO tasks (id, list_id, title, notes, due, priority, done, completed_at, created_at, updated_at, repeat, repeat_from, uuid)
            VALUES \(HubTaskWrites.rows(queued.count, types)) ON CONFLICT (id) DO NOTHING RETURNING id
            """, queued.flatMap { SyncSide.insertValues($0.uuid, $0.row, list: $0.list) }) { stored.insert(try $0.int64(0)) }
        try HubTaskWrites.insertTags(queued.filter { stored.contains($0.row.id) }.flatMap { item in item.row.task.tags.map { (item.row.id, $0) } },
                                     on: hub.session)
        for (uuid, row, _) in queued {
            var row = row
            if stored.contains(row.id) { report.sent += 1 } else { row.id = try send(uuid, row) }
            try writeBase(uuid, row)
        }
        queued.removeAll(keepingCapacity: true)
        queuedBytes = 0
    }

    /// A task of this file that has the id of one the hub sends: if it was never sent (added by
    /// hand, or in a copy of this file restored from a backup, whose block the file had used
    /// since), it takes this file's next id; a task sent before keeps its id, and the sync stops.
    private mutating func moveAside(_ id: Int64) throws {
        let holder = try file.session.first("SELECT t.uuid, b.uuid IS NULL FROM tasks AS t LEFT JOIN sync_base_tasks AS b ON b.uuid = t.uuid WHERE t.id = $1",
                                            [.integer(id)]) { (try $0.text(0), try $0.bool(1)) }
        guard let holder, holder.1 else { throw SyncFailure.idTaken(id) }
        try renumber(holder.0, from: id)
    }

    /// Gives this file's task `uuid`, never sent, the next id reserved for this file.
    @discardableResult
    private mutating func renumber(_ uuid: String, from id: Int64) throws -> Int64 {
        let moved = try takeID()
        try file.session.run("UPDATE tasks SET id = $1 WHERE uuid = $2", [.integer(moved), .text(uuid)])
        try Renumbering.note(file.session, uuid, from: id, to: moved)
        return moved
    }

    private func record(_ conflicts: [TaskMerge.Conflict], of uuid: String, _ id: Int64) throws {
        for conflict in conflicts {
            // A list is shown by its name, not its uuid.
            let (kept, yours) = conflict.field == SyncedField.list.rawValue
                ? (try listName(conflict.kept), try listName(conflict.yours)) : (conflict.kept, conflict.yours)
            try recordConflict(SyncConflict(id: 0, task: id, uuid: uuid, field: conflict.field, kept: kept, yours: yours, at: file.now))
        }
    }

    private func listName(_ uuid: String?) throws -> String? {
        guard let uuid else { return nil }
        return try file.list(uuid)?.name ?? hub.list(uuid)?.name ?? uuid
    }

    /// PostgreSQL's text holds no NUL character; SQLite's may (an import of `\u0000`).
    private func refuseWhatTheHubCannotStore(_ row: SyncedRow) throws {
        for text in [row.task.title, row.task.notes ?? ""] + row.task.tags where text.utf8.contains(0) {
            throw SyncFailure.cannotSend(row.id, "a NUL character")
        }
    }

    private func writeBase(_ uuid: String, _ row: SyncedRow) throws {
        try file.session.run("INSERT OR REPLACE INTO sync_base_tasks (uuid, \(SyncedRows.fields)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)",
                             SyncedRows.values(uuid, row))
    }

    private mutating func sync(_ uuid: String) throws {
        let base = try file.session.first("SELECT \(SyncedRows.fields) FROM sync_base_tasks WHERE uuid = $1", [.text(uuid)]) { try SyncedRows.read($0) }
        let mine = try file.task(uuid)
        // Unchanged on the hub: there as last agreed. Changed: written to the hub only if still
        // as read (`readIn`), else only if unchanged since the snapshot (`HubTaskWrites`).
        let staged = try HubChanges.task(uuid, in: file.session)
        let theirs = staged.map(\.row) ?? base
        let deletedOnHub = staged.map { $0.row == nil } ?? false
        let readIn = staged?.readIn
        switch TaskMerge.merge(base: base?.task, mine: mine?.task, theirs: theirs?.task, deletedOnHub: deletedOnHub) {
        case .gone:
            if mine != nil {
                try file.deleteTask(uuid)
                report.received += 1
            }
            if theirs != nil {
                try hubWrites.delete(uuid, readIn: readIn)
                report.sent += 1
            }
            try file.session.run("DELETE FROM sync_base_tasks WHERE uuid = $1", [.text(uuid)])
            if let id = mine?.id ?? theirs?.id ?? base?.id {
                try file.session.run("INSERT OR REPLACE INTO sync_gone_tasks (uuid, id) VALUES ($1, $2)", [.text(uuid), .integer(id)])
            }
        case .task(let task, let conflicts):
            let row = SyncedRow(id: theirs?.id ?? mine?.id ?? 0, task: task)
            if theirs == nil {
                // New here, or deleted on the hub and changed here (as this file has it, then):
                // sent with others, many to a statement.
                try queue(uuid, row, new: base == nil)
                return try record(conflicts, of: uuid, row.id)
            } else if theirs?.task != task {
                try refuseWhatTheHubCannotStore(row)
                let tagsChanged = !SyncedRows.text(of: theirs?.task.tags ?? []).hasSameScalars(as: SyncedRows.text(of: task.tags))
                try hubWrites.update(uuid, row, list: try list(task.listUUID, on: hub, from: file), readIn: readIn, tagsChanged: tagsChanged)
                report.sent += 1
            }
            if mine == nil {
                let list = try list(task.listUUID, on: file, from: hub)
                if try !file.insert(uuid, row, list: list) {
                    try moveAside(row.id)
                    guard try file.insert(uuid, row, list: list) else { throw SyncFailure.idTaken(row.id) }
                }
                report.received += 1
            } else if let mine, mine.task != task || mine.id != row.id {
                // One uuid made here and on the hub (the next task of a repeating one): the hub's id.
                if mine.id != row.id {
                    // Another task here may have that id (one never sent, after a hub restored
                    // and written to directly): it takes another, as for a task received.
                    if try file.session.first("SELECT 1 FROM tasks WHERE id = $1", [.integer(row.id)], { _ in true }) != nil { try moveAside(row.id) }
                    try file.session.run("UPDATE tasks SET id = $1 WHERE uuid = $2", [.integer(row.id), .text(uuid)])
                }
                try file.update(uuid, row, list: try list(task.listUUID, on: file, from: hub))
                report.received += 1
            }
            try writeBase(uuid, row)
            try record(conflicts, of: uuid, row.id)
        }
    }

    /// Sends a task new here; its id, which is another's on the hub only for a task added by hand
    /// (sqlite3): that one takes the next id reserved for this file, here too.
    private mutating func send(_ uuid: String, _ row: SyncedRow) throws -> Int64 {
        var row = row
        let list = try list(row.task.listUUID, on: hub, from: file)
        while try !hub.insert(uuid, row, list: list) {
            row.id = try renumber(uuid, from: row.id)
        }
        report.sent += 1
        return row.id
    }

    /// The list's id on `side`, made there from the other side's (or the base's) when missing:
    /// a task kept in a list the side deleted brings it back (rule 5).
    private mutating func list(_ uuid: String, on side: SyncSide, from other: SyncSide) throws -> Int64 {
        let onHub = side.isHub
        if onHub, let id = hubLists[uuid] { return id }
        let id = try side.listID(uuid) ?? made(uuid, on: side, from: other)
        if onHub {
            // A round trip saved per task sent; a few thousand lists at most are remembered.
            if hubLists.count >= 4096 { hubLists.removeAll(keepingCapacity: true) }
            hubLists[uuid] = id
        }
        return id
    }

    private func made(_ uuid: String, on side: SyncSide, from other: SyncSide) throws -> Int64 {
        let known = try other.list(uuid) ?? file.session.first("SELECT name FROM sync_base_lists WHERE uuid = $1", [.text(uuid)]) { (try $0.text(0), file.now) }
        guard let (name, createdAt) = known else { throw SyncFailure.listMissing(uuid) }
        try side.place(list: uuid, named: name, creating: createdAt, noting: file.session)
        guard let id = try side.listID(uuid) else { throw SyncFailure.listMissing(uuid) }
        return id
    }
}
