#if PostgreSQL
import TodoCore
import TodoHistory

extension PostgresTodoRepository {
    /// Streams the records with one `COPY` into a temporary table, then moves them into `lists`,
    /// `tasks` and `task_tags` with a statement each, all in the command's transaction: a bad
    /// record, a refused value or a lost connection anywhere leaves nothing behind. Inside a
    /// dry run the same work is rolled back.
    public func importTasks(keepingIDs: Bool, _ produce: ((ImportedTask) throws -> Void) throws -> Void) throws -> ImportSummary {
        try translatingErrors {
            try server.transaction {
                // An import lasts as long as its file takes to read: the statement limit, there
                // to end waits that never end, would cut a large one short. Waiting for a lock
                // (another session's, a psql left in a transaction) is still bounded.
                try server.liftStatementLimit()
                // Writers from outside todo (psql) wait for the import, so the ids it reads as
                // free stay free until it hands them out; readers go on.
                try server.outlastAutovacuum()
                try server.run("LOCK TABLE tasks IN SHARE ROW EXCLUSIVE MODE")
                let highest = try highestAssignedTaskID()
                let now = timestamp()
                try server.run("""
                    CREATE TEMPORARY TABLE todo_import (
                        ord bigint, line bigint, id bigint, list_name text, title text, notes text, due text, priority text,
                        done boolean, created_at text, updated_at text, completed_at text, tags text, repeat text, repeat_from text,
                        uuid text, own_uuid boolean, list_given boolean, repeat_from_given boolean
                    ) ON COMMIT DROP
                    """)
                var ord = 0
                var ownUUIDs = false
                var uuids = UUIDMaker()
                try server.copy(into: "todo_import", columns: ["ord", "line", "id", "list_name", "title", "notes", "due", "priority", "done",
                                                               "created_at", "updated_at", "completed_at", "tags", "repeat", "repeat_from",
                                                               "uuid", "own_uuid", "list_given", "repeat_from_given"]) { rows in
                    try produce { record in
                        if let problem = record.problem { throw TodoError.invalidRecord(line: record.line, reason: problem) }
                        if keepingIDs, record.id == nil {
                            throw TodoError.invalidRecord(line: record.line, reason: "--keep-ids needs an id in every record")
                        }
                        ord += 1
                        if record.uuid != nil { ownUUIDs = true }
                        // The times as the record gives them: a merged record keeps the task's
                        // where it gives none; a new task takes them from now (`moveTasks`).
                        try rows.add([
                            String(ord), String(record.line), keepingIDs ? record.id.map { String($0) } : nil, record.listName, record.title, record.notes,
                            record.due?.description, record.priority.rawValue, record.isDone ? "t" : "f", record.createdAt, record.updatedAt,
                            record.completedAt, record.tags.isEmpty ? nil : record.tags.joined(by: " "), record.repeatRule?.stored,
                            record.repeatFrom.rawValue, (record.uuid ?? uuids.next()).text, record.uuid == nil ? "f" : "t",
                            record.listGiven ? "t" : "f", record.repeatFromGiven ? "t" : "f",
                        ])
                    }
                }
                if keepingIDs, let line = try server.first("""
                    SELECT line, id FROM (SELECT line, ord, id, row_number() OVER (PARTITION BY id ORDER BY ord) AS n FROM todo_import) AS numbered
                    WHERE n = 2 ORDER BY ord LIMIT 1
                    """, [], { (try $0.int(0), try $0.int64(1)) }) {
                    throw TodoError.invalidRecord(line: line.0, reason: "task id \(line.1) appears more than once")
                }
                if ownUUIDs { try refuseRepeatedUUIDs() }
                var summary = ImportSummary(imported: ord, listsCreated: try createLists(now: now))
                if ownUUIDs { (summary.updated, summary.unchanged) = try mergeByUUID(now: now) }
                let added = summary.new
                if keepingIDs, let (line, id) = try server.first("SELECT line, id FROM todo_import WHERE id <= $1 ORDER BY ord LIMIT 1", [highest], {
                    (try $0.int(0), try $0.int64(1))
                }) {
                    throw TodoError.idAlreadyAssigned(id, line: line)
                }
                // A dry run stops here: storing would move the identities, which no rollback takes back.
                guard !state.isRollingBack else { return summary }
                _ = try bulkLoading(added) { try moveTasks(count: added, keepingIDs: keepingIDs, after: highest, now: now) }
                if let recorder, summary.imported > 0 {
                    let through = try highestAssignedTaskID()
                    let (count, fingerprint) = try tasksFingerprint(after: highest, through: through)
                    recorder.imported(ImportedRange(after: highest, through: through, count: count, fingerprint: fingerprint))
                    recorder.note(.imported(tasks: summary.imported, lists: summary.listsCreated))
                }
                return summary
            }
        }
    }

