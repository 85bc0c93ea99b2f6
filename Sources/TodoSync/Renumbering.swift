import TodoCore
import TodoSQL

/// The ids a sync changed, old → new, in a temporary table of the file rather than in memory (a
/// first sync may renumber a file's worth): the first sync's map (`IDs.renumber`), then each task
/// given another id on the way (`TaskSync`). It outlives the sync's transaction, so that the
/// report is printed from it once the sync committed (`Sync.forEachRenumbered`).
enum Renumbering {
    static func start(_ file: any SQLSession) throws {
        try file.run("DROP TABLE IF EXISTS temp.renumbered", [])
        try file.run("CREATE TEMP TABLE renumbered (uuid TEXT NOT NULL, old INTEGER NOT NULL, new INTEGER NOT NULL)", [])
        // Each task's new id is looked up by its old one (searched for, 100,000 tasks took 327 s).
        try file.run("CREATE INDEX temp.renumbered_by_old ON renumbered (old)", [])
        try file.run("CREATE INDEX temp.renumbered_by_uuid ON renumbered (uuid)", [])
    }

    /// The task `uuid` moved from `id` to `moved`. One moved earlier in this sync (its new id
    /// taken on the hub too) stays one entry, from the id it had to the one it ends with.
    static func note(_ file: any SQLSession, _ uuid: String, from id: Int64, to moved: Int64) throws {
        if try file.run("UPDATE temp.renumbered SET new = $2 WHERE uuid = $1", [.text(uuid), .integer(moved)]) == 0 {
            try file.run("INSERT INTO temp.renumbered (uuid, old, new) VALUES ($1, $2, $3)", [.text(uuid), .integer(id), .integer(moved)])
        }
    }

    static func count(_ file: any SQLSession) throws -> Int {
        try file.first("SELECT count(*) FROM temp.renumbered", []) { try $0.int(0) } ?? 0
    }

    /// In the order of the old ids.
    static func forEach(_ file: any SQLSession, _ body: (Renumbered) throws -> Void) throws {
        try file.forEachRow("SELECT old, new FROM temp.renumbered ORDER BY old, rowid", []) { try body(Renumbered(from: try $0.int64(0), to: try $0.int64(1))) }
    }
}
