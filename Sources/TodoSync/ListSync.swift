import TodoCore
import TodoSQL

/// The lists of one sync, matched by uuid (rule 5): a name changed on one side takes that side's;
/// changed on both, the hub's is kept and this file's is a conflict; a list new here whose name
/// the hub already has (two machines that each made `Groceries`) becomes the hub's list. A list
/// deleted on one side and unchanged on the other is only deleted once the tasks are through
/// (`finishDeletions`): a task kept in it (changed beats deleted) keeps it. A name another list
/// still holds is given once every list is through (`SyncSide.place`, `finish`).
struct ListSync {
    let file: SyncSide
    let hub: SyncSide
    /// The hub's snapshot this sync read in.
    let snapshot: String
    var report: SyncReport
    let recordConflict: (SyncConflict) throws -> Void
    /// Every list here is compared with the base, not only those marked changed.
    let everyList: Bool

    /// Lists changed on either side since the last sync, each made the same on both.
    mutating func run() throws {
        let f = file.session
        try f.run("DROP TABLE IF EXISTS temp.sync_lists", [])
        // `mine`: the name here before the sync, as the merge compares it (a list may be given a
        // passing name on the way); `wanted`: the name a list waits for while another has it.
        try f.run("CREATE TEMP TABLE sync_lists (uuid TEXT PRIMARY KEY, deleted_on TEXT, mine TEXT, wanted TEXT, wanted_on_hub TEXT) WITHOUT ROWID", [])
        try f.run("INSERT OR IGNORE INTO temp.sync_lists (uuid) SELECT uuid FROM temp.hub_lists UNION ALL \(ChangesHere.lists(everyList: everyList))", [])
        try f.run("UPDATE temp.sync_lists SET mine = (SELECT l.name FROM lists AS l WHERE l.uuid = sync_lists.uuid)", [])
        try file.forEachUUID(in: "temp.sync_lists") { try sync($0) }
    }

    private func name(_ uuid: String, _ name: String, on side: SyncSide, creating createdAt: String? = nil, _ unchanged: Unchanged? = nil) throws {
        try side.place(list: uuid, named: name, creating: createdAt, unchanged, noting: file.session)
    }

    /// Once the tasks are through: the deletions (`finishDeletions`), then each list waiting for
    /// a name gets it; two lists that would both end with one name become one (`merge`).
    mutating func finish() throws {
        try finishDeletions()
        for side in [file, hub] {
            let column = side.isHub ? "wanted_on_hub" : "wanted"
            try file.forEachUUID(in: "temp.sync_lists", where: "\(column) IS NOT NULL") { uuid in
                guard let name = try file.session.first("SELECT \(column) FROM temp.sync_lists WHERE uuid = $1", [.text(uuid)], { try $0.text(0) }),
                      try side.listID(uuid) != nil else { return }
                if let other = try side.list(named: name), other.uuid != uuid {
                    let spelledHere = side.isHub ? nil : try file.list(other.uuid)?.name
                    try merge(uuid, into: other.uuid, named: name, createdAt: nil)
                    if let spelledHere, !spelledHere.hasSameScalars(as: name) { try keepHubsSpelling(name, of: other.uuid, setAside: spelledHere) }
                    report.sent += 1
                    report.received += 1
                } else {
                    try side.renameList(uuid, to: name)
                    try setBase(uuid, name)
                }
            }
        }
    }

    /// Two lists that would end with one name (two made offline, a list kept for a task while
    /// the other side made a new one of its name, a rename onto a name the other side gave a
    /// list): one list, `kept`, with the tasks of both, on each side that has `uuid` (rule 5).
    /// This file's spelling of the one name, when it was another (`groceries` made here,
    /// `Groceries` on the hub), is set aside as a conflict of `name`: a name changed on both.
    private func merge(_ uuid: String, into kept: String, named name: String, createdAt: String?) throws {
        let yours = try nameHere(uuid)
        for side in [file, hub] {
            guard let from = try side.listID(uuid) else { continue }
            // `uuid` may hold the name `kept` is to have there: out of its way first.
            try side.renameList(uuid, to: SyncSide.passingName(uuid))
            let into = try side.listID(kept) ?? side.createList(kept, name: name, createdAt: createdAt)
            try side.session.run("UPDATE tasks SET list_id = $1 WHERE list_id = $2", [.integer(into), .integer(from)])
            try side.deleteList(uuid)
        }
        try file.session.run("UPDATE sync_base_tasks SET list_uuid = $1 WHERE list_uuid = $2", [.text(kept), .text(uuid)])
        try setBase(uuid, nil)
        try setBase(kept, name)
        if let yours, let now = try file.list(kept)?.name, !yours.hasSameScalars(as: now),
           Names.foldedForMatching(yours) == Names.foldedForMatching(now) {
            try conflict(kept, kept: now, yours: yours)
        }
    }

