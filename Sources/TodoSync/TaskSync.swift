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
    /// The next id reserved for this file, taken (for a task whose id another has on the hub).
    let takeID: () throws -> Int64

    /// The tasks that differ here from the base: new, changed (by todo or by hand) or deleted.
    static func changedHere(_ file: any SQLSession) -> String {
        let differs = SyncedRows.columns.map { "m.\($0) IS NOT b.\($0)" }
        return """
            SELECT m.uuid FROM \(SyncedRows.live(file.dialect)) AS m LEFT JOIN sync_base_tasks AS b ON b.uuid = m.uuid
            WHERE b.uuid IS NULL OR \(differs.joined(separator: " OR "))
            UNION ALL SELECT b.uuid FROM sync_base_tasks AS b WHERE NOT EXISTS (SELECT 1 FROM tasks AS t WHERE t.uuid = b.uuid)
            """
    }

    mutating func run() throws {
        let f = file.session
        try f.run("DROP TABLE IF EXISTS temp.sync_tasks", [])
        try f.run("CREATE TEMP TABLE sync_tasks (uuid TEXT PRIMARY KEY) WITHOUT ROWID", [])
        try f.run("INSERT OR IGNORE INTO temp.sync_tasks (uuid) SELECT uuid FROM temp.hub_tasks UNION ALL \(Self.changedHere(f))", [])
        try file.forEachUUID(in: "temp.sync_tasks") { try sync($0) }
    }

    private mutating func sync(_ uuid: String) throws {
        let base = try file.session.first("SELECT \(SyncedRows.fields) FROM sync_base_tasks WHERE uuid = $1", [.text(uuid)]) { try SyncedRows.read($0) }
        let mine = try file.task(uuid)
        // Unchanged on the hub: there as last agreed.
        let theirs = try HubChanges.task(uuid, in: file.session) ?? base
        switch TaskMerge.merge(base: base?.task, mine: mine?.task, theirs: theirs?.task) {
        case .gone:
            if mine != nil {
                try file.deleteTask(uuid)
                report.received += 1
            }
            if theirs != nil {
                try hub.deleteTask(uuid, try unchangedOnHub(uuid))
                report.sent += 1
            }
            try file.session.run("DELETE FROM sync_base_tasks WHERE uuid = $1", [.text(uuid)])
        case .task(let task, let conflicts):
            var row = SyncedRow(id: theirs?.id ?? mine?.id ?? 0, task: task)
            if theirs == nil {
                row.id = try send(uuid, row)
            } else if theirs?.task != task {
                try hub.update(uuid, row, list: try list(task.listUUID, on: hub, from: file), try unchangedOnHub(uuid))
                report.sent += 1
            }
            if mine == nil {
                guard try file.insert(uuid, row, list: try list(task.listUUID, on: file, from: hub)) else { throw SyncFailure.idTaken(row.id) }
                report.received += 1
            } else if let mine, mine.task != task || mine.id != row.id {
                // One uuid made here and on the hub (the next task of a repeating one): the hub's id.
                if mine.id != row.id { try file.session.run("UPDATE tasks SET id = $1 WHERE uuid = $2", [.integer(row.id), .text(uuid)]) }
                try file.update(uuid, row, list: try list(task.listUUID, on: file, from: hub))
                report.received += 1
            }
            try file.session.run("INSERT OR REPLACE INTO sync_base_tasks (uuid, \(SyncedRows.fields)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)",
                                 SyncedRows.values(uuid, row))
            for conflict in conflicts {
                try recordConflict(SyncConflict(id: 0, task: row.id, uuid: uuid, field: conflict.field, kept: conflict.kept, yours: conflict.yours, at: file.now))
            }
        }
    }

    private func unchangedOnHub(_ uuid: String) throws -> Unchanged {
        try HubChanges.unchanged(uuid, in: "hub_tasks", file: file.session, snapshot: snapshot)
    }

    /// Sends a task new here; its id, which is another's on the hub only for a task added by hand
    /// (sqlite3): that one takes the next id reserved for this file, here too.
    private mutating func send(_ uuid: String, _ row: SyncedRow) throws -> Int64 {
        var row = row
        let list = try list(row.task.listUUID, on: hub, from: file)
        while try !hub.insert(uuid, row, list: list) {
            let id = try takeID()
            try file.session.run("UPDATE tasks SET id = $1 WHERE uuid = $2", [.integer(id), .text(uuid)])
            report.renumbered.append((row.id, id))
            row.id = id
        }
        report.sent += 1
        return row.id
    }

    /// The list's id on `side`, made there from the other side's (or the base's) when missing:
    /// a task kept in a list the side deleted brings it back (rule 5).
    private func list(_ uuid: String, on side: SyncSide, from other: SyncSide) throws -> Int64 {
        if let id = try side.listID(uuid) { return id }
        if let list = try other.list(uuid) { return try side.createList(uuid, name: list.name, createdAt: list.createdAt) }
        let name = try file.session.first("SELECT name FROM sync_base_lists WHERE uuid = $1", [.text(uuid)]) { try $0.text(0) }
        guard let name else { throw SyncFailure.listMissing(uuid) }
        return try side.createList(uuid, name: name, createdAt: nil)
    }
}

/// What stops a sync (nothing of it is kept, here or on the hub).
public enum SyncFailure: ReportedError, Equatable {
    /// A task the hub sends has an id a task of this file has (given by hand).
    case idTaken(Int64)
    case listMissing(String)
    /// `todo sync` on a file that is not linked.
    case notLinked
    /// `todo sync init` on a file that is.
    case alreadyLinked(hub: String)
    /// A row the sync was about to write on the hub was changed there meanwhile (by psql).
    case hubChangedMeanwhile
    /// `--db` names a server: a file syncs with a hub, a hub with nothing.
    case notAFile(String)
    /// `todo sync init` of something that is not a postgres:// URL.
    case notAHub(String)
    /// `--dismiss` of an id that is no conflict waiting.
    case noConflict(Int64)
    /// The hub is not the database this file was linked to.
    case otherHub(linked: String, found: String)

    public var exitStatus: Int32 {
        if case .notAHub = self { return ExitStatus.usage }
        return ExitStatus.failure
    }

    public var description: String {
        switch self {
        case .idTaken(let id):
            "the hub sends a task with id \(id), which a task of this file has too (one given by hand?); give it another id with sqlite3, or export and remove it, then sync again. Nothing was synced"
        case .listMissing(let uuid):
            "a task's list \(uuid) is on neither side; run todo db check. Nothing was synced"
        case .notLinked:
            "this file is not linked to a hub: todo sync init URL links it"
        case .alreadyLinked(let hub):
            "this file is already linked to \(hub): todo sync unlink first to link it elsewhere"
        case .hubChangedMeanwhile:
            "a row changed on the hub while this sync ran (psql?); nothing was synced: run todo sync again"
        case .notAFile(let shown):
            "todo sync links a file to a hub, and \(shown) is a PostgreSQL database; give --db or TODO_DB the file to link (the hub is todo sync init's URL)"
        case .notAHub(let text):
            "a hub is a PostgreSQL database, given as postgres://user@host/database, not '\(text)'"
        case .noConflict(let id):
            "there is no conflict \(id) waiting (todo sync conflicts lists them); nothing was dismissed"
        case .otherHub(let linked, let found):
            "the hub is not the database this file was linked to (linked: \(linked), found: \(found)); nothing was synced. todo sync unlink, then todo sync init URL, links it to this one"
        }
    }
}
