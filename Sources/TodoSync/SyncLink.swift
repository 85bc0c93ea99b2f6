import TodoCore
import TodoHistory
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
    /// The tokens of the syncs started since the last that completed, the newest last (each
    /// committed here before the sync reached the hub: `HubMark`).
    package var attempts: [String] = []

    package var idsLeft: Int64 { max(0, lastID - nextID + 1) }

    static func read(_ file: any SQLSession) throws -> SyncLink? {
        try file.first("SELECT hub, hub_identity, holder, snapshot, own_change, last_sync, next_id, last_id, attempts FROM sync_link", []) {
            SyncLink(hub: try $0.text(0), hubIdentity: try $0.text(1), holder: try $0.text(2), snapshot: try $0.optionalText(3),
                     ownChange: try $0.optionalText(4), lastSync: try $0.optionalText(5), nextID: try $0.int64(6), lastID: try $0.int64(7),
                     attempts: try $0.text(8).split(separator: " ").map(String.init))
        }
    }

    func write(_ file: any SQLSession) throws {
        try file.run("""
            INSERT OR REPLACE INTO sync_link (id, hub, hub_identity, holder, snapshot, own_change, last_sync, next_id, last_id, attempts)
            VALUES (1, $1, $2, $3, $4, $5, $6, $7, $8, $9)
            """, [.text(hub), .text(hubIdentity), .text(holder), SQLValue(snapshot), SQLValue(ownChange), SQLValue(lastSync),
                  .integer(nextID), .integer(lastID), .text(attempts.joined(separator: " "))])
    }

    /// Notes a sync about to start, by a new token, in a transaction of its own committed before
    /// the sync's: a sync cut off after the hub's commit then leaves the hub naming a token this
    /// file holds (`HubMark`). Those of the syncs that failed before are kept (the last few).
    static func noteAttempt(_ file: any SQLRepository) throws {
        var uuids = UUIDMaker()
        let token = uuids.next().text
        try file.translatingErrors {
            try file.transaction(rollback: false, joining: false) {
                guard var link = try read(file.session) else { return }
                link.attempts = Array((link.attempts + [token]).suffix(Self.attemptsKept))
                try link.write(file.session)
            }
        }
    }

    static let attemptsKept = 16

    /// The file on its own again: the link, the base, the marks of changes and the conflicts go.
    static func remove(_ file: any SQLSession) throws {
        for table in ["sync_link", "sync_base_lists", "sync_base_tasks", "sync_gone_tasks", "sync_conflicts", "sync_changed_tasks", "sync_changed_lists"] { try file.run("DELETE FROM \(table)", []) }
    }
}
