import TodoCore
import TodoSQL

extension TaskSync {
    /// A first sync: every task the hub has that this file does not (by uuid) comes in as it is,
    /// in one statement in the order of their ids and in bulk as an import stores them, and is the
    /// base. (One at a time, a first sync of 100,000 took 22 s where the import of them takes 2.5;
    /// and a file of one task took as long as that.) One whose id a task here has, or whose list
    /// this file does not have by its uuid, is left to `sync`, as are those the file has too.
    ///
    /// The tasks coming in are marked by their base row, written first: a first sync starts
    /// without any (they are cleared, which `SyncLink.unlink` did already).
    mutating func receiveNew(fileHadTasks: Bool) throws {
        let f = file.session
        try f.run("DELETE FROM sync_base_tasks", [])
        let coming = try f.run("""
            INSERT INTO sync_base_tasks (uuid, \(SyncedRows.fields)) SELECT h.uuid, \(SyncedRows.fields(of: "h")) FROM temp.hub_tasks AS h
            WHERE h.id IS NOT NULL AND EXISTS (SELECT 1 FROM lists AS l WHERE l.uuid = h.list_uuid)
                AND NOT EXISTS (SELECT 1 FROM tasks AS t WHERE t.uuid = h.uuid) AND NOT EXISTS (SELECT 1 FROM tasks AS t WHERE t.id = h.id)
            """, [])
        guard coming > 0 else { return }
        // Into a file that had no tasks, every staged task whose list is here comes in: no join.
        let marked = fileHadTasks ? "JOIN sync_base_tasks AS b ON b.uuid = h.uuid" : ""
        try f.writingInBulk(coming, .inserting) {
            report.received += try f.run("""
                INSERT INTO tasks (id, list_id, title, notes, due, priority, done, completed_at, created_at, updated_at, repeat, repeat_from, uuid)
                SELECT h.id, l.id, h.title, h.notes, h.due, h.priority, h.done, h.completed_at, h.created_at, h.updated_at, h.repeat,
                       h.repeat_from, h.uuid
                FROM temp.hub_tasks AS h \(marked) JOIN lists AS l ON l.uuid = h.list_uuid
                WHERE h.id IS NOT NULL ORDER BY h.id
                """, [])
        }
        try f.run("""
            WITH RECURSIVE source (task_id, tags) AS (
                SELECT t.id, h.tags FROM temp.hub_tasks AS h \(marked) JOIN tasks AS t ON t.uuid = h.uuid
                WHERE h.tags <> ''),
            \(f.dialect.splitTags)
            INSERT INTO task_tags (task_id, tag) SELECT task_id, tag FROM split WHERE tag <> ''
            """, [])
    }
}
