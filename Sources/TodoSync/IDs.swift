import TodoCore
import TodoSQL

/// Task ids on linked files (rule 7): the same on every machine, never changed once a task was
/// synced. Each file hands out ids from a block the hub reserved for it (postgres/0005), so two
/// files offline never give one id twice.
enum IDs {
    /// A block of `size` ids reserved on the hub for `holder`: its first and last.
    static func reserve(_ size: Int64, on hub: any SQLSession, holder: String) throws -> (Int64, Int64) {
        try hub.first("SELECT first, last FROM todo_reserve_ids($1, $2)", [.integer(size), .text(holder)]) {
            (try $0.int64(0), try $0.int64(1))
        } ?? (1, 0)
    }

    /// The next id for this file: from its block (as `todo add` takes one), else one reserved now.
    static func take(_ file: any SQLSession, _ hub: any SQLSession, holder: String) throws -> Int64 {
        let next = try file.first("SELECT \(file.dialect.newTaskID)", []) { $0.isNull(0) ? nil : try $0.int64(0) } ?? nil
        guard let next, next > 0, let take = file.dialect.takeTaskID else { return try reserve(1, on: hub, holder: holder).0 }
        try file.run(take, [.integer(next)])
        return next
    }

    /// The blocks the hub reserved for this file.
    static func blocks(of holder: String, on hub: any SQLSession) throws -> [ClosedRange<Int64>] {
        var blocks: [ClosedRange<Int64>] = []
        try hub.forEachRow("SELECT first, last FROM id_blocks WHERE holder = $1", [.text(holder)]) { blocks.append(try $0.int64(0)...$0.int64(1)) }
        return blocks
    }

    /// Moves the hub's numbering past every id this file has handed out, deleted tasks' too
    /// (ids are never given twice), before its tasks keep their ids on a hub that has given none.
    static func numberPast(_ file: any SQLSession, on hub: any SQLSession) throws {
        let highest = try file.first("SELECT coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'tasks'), 0)", []) { try $0.int64(0) } ?? 0
        try hub.run("""
            SELECT setval(pg_get_serial_sequence('tasks', 'id'), $1)
            WHERE $1 > coalesce(pg_sequence_last_value(pg_get_serial_sequence('tasks', 'id')::regclass), 0)
            """, [.integer(highest)])
    }

    /// At the first sync with a hub that has tasks: a task the hub has too takes the hub's id, and
    /// the file's others take ids reserved for them, in the order of their ids. The history names
    /// the old ids, so it is cleared when any changed.
    static func renumber(_ file: any SQLSession, _ hub: any SQLSession, holder: String, _ report: inout SyncReport) throws {
        let own = try file.first("SELECT count(*) FROM tasks AS t WHERE NOT EXISTS (SELECT 1 FROM temp.hub_tasks AS h WHERE h.uuid = t.uuid)", []) { try $0.int64(0) } ?? 0
        let first = own > 0 ? try reserve(own, on: hub, holder: holder).0 : 0
        // Neither needs a sort: the window's order is the table's own. (One over both, partitioned,
        // held 4 MiB of sort at 100,000 tasks.)
        try file.run("""
            INSERT INTO temp.renumbered (uuid, old, new)
            SELECT t.uuid, t.id, h.id FROM tasks AS t JOIN temp.hub_tasks AS h ON h.uuid = t.uuid WHERE h.id IS NOT NULL
            """, [])
        try file.run("""
            INSERT INTO temp.renumbered (uuid, old, new)
            SELECT t.uuid, t.id, $1 - 1 + row_number() OVER (ORDER BY t.id) FROM tasks AS t
            WHERE NOT EXISTS (SELECT 1 FROM temp.hub_tasks AS h WHERE h.uuid = t.uuid)
            """, [.integer(first)])
        try file.run("DELETE FROM temp.renumbered WHERE old = new", [])
        let count = try Renumbering.count(file)
        guard count > 0 else { return }
        let newID = "(SELECT r.new FROM temp.renumbered AS r WHERE r.old = tasks.id)"
        try file.writingInBulk(count, .renumbering) {
            if try file.first("SELECT EXISTS (SELECT 1 FROM temp.renumbered AS r JOIN tasks AS t ON t.id = r.new)", [], { try $0.bool(0) }) == true {
                // Some task is to take an id another has now: through negative ids, so that no id
                // is another task's on the way.
                try file.run("UPDATE tasks SET id = -\(newID) WHERE id IN (SELECT old FROM temp.renumbered)", [])
                try file.run("UPDATE tasks SET id = -id WHERE id < 0", [])
            } else {
                // Every new id is free: one pass.
                try file.run("UPDATE tasks SET id = \(newID) WHERE id IN (SELECT old FROM temp.renumbered)", [])
            }
        }
        try file.run("DELETE FROM history", [])
        report.clearedHistory = true
    }
}
