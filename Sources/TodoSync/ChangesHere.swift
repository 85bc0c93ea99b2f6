import TodoSQL

/// What changed in the file since the last sync: the lists and tasks that differ from the base,
/// new, changed (by todo or by hand with sqlite3) or deleted. Triggers of a linked file
/// (migration 0010) mark the uuid of every row written since, and a sync compares only those;
/// a first sync, or one whose base was just remade (`HubMark`), compares every row.
enum ChangesHere {
    /// The uuids of the tasks that differ from the base: those marked, or `everyTask`. A task in
    /// no list (its list deleted by sqlite3 with foreign keys off) is deleted, as todo sees it.
    static func tasks(_ file: any SQLSession, everyTask: Bool = false) -> String {
        let differs = SyncedRows.columns.map { "m.\($0) IS NOT b.\($0)" }
        // CROSS JOIN: SQLite then reads the marks first and looks each row up, where a plain
        // join walked every task (1.5 s at 1M with nothing to do).
        let (tasks, bases) = everyTask ? ("\(SyncedRows.live(file.dialect)) AS m", "sync_base_tasks AS b")
            : ("sync_changed_tasks AS c CROSS JOIN \(SyncedRows.live(file.dialect)) AS m ON m.uuid = c.uuid",
               "sync_changed_tasks AS c CROSS JOIN sync_base_tasks AS b ON b.uuid = c.uuid")
        return """
            SELECT m.uuid FROM \(tasks) LEFT JOIN sync_base_tasks AS b ON b.uuid = m.uuid
            WHERE b.uuid IS NULL OR \(differs.joined(separator: " OR "))
            UNION ALL SELECT b.uuid FROM \(bases) WHERE NOT EXISTS (SELECT 1 FROM tasks AS t JOIN lists AS l ON l.id = t.list_id WHERE t.uuid = b.uuid)
            """
    }

    /// The uuids of the lists that differ from the base: those marked, or `everyList`.
    static func lists(everyList: Bool = false) -> String {
        let (lists, bases) = everyList ? ("lists AS l", "sync_base_lists AS b")
            : ("sync_changed_lists AS c CROSS JOIN lists AS l ON l.uuid = c.uuid", "sync_changed_lists AS c CROSS JOIN sync_base_lists AS b ON b.uuid = c.uuid")
        return """
            SELECT l.uuid FROM \(lists) LEFT JOIN sync_base_lists AS b ON b.uuid = l.uuid WHERE b.name IS NOT l.name COLLATE BINARY
            UNION ALL SELECT b.uuid FROM \(bases) WHERE NOT EXISTS (SELECT 1 FROM lists AS l WHERE l.uuid = b.uuid)
            """
    }

    /// At the end of a sync: what is as agreed now is no change waiting, so only the rows that
    /// still differ stay marked.
    static func forgetAgreed(_ file: any SQLSession) throws {
        try file.run("DELETE FROM sync_changed_tasks WHERE uuid NOT IN (SELECT uuid FROM (\(tasks(file))))", [])
        try file.run("DELETE FROM sync_changed_lists WHERE uuid NOT IN (SELECT uuid FROM (\(lists())))", [])
    }
}
