import TodoCore
import TodoSQL

extension TaskSync {
    /// A first sync into a file without tasks (a new machine): every task the hub has comes in
    /// as it is, in one statement in the order of their ids and in bulk as an import stores them,
    /// and is the base. (One at a time, a first sync of 100,000 took 22 s where the import of
    /// them takes 2.5.) One whose list this file does not have by its uuid is left to `sync`.
    mutating func receiveAll() throws {
        let f = file.session
        let count = try f.first("SELECT count(*) FROM temp.hub_tasks WHERE id IS NOT NULL", []) { try $0.int64(0) } ?? 0
        guard count > 0 else { return }
        try f.writingInBulk(Int(count), .inserting) {
            report.received += try f.run("""
                INSERT INTO tasks (id, list_id, title, notes, due, priority, done, completed_at, created_at, updated_at, repeat, repeat_from, uuid)
                SELECT h.id, l.id, h.title, h.notes, h.due, h.priority, h.done, h.completed_at, h.created_at, h.updated_at, h.repeat,
                       h.repeat_from, h.uuid
                FROM temp.hub_tasks AS h JOIN lists AS l ON l.uuid = h.list_uuid WHERE h.id IS NOT NULL ORDER BY h.id
                """, [])
        }
        try f.run("""
            WITH RECURSIVE source (task_id, tags) AS (SELECT t.id, h.tags FROM temp.hub_tasks AS h JOIN tasks AS t ON t.uuid = h.uuid WHERE h.tags <> ''),
            \(f.dialect.splitTags)
            INSERT INTO task_tags (task_id, tag) SELECT task_id, tag FROM split WHERE tag <> ''
            """, [])
        try f.run("""
            INSERT INTO sync_base_tasks (uuid, \(SyncedRows.fields)) SELECT h.uuid, \(SyncedRows.fields(of: "h")) FROM temp.hub_tasks AS h
            WHERE h.id IS NOT NULL AND EXISTS (SELECT 1 FROM tasks AS t WHERE t.uuid = h.uuid)
            """, [])
    }
}
