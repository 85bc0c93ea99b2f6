import TodoSQL

/// What a large import (or the undo or redo of one) sets aside while it stores or deletes rows,
/// and rebuilds once at the end, inside the same transaction (so a crash leaves all of it or
/// none).
///
/// Kept row by row, the display-order index, the agenda index, the search index and the list
/// counts cost several times the insert itself; built once from the finished table they cost a
/// fraction of that. Their definitions are read from the file and put back exactly as they were,
/// so `todo db check` finds the schema unchanged.
struct BulkLoad {
    /// Imports smaller than this keep everything up to date row by row.
    static let minimumRows = 20_000

    /// Derived from `tasks`, and rebuilt at the end: the search index by `rebuild`, the counts by
    /// counting, the indexes by creating them. (The triggers of the other work stay.)
    static func setAside(_ work: BulkWork) -> [String] {
        switch work {
        // (`tasks_uuid_made` is for rows written without a uuid: an import gives every row one.)
        case .inserting: ["tasks_search_insert", "tasks_count_insert", "tasks_uuid_made", "tasks_by_list_in_display_order", "tasks_open_by_due"]
        case .deleting: ["tasks_search_delete", "tasks_count_delete", "tasks_by_list_in_display_order", "tasks_open_by_due"]
        // (Each id changed row by row rewrote the task's search entry: 16 s for 100,000 tasks.)
        case .renumbering: ["tasks_search_update", "tasks_by_list_in_display_order", "tasks_open_by_due"]
        }
    }

    /// Whether `rows` coming or going pay to be done in bulk in a table of `tableRows`: rebuilding
    /// costs in proportion to the table as it will be, so only when the rows outnumber the rest.
    static func pays(for rows: Int, in tableRows: Int, _ work: BulkWork) -> Bool {
        // Counts damaged by hand can be anything: never past the integers' ends.
        // (Rows renumbered are in the table already, as rows deleted are.)
        let rest = work == .inserting ? tableRows : tableRows.subtractingReportingOverflow(rows).partialValue
        return rows > max(minimumRows, rest)
    }

    /// What a bulk load holds in memory, whatever its size: SQLite's page cache (and so each of
    /// its sorts, as large) at 1 MiB rather than its default 2, and the search index's pending
    /// terms flushed at 256 KiB rather than 1 MiB (FTS5's `hashsize`, which it overruns about
    /// twofold). A first sync of 1,000,000 tasks peaked 1.5 MiB lower, in the same time.
    static let cacheKiB = 1024
    static let searchTermsBytes = 262_144

    private let db: Connection
    /// (type, SQL) of what was dropped, in `setAside` order.
    private let dropped: [(type: String, sql: String)]
    /// `cache_size` as it was before.
    private let cacheSize: Int64

    static func start(_ db: Connection, _ work: BulkWork = .inserting) throws -> BulkLoad {
        let cacheSize = try db.cached("PRAGMA cache_size").bind([]).first { $0.int64(0) } ?? -2000
        try db.execute("PRAGMA cache_size = -\(cacheKiB)")
        var dropped: [(type: String, sql: String)] = []
        for name in Self.setAside(work) {
            guard let (type, sql) = try db.cached("SELECT type, sql FROM sqlite_schema WHERE name = ?")
                .bind([name]).first({ ($0.text(0), $0.text(1)) })
            else { continue }
            try db.execute("DROP \(type == "trigger" ? "TRIGGER" : "INDEX") \(name)")
            dropped.append((type, sql))
        }
        return BulkLoad(db: db, dropped: dropped, cacheSize: cacheSize)
    }

    func finish() throws {
        for (type, sql) in dropped where type == "index" { try db.execute(sql) }
        try rebuildSearchIndex()
        try db.execute("""
            UPDATE lists SET
                open_count = (SELECT count(*) FROM tasks WHERE list_id = lists.id AND done = 0),
                done_count = (SELECT count(*) FROM tasks WHERE list_id = lists.id AND done = 1)
            """)
        for (type, sql) in dropped where type == "trigger" { try db.execute(sql) }
        try db.execute("PRAGMA cache_size = \(cacheSize)")
    }

    /// FTS5 keeps `hashsize` in the index's own table: the row is gone again before the commit,
    /// so no other process ever sees it. One set by hand (with `sqlite3`) is kept, and used.
    private func rebuildSearchIndex() throws {
        let setByHand = try db.cached("SELECT EXISTS (SELECT 1 FROM tasks_search_config WHERE k = 'hashsize')").bind([]).first { $0.bool(0) } ?? false
        if !setByHand {
            try db.execute("INSERT INTO tasks_search (tasks_search, rank) VALUES ('hashsize', \(Self.searchTermsBytes))")
        }
        try db.execute("INSERT INTO tasks_search (tasks_search) VALUES ('rebuild')")
        if !setByHand { try db.execute("DELETE FROM tasks_search_config WHERE k = 'hashsize'") }
    }
}
