/// What one sync did: how many lists and tasks it sent to the hub and received from it, how many
/// conflicts it found, and how many of this file's tasks took other ids (at the first, `todo sync
/// init`, from the hub). The conflicts and the ids are counted, not held: a sync may find one per
/// task, so they are read from the file afterwards, one at a time (`Sync.forEachConflict`,
/// `Sync.forEachRenumbered`).
public struct SyncReport: Equatable, Sendable {
    public var hub: String
    public var sent = 0
    public var received = 0
    public var conflicts = 0
    /// The file's conflicts this sync found are those after this one.
    public var conflictsAfter: Int64 = 0
    /// The tasks whose ids changed (a first sync with a hub that gave ids, a task given its id by
    /// hand).
    public var renumbered = 0
    /// Whether the history was cleared because ids it names changed.
    public var clearedHistory = false
    /// Set when the hub was not as this file left it (reset, or restored from an older backup):
    /// this file's lists and tasks were sent again.
    public var hubBehind: HubBehind?
    /// Set when a copy of this file (with its link) had synced since this file's last sync: this
    /// file now syncs as a file of its own, with ids of its own.
    public var separatedFromCopy = false

    public init(hub: String) {
        self.hub = hub
    }
}

/// A hub found behind this file (rule 10): how many of this file's lists and tasks it did not
/// have, and how many it had otherwise (older, or changed there since it went back), which are
/// now as this file has them.
public struct HubBehind: Equatable, Sendable {
    public var lacked: Int
    public var hadOtherwise: Int

    public init(lacked: Int, hadOtherwise: Int) {
        (self.lacked, self.hadOtherwise) = (lacked, hadOtherwise)
    }
}

/// A task of this file that took another id: old → new.
public struct Renumbered: Equatable, Sendable {
    public var from: Int64
    public var to: Int64

    public init(from: Int64, to: Int64) {
        (self.from, self.to) = (from, to)
    }
}

/// A field both sides changed: the hub's value was kept, and this file's is here until
/// dismissed (`todo sync conflicts --dismiss ID`).
public struct SyncConflict: Equatable, Sendable {
    public var id: Int64
    /// The task's id; nil for a list's name.
    public var task: Int64?
    public var uuid: String
    /// `title`, …; `deleted` where a change met a deletion; `name` for a list.
    public var field: String
    public var kept: String?
    public var yours: String?
    public var at: String

    public init(id: Int64, task: Int64?, uuid: String, field: String, kept: String?, yours: String?, at: String) {
        (self.id, self.task, self.uuid, self.field, self.kept, self.yours, self.at) = (id, task, uuid, field, kept, yours, at)
    }
}

/// Where the link stands (`todo sync status`).
public struct SyncStatus: Equatable, Sendable {
    public init(hub: String, lastSync: String?, waiting: Int, idsLeft: Int64) {
        (self.hub, self.lastSync, self.waiting, self.idsLeft) = (hub, lastSync, waiting, idsLeft)
    }

    public var hub: String
    public var lastSync: String?
    /// Lists and tasks changed here since the last sync.
    public var waiting: Int
    public var idsLeft: Int64
}
