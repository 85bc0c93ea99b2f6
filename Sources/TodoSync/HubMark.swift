import TodoCore
import TodoSQL

/// Whether the hub is as this file left it (rule 10), by the mark each sync leaves there
/// (postgres/0006), and what a sync does when it is not: a hub reset, or restored from a backup
/// older than this file's last sync, is never taken for news that would undo this file's work.
enum HubMark {
    /// How the hub stands to this file.
    enum Found: Equatable {
        /// As the file's last sync left it.
        case asLeft
        /// The file's last syncs reached the hub, but the file never committed them (cut off
        /// between the two commits): `marks` are their transactions there.
        case cutOff(marks: [String])
        /// Reset, or restored from a backup older than the file's last sync.
        case behind
        /// As another file with this file's link left it, after this file's last sync: a copy
        /// of this file (`todo db backup`, a restored backup) synced in between, as the same
        /// holder.
        case copied
    }

    /// Where the hub stands, by its mark for this file: naming the file's last sync, or where
    /// the sync after it started (that one reached the hub; the file never committed it).
    static func found(_ hub: any SQLSession, _ link: SyncLink) throws -> Found {
        let holder = SQLValue.text(link.holder)
        if let (mark, startedFrom, cutOff, attempt) = try hub.first("SELECT mark, started_from, cut_off, attempt FROM sync_marks WHERE holder = $1", [holder], {
            (try $0.text(0), try $0.optionalText(1), try $0.text(2), try $0.optionalText(3))
        }) {
            if mark == link.ownChange { return .asLeft }
            if startedFrom != nil, startedFrom == link.ownChange {
                // This file's sync, cut off, if it left a token this file noted before it (one
                // left by a todo before tokens, or found by one, is taken for this file's); else a
                // copy of this file synced since, standing where this file stands.
                guard let attempt, !link.attempts.isEmpty, !link.attempts.contains(attempt) else {
                    return .cutOff(marks: cutOff.split(separator: " ").map(String.init) + [mark])
                }
                return .copied
            }
            // A mark newer than this file's last sync, on a cluster still counting up from it,
            // was left after it by a file with the same link: a copy.
            guard let own = link.ownChange, UInt64(mark) != nil, UInt64(own) != nil else { return .behind }
            let newer = try hub.first("SELECT $1::xid8 > $2::xid8 AND pg_current_xact_id() > $2::xid8", [.text(mark), .text(own)]) {
                try $0.bool(0)
            }
            return newer == true ? .copied : .behind
        }
        // No mark at all, but this file's id blocks: a hub linked before it kept marks.
        let before = try hub.first("""
            SELECT NOT EXISTS (SELECT 1 FROM sync_marks) AND EXISTS (SELECT 1 FROM id_blocks WHERE holder = $1)
            """, [holder]) { try $0.bool(0) } ?? false
        return before ? .asLeft : .behind
    }

    /// After a sync cut off between the two commits (`cutOff`): the lists and tasks that sync
    /// made on the hub were this file's, sent; the file, which never took them for agreed, gets
    /// them as its base, so that what it did to them since (an edit, a deletion) is its change,
    /// not a conflict with itself, nor undone by the hub's copy. (A row that sync changed, not
    /// made, keeps the base it had: what of it was this file's and what the hub's is not known,
    /// and a field changed here again since is a conflict, listed.)
    ///
    /// A task is adopted only with an id this file had handed out (below `nextID`) and has given
    /// no other task: a copy of this file restored from a backup also stands where the hub's
    /// mark says a cut-off sync started, and the tasks it added after the backup and sent come
    /// back to it, as received (one whose id the copy gave again takes another).
    static func adopt(madeIn marks: [String], nextID: Int64, _ file: any SQLSession) throws {
        for mark in marks {
            try file.run("""
                INSERT INTO sync_base_tasks (uuid, \(SyncedRows.fields)) SELECT h.uuid, \(SyncedRows.fields(of: "h")) FROM temp.hub_tasks AS h
                WHERE h.changed_in = $1 AND h.id < $2 AND NOT EXISTS (SELECT 1 FROM tasks AS t WHERE t.id = h.id AND t.uuid <> h.uuid)
                    AND NOT EXISTS (SELECT 1 FROM sync_base_tasks AS b WHERE b.uuid = h.uuid)
                    AND NOT EXISTS (SELECT 1 FROM sync_gone_tasks AS g WHERE g.uuid = h.uuid)
                """, [.text(mark), .integer(nextID)])
            try file.run("""
                INSERT INTO sync_base_lists (uuid, name) SELECT h.uuid, h.name FROM temp.hub_lists AS h
                WHERE h.changed_in = $1 AND h.name IS NOT NULL AND NOT EXISTS (SELECT 1 FROM sync_base_lists AS b WHERE b.uuid = h.uuid)
                """, [.text(mark)])
        }
    }

