/// Which changes the history holds: the last `limit` ones, by id. A new change takes the next
/// id after the newest change kept, so the ids are one run with no gaps and the window is an
/// id range.
///
/// The file may hold up to `slack` older ones besides, which nothing shows or undoes: pruning
/// deletes through the foreign keys' cascade, a statement that costs a single-task command more
/// to prepare than all its other history work, so it runs on every `slack`-th change instead of
/// on each. Its cost is what it deletes, found by id range, however long the history is.
struct HistoryWindow {
    let limit: Int

    var slack: Int64 { Int64(max(1, limit / 10)) }

    /// Where the changes shown and undone start: the newest `limit` ids of the table.
    static let visible = "id > (SELECT coalesce(max(id), 0) FROM history) - ?"

    /// The id a new change takes: one after the newest change, or the newest's own id when it
    /// is undone, which makes the insert fail on purpose (see `insert`).
    static let nextID = "coalesce((SELECT CASE WHEN undone THEN id ELSE id + 1 END FROM history ORDER BY id DESC LIMIT 1), 1)"

    /// Inserts a change's row with `insert` (whose id is `nextID`), and returns its id. When the
    /// newest changes are undone (they always are the newest: undo takes the newest not undone,
    /// redo the oldest undone), the insert is refused; they are dropped, as a new change drops
    /// what could have been redone, and the change takes the id after the newest one kept.
    func insert(_ insert: String, _ values: [(any SQLBindable)?], in db: Connection) throws -> Int64 {
        do {
            try db.cached(insert).bind(values).run()
        } catch let error as SQLiteError where error.isUniqueViolation {
            try db.run("DELETE FROM history WHERE id > coalesce((SELECT id FROM history WHERE undone = 0 ORDER BY id DESC LIMIT 1), 0)")
            try db.cached(insert).bind(values).run()
        }
        let id = db.lastInsertedRowID
        // Ids written by hand near the smallest integer have nothing older to prune.
        let (oldest, overflow) = id.subtractingReportingOverflow(Int64(limit))
        if id % slack == 0, !overflow { try db.run("DELETE FROM history WHERE id <= ?", oldest) }
        return id
    }

    /// With a limit of 0: nothing is kept, so what was kept before goes too (it could no longer
    /// be undone past this change safely).
    static func clear(in db: Connection) throws {
        guard try db.cached("SELECT 1 FROM history LIMIT 1").bind([]).first({ _ in true }) != nil else { return }
        try db.execute("DELETE FROM history")
    }
}