    /// A list renamed here onto the name (in another spelling) that the hub gave another list
    /// first, the two now one: it takes the hub's spelling on both sides, and this file's is set
    /// aside as a conflict of `name` (rule 2), as for two lists made offline.
    private func keepHubsSpelling(_ name: String, of uuid: String, setAside yours: String) throws {
        try file.renameList(uuid, to: name)
        try file.session.run("UPDATE temp.sync_lists SET wanted_on_hub = $2 WHERE uuid = $1 AND wanted_on_hub IS NOT NULL", [.text(uuid), .text(name)])
        // One with a passing name there gets it with the others (`finish`).
        if try hub.list(uuid).map({ !$0.name.hasSameScalars(as: name) && $0.name != SyncSide.passingName(uuid) }) == true {
            try hub.renameList(uuid, to: name)
        }
        try conflict(uuid, kept: name, yours: yours)
    }

    /// The name this file gave the list `uuid` before the sync (not a passing one the sync gave it).
    private func nameHere(_ uuid: String) throws -> String? {
        let before = try file.session.first("SELECT mine FROM temp.sync_lists WHERE uuid = $1", [.text(uuid)]) { try $0.optionalText(0) } ?? nil
        return try before ?? file.list(uuid)?.name
    }

    /// Whether the file's list `uuid` is new here: never agreed with the hub, nor there.
    private func isNewHere(_ uuid: String) throws -> Bool {
        try file.session.first("SELECT 1 FROM sync_base_lists WHERE uuid = $1", [.text(uuid)]) { _ in true } == nil
            && hub.listID(uuid) == nil
    }

    private mutating func sync(_ uuid: String) throws {
        let base = try file.session.first("SELECT name FROM sync_base_lists WHERE uuid = $1", [.text(uuid)]) { try $0.text(0) }
        let mine = try file.list(uuid).map { (name: try nameHere(uuid) ?? $0.name, createdAt: $0.createdAt) }
        // PostgreSQL's text holds no NUL character; SQLite's may (a list renamed with sqlite3).
        if let mine, mine.name.utf8.contains(0) { throw SyncFailure.cannotSendList(mine.name) }
        let staged = try HubChanges.list(uuid, in: file.session)
        // Unchanged on the hub: the hub has it as last agreed (or never had it).
        let theirs = try staged ?? base.map { _ in try hub.list(uuid) } ?? nil
        switch (mine, theirs) {
        case (nil, nil):
            try setBase(uuid, nil)
        case (nil, let theirs?):
            if let base, base.hasSameScalars(as: theirs.name) { return try markDeleted(uuid, on: "file") }
            if base != nil { try conflict(uuid, kept: "not deleted: renamed on the hub", yours: "deleted") }
            if let same = try file.list(named: theirs.name), same.uuid != uuid, try isNewHere(same.uuid) {
                try merge(same.uuid, into: uuid, named: theirs.name, createdAt: theirs.createdAt)
            } else {
                try name(uuid, theirs.name, on: file, creating: theirs.createdAt)
            }
            report.received += 1
            try setBase(uuid, theirs.name)
        case (let mine?, nil):
            if let base, base.hasSameScalars(as: mine.name) { return try markDeleted(uuid, on: "hub") }
            if base != nil { try conflict(uuid, kept: "not deleted: renamed here", yours: "renamed") }
            try sendNew(uuid, mine)
        case (let mine?, let theirs?):
            // Names compared by scalar: a rename to a canonically equivalent spelling is one.
            var name = theirs.name
            if !mine.name.hasSameScalars(as: theirs.name) {
                if base.hasSameScalars(as: theirs.name) {
                    name = mine.name
                    try self.name(uuid, name, on: hub, try unchangedOnHub(uuid))
                    report.sent += 1
                } else {
                    if !base.hasSameScalars(as: mine.name) { try conflict(uuid, kept: theirs.name, yours: mine.name) }
                    try self.name(uuid, name, on: file)
                    report.received += 1
                }
            }
            try setBase(uuid, name)
        }
    }

