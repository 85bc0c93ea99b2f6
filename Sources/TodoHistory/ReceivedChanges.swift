import TodoCore
import TodoSQL

/// What a sync brings into a file from its hub (issue 30, rule 9), as one change of the history,
/// marked received (migration 0009), `received from HUB: 2 tasks and 1 list` (the rows it
/// changed here): `todo history` shows it, and undo and redo pass over it,
/// since it is other machines' work. While the sync writes, temporary triggers keep each list
/// and task as it was before the sync first wrote it, whatever statement wrote it; `record` then
/// pairs those with the rows as they are, as any change is recorded, and undo's check of its
/// rows refuses this file's own change that a received one touched since.
///
/// SQLite's own SQL (temporary triggers): only a file receives.
package enum ReceivedChanges {
    package static func watch(_ file: any SQLSession) throws {
        let before = TaskRow.fields.map { "before_" + $0 }
        try file.run("CREATE TEMP TABLE received_tasks (task_id INTEGER PRIMARY KEY, \(before.joined(by: ", ")))", [])
        try file.run("CREATE TEMP TABLE received_lists (list_id INTEGER PRIMARY KEY, before_name, before_created_at, before_uuid)", [])
        // A task as it is, before its first write: its row, its tags. INSERT OR IGNORE holds
        // here under a list's or task's delete cascade (SQLite keeps the trigger's own policy
        // there); only an update cascade imposes ABORT (migration 0010's note), and no trigger
        // here watches what one writes, task_tags' updates (`aReceivedChangeKeepsRowsThatACascadeWrote`).
        // A row kept once is not read again: its tags are gathered in the read, and a task given
        // 10,000 tags, each insert reading them all, took 10 s to receive.
        let keep = { (id: String) in
            """
            INSERT OR IGNORE INTO received_tasks SELECT t.id, \(TaskRow.selected(file.dialect)) FROM main.tasks AS t
            WHERE t.id = \(id) AND NOT EXISTS (SELECT 1 FROM received_tasks AS r WHERE r.task_id = \(id));
            """
        }
        let keepList = { (id: String) in
            "INSERT OR IGNORE INTO received_lists SELECT id, name, created_at, uuid FROM main.lists WHERE id = \(id);"
        }
        for statement in [
            // A row made: none before (a row given another id is made under the new one).
            "CREATE TEMP TRIGGER received_task_made AFTER INSERT ON main.tasks BEGIN INSERT OR IGNORE INTO received_tasks (task_id) VALUES (NEW.id); END",
            "CREATE TEMP TRIGGER received_task_renumbered AFTER UPDATE OF id ON main.tasks BEGIN INSERT OR IGNORE INTO received_tasks (task_id) VALUES (NEW.id); END",
            "CREATE TEMP TRIGGER received_task_changed BEFORE UPDATE ON main.tasks BEGIN \(keep("OLD.id")) END",
            "CREATE TEMP TRIGGER received_task_deleted BEFORE DELETE ON main.tasks BEGIN \(keep("OLD.id")) END",
            "CREATE TEMP TRIGGER received_tag_added BEFORE INSERT ON main.task_tags BEGIN \(keep("NEW.task_id")) END",
            "CREATE TEMP TRIGGER received_tag_removed BEFORE DELETE ON main.task_tags BEGIN \(keep("OLD.task_id")) END",
            "CREATE TEMP TRIGGER received_list_made AFTER INSERT ON main.lists BEGIN INSERT OR IGNORE INTO received_lists (list_id) VALUES (NEW.id); END",
            // Its counts change with every task: a list changes by its name.
            """
            CREATE TEMP TRIGGER received_list_changed BEFORE UPDATE ON main.lists
            WHEN NEW.name IS NOT OLD.name OR NEW.created_at IS NOT OLD.created_at OR NEW.uuid IS NOT OLD.uuid BEGIN \(keepList("OLD.id")) END
            """,
            "CREATE TEMP TRIGGER received_list_deleted BEFORE DELETE ON main.lists BEGIN \(keepList("OLD.id")) END",
        ] {
            try file.run(statement, [])
        }
    }

    /// Records what changed since `watch` as one received change (none when nothing did, or the
    /// history keeps none), and stops watching. Returns how many lists and tasks it holds.
    @discardableResult
    package static func record(_ file: any SQLSession, from hub: String, at: String, limit: Int) throws -> Int {
        defer { try? stopWatching(file) }
        let taskFields = TaskRow.fields, listFields = ListRow.fields
        let tasks = """
            FROM temp.received_tasks AS r LEFT JOIN (SELECT t.id, \(taskFields.map { TaskRow.selected(file.dialect, [$0]) + " AS " + $0 }.joined(by: ", "))
                FROM main.tasks AS t
                WHERE t.id IN (SELECT task_id FROM temp.received_tasks)) AS a ON a.id = r.task_id
            WHERE \(taskFields.map { "r.before_\($0) IS NOT a.\($0)" }.joined(by: " OR "))
            """
        let lists = """
            FROM temp.received_lists AS r LEFT JOIN main.lists AS a ON a.id = r.list_id
            WHERE \(listFields.map { "r.before_\($0) IS NOT a.\($0)" }.joined(by: " OR "))
            """
        // A history kept at 0 keeps nothing, as after any change.
        guard limit > 0 else {
            try HistoryWriter.clear(in: file)
            return 0
        }
        let (taskCount, listCount) = try file.first("SELECT (SELECT count(*) \(tasks)), (SELECT count(*) \(lists))", []) {
            (try $0.int(0), try $0.int(1))
        } ?? (0, 0)
        guard taskCount + listCount > 0 else { return 0 }
        let writer = HistoryWriter(session: file, command: "sync", at: at, limit: limit)
        let counted = [(taskCount, "task"), (listCount, "list")].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }
        let change = try writer.insertChange(summary: "received from \(hub): \(counted.joined(separator: " and "))", imported: nil, keepingUndone: true)
        try file.run("UPDATE history SET received = 1 WHERE id = $1", [.integer(change)])
        let pairs = { (fields: [String]) in fields.map { "r.before_\($0), a.\($0)" }.joined(by: ", ") }
        try file.run("INSERT INTO history_tasks SELECT $1, r.task_id, \(pairs(taskFields)) \(tasks)", [.integer(change)])
        try file.run("INSERT INTO history_lists SELECT $1, r.list_id, \(pairs(listFields)) \(lists)", [.integer(change)])
        return taskCount + listCount
    }

    private static func stopWatching(_ file: any SQLSession) throws {
        // Every trigger `watch` made, by its prefix: one list of names to keep in step with it.
        var triggers: [String] = []
        try file.forEachRow("SELECT name FROM temp.sqlite_master WHERE type = 'trigger' AND name LIKE 'received\\_%' ESCAPE '\\'", []) {
            triggers.append(try $0.text(0))
        }
        for trigger in triggers { try file.run("DROP TRIGGER temp.\(trigger)", []) }
        try file.run("DROP TABLE IF EXISTS temp.received_tasks", [])
        try file.run("DROP TABLE IF EXISTS temp.received_lists", [])
    }
}
