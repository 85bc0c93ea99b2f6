import TodoCore
import TodoHistory
import TodoSQL

/// What changed on the hub since this file's last sync, copied into the file's temporary tables
/// row by row as the hub sends them, so that a sync holds no more in memory for a million changes
/// than for one: `hub_lists` (a NULL name: deleted) and `hub_tasks` (a NULL id: deleted).
///
/// Changed means written by a transaction the last sync's snapshot did not see (postgres/0004),
/// other than that sync's own; a first sync (no snapshot) takes everything. The hub sends them in
/// the order of their uuids, the tables' keys: stored in any other order, each row of a first
/// sync's 100,000 went to a page of the table out of SQLite's cache.
enum HubChanges {
    static func stage(from hub: any SQLSession, into file: any SQLSession, since link: SyncLink?) throws {
        // Rows staged in the order of their keys need few pages in memory: 512 KiB, not SQLite's
        // 2 MiB, which a first sync of 1,000,000 tasks held beside the file's own to the end.
        try file.run("PRAGMA temp.cache_size = -512", [])
        try file.run("DROP TABLE IF EXISTS temp.hub_lists", [])
        try file.run("DROP TABLE IF EXISTS temp.hub_tasks", [])
        try file.run("CREATE TEMP TABLE hub_lists (uuid TEXT PRIMARY KEY, name TEXT, created_at TEXT, changed_in TEXT) WITHOUT ROWID", [])
        try file.run("""
            CREATE TEMP TABLE hub_tasks (uuid TEXT PRIMARY KEY, id INTEGER, list_uuid TEXT, title TEXT, notes TEXT, due TEXT,
                priority TEXT, done INTEGER, completed_at TEXT, created_at TEXT, updated_at TEXT, tags TEXT, repeat TEXT, repeat_from TEXT,
                changed_in TEXT)
                WITHOUT ROWID
            """, [])
        let since: [SQLValue] = [SQLValue(link?.snapshot), SQLValue(link?.ownChange)]
        try hub.forEachRow("SELECT uuid, name, created_at, changed_in::text FROM lists WHERE \(changed("changed_in")) ORDER BY uuid", since) {
            try file.run("INSERT INTO temp.hub_lists VALUES ($1, $2, $3, $4)", [.text(try $0.text(0)), .text(try $0.text(1)), .text(try $0.text(2)), .text(try $0.text(3))])
        }
        try hub.forEachRow(deleted("list", "lists"), since) {
            try file.run("INSERT OR IGNORE INTO temp.hub_lists (uuid) VALUES ($1)", [.text(try $0.text(0))])
        }
        try hub.forEachRow("""
            SELECT s.uuid, \(SyncedRows.fields(of: "s")), t.changed_in::text FROM \(SyncedRows.live(hub.dialect)) AS s JOIN tasks AS t ON t.uuid = s.uuid
            WHERE \(changed("t.changed_in")) ORDER BY s.uuid
            """, since) { row in
            let uuid = try row.text(0)
            try file.run("INSERT INTO temp.hub_tasks VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)",
                         SyncedRows.values(uuid, try SyncedRows.read(row, from: 1)) + [.text(try row.text(14))])
        }
        try hub.forEachRow(deleted("task", "tasks"), since) {
            try file.run("INSERT OR IGNORE INTO temp.hub_tasks (uuid) VALUES ($1)", [.text(try $0.text(0))])
        }
        try UnreadableValues.refuseFromHub(in: file)
    }

    /// Whether the transaction `column` is news since the snapshot `$1` (none: all is news), and
    /// not the sync `$2`'s own.
    private static func changed(_ column: String) -> String {
        """
        ($1::text IS NULL OR (\(column) >= pg_snapshot_xmin($1::pg_snapshot) AND NOT pg_visible_in_snapshot(\(column), $1::pg_snapshot)
                              AND \(column) IS DISTINCT FROM $2::xid8))
        """
    }

    /// The uuids of `kind`s deleted since, that are not back (an undone delete is a row again).
    private static func deleted(_ kind: String, _ table: String) -> String {
        """
        SELECT d.uuid FROM deleted_rows AS d WHERE d.kind = '\(kind)' AND $1::text IS NOT NULL AND \(changed("d.changed_in"))
            AND NOT EXISTS (SELECT 1 FROM \(table) AS x WHERE x.uuid = d.uuid)
        """
    }

    /// The staged task, if the hub changed it (`row` nil when it deleted it), and the transaction
    /// that wrote it.
    static func task(_ uuid: String, in file: any SQLSession) throws -> (row: SyncedRow?, readIn: String?)? {
        try file.first("SELECT id IS NULL, changed_in, \(SyncedRows.fields) FROM temp.hub_tasks WHERE uuid = $1", [.text(uuid)]) { row in
            (try row.bool(0) ? nil : try SyncedRows.read(row, from: 2), try row.optionalText(1))
        }
    }

    /// The staged list, if the hub changed it: nil inside when it deleted it.
    static func list(_ uuid: String, in file: any SQLSession) throws -> (name: String, createdAt: String)?? {
        try file.first("SELECT name, created_at FROM temp.hub_lists WHERE uuid = $1", [.text(uuid)]) { row -> (name: String, createdAt: String)? in
            row.isNull(0) ? nil : (try row.text(0), try row.text(1))
        }
    }

    /// What the hub's row `uuid` of `table` must still be for this sync to write it (`Unchanged`).
    static func unchanged(_ uuid: String, in table: String, file: any SQLSession, snapshot: String) throws -> Unchanged {
        let read = try file.first("SELECT changed_in FROM temp.\(table) WHERE uuid = $1", [.text(uuid)]) { try $0.optionalText(0) }
        return (read ?? nil).map(Unchanged.readIn) ?? .since(snapshot)
    }
}
