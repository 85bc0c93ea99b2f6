import TodoCore
import TodoSQL

/// A file's link to its hub (the file's `sync_link` row, migration 0008).
package struct SyncLink: Equatable, Sendable {
    /// The hub's URL, without a password.
    package var hub: String
    /// Which database the hub is (its cluster's system identifier and the database's oid).
    package var hubIdentity: String
    /// This file, as the hub's id blocks name it.
    package var holder: String
    /// The hub's snapshot the last sync read in, and that sync's own transaction there.
    package var snapshot: String?
    package var ownChange: String?
    package var lastSync: String?
    /// The next id to hand out and the last reserved.
    package var nextID: Int64
    package var lastID: Int64

    package var idsLeft: Int64 { max(0, lastID - nextID + 1) }

    static func read(_ file: any SQLSession) throws -> SyncLink? {
        try file.first("SELECT hub, hub_identity, holder, snapshot, own_change, last_sync, next_id, last_id FROM sync_link", []) {
            SyncLink(hub: try $0.text(0), hubIdentity: try $0.text(1), holder: try $0.text(2), snapshot: try $0.optionalText(3),
                     ownChange: try $0.optionalText(4), lastSync: try $0.optionalText(5), nextID: try $0.int64(6), lastID: try $0.int64(7))
        }
    }

    func write(_ file: any SQLSession) throws {
        try file.run("""
            INSERT OR REPLACE INTO sync_link (id, hub, hub_identity, holder, snapshot, own_change, last_sync, next_id, last_id)
            VALUES (1, $1, $2, $3, $4, $5, $6, $7, $8)
            """, [.text(hub), .text(hubIdentity), .text(holder), SQLValue(snapshot), SQLValue(ownChange), SQLValue(lastSync),
                  .integer(nextID), .integer(lastID)])
    }

    /// The file on its own again: the link, the base, the marks of changes and the conflicts go.
    static func remove(_ file: any SQLSession) throws {
        for table in ["sync_link", "sync_base_lists", "sync_base_tasks", "sync_gone_tasks", "sync_conflicts", "sync_changed_tasks", "sync_changed_lists"] { try file.run("DELETE FROM \(table)", []) }
    }
}