    /// Creates the lists the records name that do not exist yet (the default list only for a
    /// record that is added), each spelled as its first
    /// record spells it, and records them for undo, in one statement; returns how many. The
    /// records are grouped by their exact spelling first: a million rows name a few lists, and
    /// 200,000 lists are one statement, not 200,000 (nor 200,000 rows held here).
    private func createLists(now: String) throws -> Int {
        let newNames = """
            SELECT DISTINCT ON (todo_nocase(list_name)) list_name AS name, ord
            FROM (SELECT list_name, min(ord) AS ord FROM todo_import AS i
                  -- A record that names no list and merges into a task leaves it where it is.
                  WHERE i.list_given OR NOT (i.own_uuid AND EXISTS (SELECT 1 FROM tasks AS t WHERE t.uuid = i.uuid))
                  GROUP BY list_name) AS spellings
            WHERE NOT EXISTS (SELECT 1 FROM lists WHERE todo_nocase(lists.name) = todo_nocase(spellings.list_name))
            ORDER BY todo_nocase(list_name), ord
            """
        // A dry run counts them: making them would move the lists' identity for good.
        if state.isRollingBack { return try server.first("SELECT count(*) FROM (\(newNames)) AS new") { try $0.int(0) } ?? 0 }
        let change: Int64? = try recorder?.streamedChange()
        return try server.first("""
            WITH created AS (
                INSERT INTO lists (name, created_at)
                SELECT name, $1 FROM (\(newNames)) AS new ORDER BY ord
                RETURNING id, name, created_at, uuid
            ), recorded AS (
                INSERT INTO history_lists (change_id, list_id, after_name, after_created_at, after_uuid)
                SELECT $2::bigint, id, name, created_at, uuid FROM created WHERE $2::bigint IS NOT NULL
            )
            SELECT count(*) FROM created
            """, [now, change]) { try $0.int(0) } ?? 0
    }

    /// Stores the tasks and their tags; returns how many tasks. Without kept ids the records
    /// take the ids after `after` in file order (record `ord` gets `after + ord`), reserved at
    /// once: the table lock keeps anyone else from taking one meanwhile.
    private func moveTasks(count: Int, keepingIDs: Bool, after: Int64, now: String) throws -> Int {
        if !keepingIDs, count > 0 {
            // An identity set near the largest id by hand has no room left: as on a file.
            let (last, overflow) = after.addingReportingOverflow(Int64(count))
            if overflow { throw TodoError.idsExhausted(table: "tasks") }
            try server.run("SELECT setval('tasks_id_seq', $1)", [last])
        }
        let stored = try server.run("""
            INSERT INTO tasks (id, list_id, title, notes, due, priority, done, created_at, updated_at, completed_at, repeat, repeat_from, uuid)
            SELECT coalesce(i.id, $1 + i.ord), l.id, i.title, i.notes, i.due, i.priority, i.done, coalesce(i.created_at, $2),
                   coalesce(i.updated_at, i.created_at, $2), CASE WHEN i.done THEN coalesce(i.completed_at, i.updated_at, i.created_at, $2) END,
                   i.repeat, i.repeat_from, i.uuid
            FROM todo_import AS i JOIN lists AS l ON todo_nocase(l.name) = todo_nocase(i.list_name)
            ORDER BY 1
            """, [after, now])
        // Each tag as the database already spells it, else as the import first does: the
        // spellings are found once per tag, not once per row.
        try server.run("""
            WITH wanted AS (
                SELECT coalesce(i.id, $1 + i.ord) AS id, t.tag, i.ord
                FROM todo_import AS i, unnest(string_to_array(i.tags, ' ')) AS t (tag) WHERE i.tags IS NOT NULL AND t.tag <> ''
            ), first_written AS (
                SELECT DISTINCT ON (todo_nocase(tag)) todo_nocase(tag) AS key, tag
                FROM (SELECT tag, min(ord) AS ord FROM wanted GROUP BY tag) AS spellings ORDER BY todo_nocase(tag), ord
            ), known AS (
                SELECT DISTINCT ON (todo_nocase(g.tag)) todo_nocase(g.tag) AS key, g.tag FROM task_tags AS g
                WHERE todo_nocase(g.tag) IN (SELECT key FROM first_written) ORDER BY todo_nocase(g.tag), g.task_id
            )
            INSERT INTO task_tags (task_id, tag)
            SELECT w.id, coalesce(k.tag, f.tag)
            FROM wanted AS w JOIN first_written AS f ON f.key = todo_nocase(w.tag) LEFT JOIN known AS k ON k.key = f.key
            ON CONFLICT DO NOTHING
            """, [after])
        return stored
    }

    /// The highest task id ever handed out, 0 for none.
    func highestAssignedTaskID() throws -> Int64 {
        try server.first("""
            SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM tasks_id_seq
            """) { try $0.int64(0) } ?? 0
    }

    /// How many tasks have ids in (after, through], and a fingerprint of their rows and of
    /// their tags, so undo can tell whether any was changed since. Rows and tag rows are
    /// hashed each on its own and combined (an order-free xor): a million tasks take a scan
    /// of each table, not a query per task.
    func tasksFingerprint(after: Int64, through: Int64) throws -> (Int, Int64) {
        try server.first("""
            SELECT count(*), coalesce(bit_xor(hash_record_extended(ROW(t.id, \(TaskRow.fingerprinted.filter { $0 != "tags" }.map { "t." + $0 }.joined(by: ", "))), 0)), 0)
                # (SELECT coalesce(bit_xor(hash_record_extended(ROW(g.task_id, g.tag), 1)), 0) FROM task_tags AS g WHERE g.task_id > $1 AND g.task_id <= $2)
            FROM tasks AS t WHERE t.id > $1 AND t.id <= $2
            """, [after, through]) { (try $0.int(0), try $0.int64(1)) } ?? (0, 0)
    }
}
#endif