    /// Leaves this sync's mark: its transaction `own`, where the file stood before it, and the
    /// token the file noted for it (`SyncLink.noteAttempt`).
    static func leave(on hub: any SQLSession, _ link: SyncLink, own: String) throws {
        try hub.run("""
            INSERT INTO sync_marks AS m (holder, mark, started_from, attempt) VALUES ($1, $2, $3, $4)
            ON CONFLICT (holder) DO UPDATE SET mark = excluded.mark, started_from = excluded.started_from, attempt = excluded.attempt,
                cut_off = CASE WHEN m.started_from IS NOT DISTINCT FROM excluded.started_from THEN ltrim(m.cut_off || ' ' || m.mark) ELSE '' END
            """, [.text(link.holder), .text(own), SQLValue(link.ownChange), SQLValue(link.attempts.last)])
    }

    /// Whether rows on the hub written after this file's last sync can be told from older ones
    /// (restored, or left from before): the transaction of that sync, when the hub's transactions
    /// still count up from it (the same cluster, not rolled back by a restore of the whole
    /// cluster); else nil, and every row of the hub is taken for older than this file's.
    static func newsAfter(_ hub: any SQLSession, _ link: SyncLink, sameCluster: Bool) throws -> Int64? {
        guard sameCluster, let own = link.ownChange, let mark = Int64(own) else { return nil }
        return try hub.first("SELECT pg_current_xact_id() > $1::xid8", [.text(own)]) { try $0.bool(0) } == true ? mark : nil
    }

    /// With everything the hub has staged (`HubChanges`), makes the base what the hub has for
    /// each row older than this file's last sync (`newsAfter`) that this file has, had, or deleted
    /// once it was agreed, and drops the base of what the hub lacks: the merges then keep this
    /// file's lists and tasks over the hub's older ones, send what the hub lacks, delete there
    /// what this file deleted, and take the hub's news (written since this file's last sync, by
    /// another file sending its own again, say) as any sync does.
    static func rebase(_ file: any SQLSession, newsAfter: Int64?) throws -> HubBehind {
        let older = "($1 IS NULL OR CAST(h.changed_in AS INTEGER) <= $1)", after: [SQLValue] = [newsAfter.map(SQLValue.integer) ?? .null]
        let differs = SyncedRows.columns.map { "m.\($0) IS NOT h.\($0)" }.joined(separator: " OR ")
        let counts = try file.first("""
            SELECT (SELECT count(*) FROM tasks AS t WHERE NOT EXISTS (SELECT 1 FROM temp.hub_tasks AS h WHERE h.uuid = t.uuid))
                 + (SELECT count(*) FROM lists AS l WHERE NOT EXISTS (SELECT 1 FROM temp.hub_lists AS h WHERE h.uuid = l.uuid)),
                   (SELECT count(*) FROM \(SyncedRows.live(file.dialect)) AS m JOIN temp.hub_tasks AS h ON h.uuid = m.uuid WHERE \(older) AND (\(differs)))
                 + (SELECT count(*) FROM lists AS l JOIN temp.hub_lists AS h ON h.uuid = l.uuid WHERE \(older) AND l.name IS NOT h.name COLLATE BINARY)
            """, after) { HubBehind(lacked: try $0.int(0), hadOtherwise: try $0.int(1)) } ?? HubBehind(lacked: 0, hadOtherwise: 0)
        try file.run("DELETE FROM sync_base_tasks WHERE NOT EXISTS (SELECT 1 FROM temp.hub_tasks AS h WHERE h.uuid = sync_base_tasks.uuid)", [])
        try file.run("""
            INSERT OR REPLACE INTO sync_base_tasks (uuid, \(SyncedRows.fields)) SELECT h.uuid, \(SyncedRows.fields(of: "h")) FROM temp.hub_tasks AS h
            WHERE \(older) AND (EXISTS (SELECT 1 FROM tasks AS t WHERE t.uuid = h.uuid) OR EXISTS (SELECT 1 FROM sync_base_tasks AS b WHERE b.uuid = h.uuid))
               OR EXISTS (SELECT 1 FROM sync_gone_tasks AS g WHERE g.uuid = h.uuid)
            """, after)
        try file.run("DELETE FROM sync_base_lists WHERE NOT EXISTS (SELECT 1 FROM temp.hub_lists AS h WHERE h.uuid = sync_base_lists.uuid)", [])
        try file.run("""
            INSERT OR REPLACE INTO sync_base_lists (uuid, name) SELECT h.uuid, h.name FROM temp.hub_lists AS h
            WHERE \(older) AND (EXISTS (SELECT 1 FROM lists AS l WHERE l.uuid = h.uuid) OR EXISTS (SELECT 1 FROM sync_base_lists AS b WHERE b.uuid = h.uuid))
            """, after)
        return counts
    }
}