    /// A list new here: the hub's list of that name when it has one (its tasks moved there),
    /// else a new list there.
    private mutating func sendNew(_ uuid: String, _ mine: (name: String, createdAt: String)) throws {
        guard let same = try hub.list(named: mine.name), same.uuid != uuid else {
            try hub.createList(uuid, name: mine.name, createdAt: mine.createdAt)
            report.sent += 1
            return try setBase(uuid, mine.name)
        }
        // Made on both sides offline: one list, the hub's, which reached it first.
        guard let theirs = try hub.list(same.uuid) else { throw SyncFailure.listMissing(same.uuid) }
        try merge(uuid, into: same.uuid, named: theirs.name, createdAt: theirs.createdAt)
        report.received += 1
    }

    /// Deleted on `side` (and unchanged on the other): decided once the tasks are through.
    private func markDeleted(_ uuid: String, on side: String) throws {
        try file.session.run("UPDATE temp.sync_lists SET deleted_on = $1 WHERE uuid = $2", [.text(side), .text(uuid)])
    }

    /// Deletes on one side what the other deleted, unless the tasks brought it back there (a task
    /// in it changed since, or new).
    private mutating func finishDeletions() throws {
        try file.forEachUUID(in: "temp.sync_lists", where: "deleted_on IS NOT NULL") { uuid in
            let side = try file.session.first("SELECT deleted_on FROM temp.sync_lists WHERE uuid = $1", [.text(uuid)]) { try $0.text(0) }
            let (deleter, holder) = side == "file" ? (file, hub) : (hub, file)
            if let back = try deleter.list(uuid) {
                try setBase(uuid, back.name)
            } else if try holder.hasTasks(inList: uuid), let list = try holder.list(uuid) {
                try name(uuid, list.name, on: deleter, creating: list.createdAt)
                try setBase(uuid, list.name)
            } else {
                try holder.deleteList(uuid, side == "file" ? try unchangedOnHub(uuid) : nil)
                if side == "file" { report.sent += 1 } else { report.received += 1 }
                try setBase(uuid, nil)
            }
        }
    }

    private func unchangedOnHub(_ uuid: String) throws -> Unchanged {
        try HubChanges.unchanged(uuid, in: "hub_lists", file: file.session, snapshot: snapshot)
    }

    private func setBase(_ uuid: String, _ name: String?) throws {
        guard let name else {
            try file.session.run("DELETE FROM sync_base_lists WHERE uuid = $1", [.text(uuid)])
            return
        }
        try file.session.run("INSERT OR REPLACE INTO sync_base_lists (uuid, name) VALUES ($1, $2)", [.text(uuid), .text(name)])
    }

    private func conflict(_ uuid: String, kept: String?, yours: String?) throws {
        try recordConflict(SyncConflict(id: 0, task: nil, uuid: uuid, field: "name", kept: kept, yours: yours, at: file.now))
    }
}

extension SyncSide {
    /// The name a list has on the way to its own, while another list holds that.
    static func passingName(_ uuid: String) -> String { "todo sync: " + uuid }

    /// Names this side's list `uuid` (given `createdAt`: makes it), or, while another list here
    /// has that name (one renamed or deleted on the other side, not yet come to, or two names
    /// swapped), gives it a passing name, and notes in the file the name it waits for
    /// (`ListSync.finish`).
    func place(list uuid: String, named name: String, creating createdAt: String? = nil, _ unchanged: Unchanged? = nil,
               noting file: any SQLSession) throws {
        var now = name
        if let other = try list(named: name), other.uuid != uuid {
            now = Self.passingName(uuid)
            let column = isHub ? "wanted_on_hub" : "wanted"
            try file.run("INSERT INTO temp.sync_lists (uuid, \(column)) VALUES ($1, $2) ON CONFLICT (uuid) DO UPDATE SET \(column) = excluded.\(column)",
                         [.text(uuid), .text(name)])
        }
        if let createdAt { try createList(uuid, name: now, createdAt: createdAt) } else { try renameList(uuid, to: now, unchanged) }
    }
}
