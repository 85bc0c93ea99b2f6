import TodoCore
import TodoHistory
import TodoSQL

/// `todo sync`: one exchange between a file and its hub, in one transaction on each. The hub's
/// commits first: a sync cut off before the file's commits leaves the hub with what was sent and
/// the file as it was, and the next sync sends and receives it all again, which changes nothing
/// twice (every write makes a row what the merge says it is).
package enum Sync {
    /// `todo sync init`: links `file` to `hub` (shown as `shown`) and makes the two agree. The
    /// hub's lists and tasks come in and the file's go out, one task per uuid. If the hub has
    /// tasks, this file's other tasks take ids it reserves (the report says which), and the
    /// history, which names the old ids, is cleared.
    package static func link(file: any SQLRepository, hub: any SQLRepository, shown: String, block: Int64, now: String) throws -> SyncReport {
        try inBoth(file, hub) {
            if let link = try SyncLink.read(file.session) { throw SyncFailure.alreadyLinked(hub: link.hub) }
            var uuids = UUIDMaker()
            var link = SyncLink(hub: shown, hubIdentity: try identity(of: hub.session), holder: uuids.next().text, nextID: 1, lastID: 0,
                                attempts: [uuids.next().text])
            return try exchange(file.session, hub.session, &link, behind: nil, cutOff: nil, copied: false,
                                history: file.historyLimit, block: block, now: now)
        }
    }

    /// `todo sync`: sends what changed here, receives what changed on the hub (at `shown`). A
    /// hub that is not as this file left it (rule 10) gets everything this file has again: one
    /// reset or restored into a new database at the linked URL, or one restored from a backup
    /// older than this file's last sync (`HubMark`). Another database at another URL is refused.
    package static func run(file: any SQLRepository, hub: any SQLRepository, shown: String, block: Int64, now: String) throws -> SyncReport {
        try SyncLink.noteAttempt(file)
        return try inBoth(file, hub) {
            guard var link = try SyncLink.read(file.session) else { throw SyncFailure.notLinked }
            let found = try identity(of: hub.session)
            var behind: Behind?, cutOff: [String]?, copied = false
            if found != link.hubIdentity {
                guard shown == link.hub else { throw SyncFailure.otherHub(linked: link.hubIdentity, found: found) }
                let sameCluster = found.prefix { $0 != "/" } == link.hubIdentity.prefix { $0 != "/" }
                behind = Behind(newsAfter: try HubMark.newsAfter(hub.session, link, sameCluster: sameCluster))
                link.hubIdentity = found
            } else {
                switch try HubMark.found(hub.session, link) {
                case .asLeft: break
                case .cutOff(let marks): cutOff = marks
                case .behind: behind = Behind(newsAfter: try HubMark.newsAfter(hub.session, link, sameCluster: true))
                case .copied: copied = true
                }
            }
            return try exchange(file.session, hub.session, &link, behind: behind, cutOff: cutOff, copied: copied,
                                history: file.historyLimit, block: block, now: now)
        }
    }

    /// The link of `file`, if it has one: where a sync goes.
    package static func link(of file: any SQLRepository) throws -> SyncLink? {
        try file.translatingErrors { try SyncLink.read(file.session) }
    }

    /// `body` in a transaction on the file holding the file, around one on the hub holding the
    /// hub's writers' lock.
    private static func inBoth<T>(_ file: any SQLRepository, _ hub: any SQLRepository, _ body: () throws -> T) throws -> T {
        try file.translatingErrors {
            try file.transaction(rollback: false, joining: false) {
                do {
                    return try hub.translatingErrors { try hub.transaction(rollback: false, joining: false, body) }
                } catch TodoError.textNotUTF8(let id, let field) {
                    // Found after this file's tasks took other ids (the hub's, at a first sync),
                    // which the failure undoes: named by the id the file keeps.
                    let kept = try? file.session.first("SELECT old FROM temp.renumbered WHERE new = $1", [.integer(id)]) { try $0.int64(0) }
                    throw TodoError.textNotUTF8((kept ?? nil) ?? id, field: field)
                }
            }
        }
    }

    /// `behind`: the hub is not as this file left it; everything it has is read, and this file's
    /// lists and tasks are sent (`HubMark.rebase`). `cutOff`: the transactions of this file's
    /// last syncs, which reached the hub and not the file (`HubMark.adopt`). `history`: how many
    /// changes the file's history keeps, where what this sync received is one (not at the first,
    /// which may renumber). `copied`: a copy of this file synced as the same holder since its
    /// last sync; the sync is as any other (both files' changes are news to each other), and
    /// then this file becomes a holder of its own, with a block of ids of its own, so that the
    /// two stop taking each other's marks for a hub gone back.
    private static func exchange(_ file: any SQLSession, _ hub: any SQLSession, _ link: inout SyncLink, behind: Behind?, cutOff: [String]?,
                                 copied: Bool, history: Int, block: Int64, now: String) throws -> SyncReport {
        let first = link.snapshot == nil
        // Taken before anything is read: what commits after it is read now or the next time.
        // The lists' counts are written once, at the end (`todo_count_now`, postgres/0008): a
        // statement at a time, a long sync's writes slowed each other down.
        let (snapshot, own) = try hub.first("SELECT pg_current_snapshot()::text, pg_current_xact_id()::text, todo_count_later()::text", []) {
            (try $0.text(0), try $0.text(1))
        }!
        try HubChanges.stage(from: hub, into: file, since: first || behind != nil ? nil : link)
        // A first sync, or one whose base was remade: every row here is compared with the base.
        let everyRow = first || behind != nil || cutOff != nil
        try UnreadableValues.refuseFromFile(file, everyRow: everyRow)
        let (fileSide, hubSide) = (SyncSide(session: file, now: now, isHub: false), SyncSide(session: hub, now: now, isHub: true))
        var report = SyncReport(hub: link.hub)
        report.conflictsAfter = try file.first("SELECT coalesce(max(id), 0) FROM sync_conflicts", []) { try $0.int64(0) } ?? 0
        try Renumbering.start(file)
        if first {
            // Ids are the hub's to give once it gave any (a task, or a block to a file linked
            // before): this file's then take new ones. Else they stay, and the hub gives none of
            // them again, nor any this file gave to a task deleted since.
            if try hub.first("SELECT EXISTS (SELECT 1 FROM tasks) OR EXISTS (SELECT 1 FROM id_blocks)", [], { try $0.bool(0) }) == true {
                try IDs.renumber(file, hub, holder: link.holder, &report)
            } else {
                try IDs.numberPast(file, on: hub)
            }
        } else if let behind {
            report.hubBehind = try HubMark.rebase(file, newsAfter: behind.newsAfter)
            // A hub that went back may hand out this file's ids again: before anything is sent,
            // it is numbered past every id this file gave, and this file takes a new block.
            try IDs.numberPast(file, on: hub)
            (link.nextID, link.lastID) = try IDs.reserve(block, on: hub, holder: link.holder)
            try link.write(file)
        } else if let cutOff {
            try HubMark.adopt(madeIn: cutOff, nextID: link.nextID, file)
        }
        if !first { try ReceivedChanges.watch(file) }
        let record = { (conflict: SyncConflict) in try Conflicts.record(conflict, in: file) }
        var lists = ListSync(file: fileSide, hub: hubSide, snapshot: snapshot, report: report, recordConflict: record, everyList: everyRow)
        try lists.run()
        let holder = link.holder
        var tasks = TaskSync(file: fileSide, hub: hubSide, snapshot: snapshot, report: lists.report, recordConflict: record,
                             ownIDs: first || behind != nil ? nil : try IDs.blocks(of: holder, on: hub),
                             firstSync: first,
                             everyTask: everyRow) {
            try IDs.take(file, hub, holder: holder)
        }
        try tasks.run()
        lists.report = tasks.report
        try lists.finish()
        report = lists.report
        if !first { try ReceivedChanges.record(file, from: link.hub, at: now, limit: history) }
        // Ids taken on the way (`IDs.take`) were taken in the file's row.
        if let stored = try SyncLink.read(file) { (link.nextID, link.lastID) = (stored.nextID, stored.lastID) }
        if copied {
            var uuids = UUIDMaker()
            link.holder = uuids.next().text
            report.separatedFromCopy = true
        }
        if first || copied || link.idsLeft * 2 < block {
            (link.nextID, link.lastID) = try IDs.reserve(block, on: hub, holder: link.holder)
        }
        try hub.run("SELECT todo_count_now()", [])
        try HubMark.leave(on: hub, link, own: own)
        (link.snapshot, link.ownChange, link.lastSync, link.attempts) = (snapshot, own, now, Array(link.attempts.suffix(1)))
        try link.write(file)
        report.conflicts = try file.first("SELECT count(*) FROM sync_conflicts WHERE id > $1", [.integer(report.conflictsAfter)]) { try $0.int(0) } ?? 0
        report.renumbered = try Renumbering.count(file)
        try ChangesHere.forgetAgreed(file)
        for table in ["hub_lists", "hub_tasks", "sync_lists", "sync_tasks"] { try file.run("DROP TABLE temp.\(table)", []) }
        return report
    }

    /// A hub not as this file left it: rows it wrote after `newsAfter` (this file's last sync)
    /// are news; the rest is older than this file's (`HubMark.rebase`).
    private struct Behind {
        let newsAfter: Int64?
    }

    /// Which database the hub is: a restored copy or another server is told apart from it.
    private static func identity(of hub: any SQLSession) throws -> String {
        try hub.first("""
            SELECT (SELECT system_identifier FROM pg_control_system())::text || '/' || d.oid::text
            FROM pg_database AS d WHERE d.datname = current_database()
            """, []) { try $0.text(0) } ?? ""
    }
}
