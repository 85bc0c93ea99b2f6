import TodoCore
import TodoHistory
import TodoSQL

/// What the link keeps in the file alone: nothing here reaches the hub.
extension Sync {
    /// `todo sync status`.
    package static func status(of file: any SQLRepository) throws -> SyncStatus {
        try file.translatingErrors {
            let session = file.session
            guard let link = try SyncLink.read(session) else { throw SyncFailure.notLinked }
            // Never synced (no snapshot): everything here waits, marked or not.
            let every = link.snapshot == nil
            let waiting = try session.first("""
                SELECT (SELECT count(*) FROM (\(ChangesHere.tasks(session, everyTask: every))))
                     + (SELECT count(*) FROM (\(ChangesHere.lists(everyList: every))))
                """, []) {
                try $0.int(0)
            } ?? 0
            return SyncStatus(hub: link.hub, lastSync: link.lastSync, waiting: waiting, idsLeft: link.idsLeft)
        }
    }

    /// `todo sync conflicts`: those not dismissed, oldest first.
    package static func forEachConflict(in file: any SQLRepository, _ body: (SyncConflict) throws -> Void) throws {
        try file.translatingErrors {
            guard try SyncLink.read(file.session) != nil else { throw SyncFailure.notLinked }
            try file.session.forEachRow("\(Conflicts.select) WHERE dismissed = 0 ORDER BY id", []) { try body(try Conflicts.read($0)) }
        }
    }

    /// The conflicts the sync that made `report` found, read once it committed.
    package static func forEachConflict(foundBy report: SyncReport, in file: any SQLRepository, _ body: (SyncConflict) throws -> Void) throws {
        try file.translatingErrors {
            try file.session.forEachRow("\(Conflicts.select) WHERE id > $1 ORDER BY id", [.integer(report.conflictsAfter)]) { try body(try Conflicts.read($0)) }
        }
    }

    /// The ids the last sync on `file` (this process's) changed, old → new, read once it committed.
    package static func forEachRenumbered(in file: any SQLRepository, _ body: (Renumbered) throws -> Void) throws {
        try file.translatingErrors { try Renumbering.forEach(file.session, body) }
    }

    /// `todo sync conflicts --dismiss ID...`: all or none (an id that is no conflict, or one
    /// dismissed already, changes nothing).
    package static func dismiss(_ ids: [Int64], in file: any SQLRepository) throws {
        try file.translatingErrors {
            try file.transaction(rollback: false, joining: false) {
                for id in ids where try file.session.run("UPDATE sync_conflicts SET dismissed = 1 WHERE id = $1 AND dismissed = 0", [.integer(id)]) == 0 {
                    throw SyncFailure.noConflict(id)
                }
            }
        }
    }

    /// `todo sync unlink`: the hub it was linked to.
    package static func unlink(_ file: any SQLRepository) throws -> String {
        try file.translatingErrors {
            try file.transaction(rollback: false, joining: false) {
                guard let link = try SyncLink.read(file.session) else { throw SyncFailure.notLinked }
                try SyncLink.remove(file.session)
                return link.hub
            }
        }
    }
}
