#if PostgreSQL
import TodoCore
import TodoHistory

/// The PostgreSQL database as undo and redo see it (`ChangeReverter` decides; this reads and
/// writes). An import's tasks leave and come back with a statement each.
struct ServerHistoryStore: HistoryStore {
    let repository: PostgresTodoRepository

    private var server: ServerConnection { repository.server }

    // MARK: The record of a change

    func nextChange(undoing: Bool) throws -> HistoryEntry? {
        let pick = "WHERE \(PostgresTodoRepository.visible) AND " + (undoing ? "NOT undone ORDER BY id DESC" : "undone ORDER BY id")
        return try server.first("SELECT id, at, command, summary, undone FROM history \(pick) LIMIT 1",
                                [Int64(repository.historyLimit)], PostgresTodoRepository.readEntry)
    }

    func markChange(_ id: Int64, undone: Bool) throws {
        try server.run("UPDATE history SET undone = $1 WHERE id = $2", [undone, id])
    }

    func importedRange(of change: Int64) throws -> ImportedRange? {
        try server.first("SELECT imported_after, imported_through, imported_count, imported_fingerprint FROM history WHERE id = $1 AND imported_after IS NOT NULL",
                         [change]) { row in
            ImportedRange(after: try row.int64(0), through: row.isNull(1) ? nil : try row.int64(1), count: row.isNull(2) ? nil : try row.int(2),
                          fingerprint: row.isNull(3) ? nil : try row.int64(3))
        }
    }

    /// The first statement of a revert, which reads every row it recorded: past an import's
    /// worth, the revert is work the size of a list and has no statement limit (see
    /// liftStatementLimit).
    func forEachRecordedRow(of change: Int64, _ body: (RecordedRow) throws -> Void) throws {
        // Whether there are that many, reading no more than that many (a count of a million rows
        // could itself pass the limit on a busy server).
        let many = try server.first("""
            SELECT EXISTS (SELECT 1 FROM (SELECT task_id FROM history_tasks WHERE change_id = $1
                                          UNION ALL SELECT list_id FROM history_lists WHERE change_id = $1) AS r OFFSET $2)
            """, [change, Int64(PostgresTodoRepository.bulkLoadTasks - 1)]) { try $0.bool(0) } ?? false
        if many { try server.liftStatementLimit() }
        try Self.forEachRecordedRow(in: server, of: change) { try body($1) }
    }

    /// The rows one change recorded, or every change's (`change` nil, for `todo db check`), each
    /// with the change it belongs to; streamed. Every field as text, `done` as 0 or 1.
    static func forEachRecordedRow(in server: ServerConnection, of change: Int64?, _ body: (Int64, RecordedRow) throws -> Void) throws {
        let which = change == nil ? "" : "WHERE change_id = $1"
        let values: [ServerValue] = change.map { [$0] } ?? []
        func columns(_ side: Side, _ fields: [String]) -> [String] {
            fields.map { $0 == "done" ? "\(side)_done::int::text" : "\(side)_\($0)::text" }
        }
        let listColumns = (columns(.before, ListRow.fields) + columns(.after, ListRow.fields)).joined(by: ", ")
        try server.forEachRow("SELECT change_id, list_id, \(listColumns) FROM history_lists \(which) ORDER BY change_id, list_id", values) { row in
            try body(try row.int64(0), RecordedRow(kind: .list, id: try row.int64(1), before: try Self.texts(row, from: 2, ListRow.fields.count),
                                                   after: try Self.texts(row, from: 2 + ListRow.fields.count, ListRow.fields.count)))
        }
        let taskColumns = (columns(.before, TaskRow.fields) + columns(.after, TaskRow.fields)).joined(by: ", ")
        try server.forEachRow("SELECT change_id, task_id, \(taskColumns) FROM history_tasks \(which) ORDER BY change_id, task_id", values) { row in
            try body(try row.int64(0), RecordedRow(kind: .task, id: try row.int64(1), before: try Self.texts(row, from: 2, TaskRow.fields.count),
                                                   after: try Self.texts(row, from: 2 + TaskRow.fields.count, TaskRow.fields.count)))
        }
    }

    private static func texts(_ row: ServerRow, from first: Int, _ count: Int) throws -> [String?] {
        try (0..<count).map { try row.optionalText(first + $0) }
    }

    // MARK: Checks

    /// A recorded task's side as the task row `t` is (both there). Each field as read back
    /// (`TaskRow.read`): no tags recorded is none, no repeat_from 'due'.
    private static func taskMatches(_ side: Side) -> String {
        TaskRow.fields.map { field in
            switch field {
            case "tags": "\(TaskRow.tagsOf("t.id")) IS NOT DISTINCT FROM coalesce(h.\(side)_tags, '')"
            case "repeat_from": "t.repeat_from IS NOT DISTINCT FROM coalesce(h.\(side)_repeat_from, 'due')"
            default: "t.\(field) IS NOT DISTINCT FROM h.\(side)_\(field)"
            }
        }.joined(by: " AND ")
    }

    func firstTaskNotAsRecorded(of change: Int64, now: Side) throws -> (id: Int64, existsAgain: Bool)? {
        try server.first("""
            SELECT h.task_id, h.\(now)_title IS NULL FROM history_tasks AS h LEFT JOIN tasks AS t ON t.id = h.task_id
            WHERE h.change_id = $1 AND CASE WHEN h.\(now)_title IS NULL THEN t.id IS NOT NULL
                                            ELSE t.id IS NULL OR NOT (\(Self.taskMatches(now))) END
            ORDER BY h.task_id LIMIT 1
            """, [change]) { (try $0.int64(0), try $0.bool(1)) }
    }

    func firstListNotAsRecorded(of change: Int64, now: Side) throws -> (id: Int64, name: String?)? {
        try server.first("""
            SELECT h.list_id, h.\(now)_name FROM history_lists AS h LEFT JOIN lists AS l ON l.id = h.list_id
            WHERE h.change_id = $1 AND CASE WHEN h.\(now)_name IS NULL THEN l.id IS NOT NULL
                ELSE l.id IS NULL OR NOT (l.name IS NOT DISTINCT FROM h.\(now)_name AND l.created_at IS NOT DISTINCT FROM h.\(now)_created_at) END
            ORDER BY h.list_id LIMIT 1
            """, [change]) { (try $0.int64(0), try $0.optionalText(1)) }
    }

    func firstListKeepingOtherTasks(of change: Int64, next: Side, leaving range: ImportedRange?) throws -> String? {
        let now = next.other
        return try server.first("""
            SELECT h.\(now)_name FROM history_lists AS h
            WHERE h.change_id = $1 AND h.\(now)_name IS NOT NULL AND h.\(next)_name IS NULL
            AND EXISTS (
                SELECT 1 FROM tasks AS t WHERE t.list_id = h.list_id AND NOT (t.id > $2 AND t.id <= $3)
                AND NOT EXISTS (SELECT 1 FROM history_tasks AS g WHERE g.change_id = $1 AND g.task_id = t.id
                                AND (g.\(next)_title IS NULL OR g.\(next)_list_id IS DISTINCT FROM h.list_id)))
            ORDER BY h.list_id LIMIT 1
            """, [change, range?.after ?? 0, range?.through ?? 0]) { try $0.text(0) }
    }

    func firstNameTaken(of change: Int64, next: Side) throws -> String? {
        try server.first("""
            SELECT l.name FROM history_lists AS h JOIN lists AS l ON todo_nocase(l.name) = todo_nocase(h.\(next)_name) AND l.id <> h.list_id
            WHERE h.change_id = $1 AND h.\(next)_name IS NOT NULL ORDER BY h.list_id LIMIT 1
            """, [change]) { try $0.text(0) }
    }

    func firstTaskWithoutItsList(of change: Int64, next: Side) throws -> (task: Int64, list: Int64)? {
        try server.first("""
            SELECT h.task_id, h.\(next)_list_id FROM history_tasks AS h
            WHERE h.change_id = $1 AND h.\(next)_title IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM history_lists AS g WHERE g.change_id = $1 AND g.list_id = h.\(next)_list_id AND g.\(next)_name IS NOT NULL)
            AND (NOT EXISTS (SELECT 1 FROM lists WHERE id = h.\(next)_list_id)
                 OR EXISTS (SELECT 1 FROM history_lists AS g WHERE g.change_id = $1 AND g.list_id = h.\(next)_list_id AND g.\(next)_name IS NULL))
            ORDER BY h.task_id LIMIT 1
            """, [change]) { (try $0.int64(0), try $0.int64(1)) }
    }

    // MARK: Putting rows back

    /// Recorded tasks that the revert deletes (there now, not after), adds (not there now, there
    /// after) and changes (there now and after).
    private static func going(_ next: Side, _ h: String = "") -> String { "\(h)\(next.other)_title IS NOT NULL AND \(h)\(next)_title IS NULL" }
    private static func coming(_ next: Side, _ h: String = "") -> String { "\(h)\(next.other)_title IS NULL AND \(h)\(next)_title IS NOT NULL" }
    private static func staying(_ next: Side, _ h: String = "") -> String { "\(h)\(next.other)_title IS NOT NULL AND \(h)\(next)_title IS NOT NULL" }

    func deleteTasks(of change: Int64, next: Side) throws {
        try server.run("DELETE FROM tasks WHERE id IN (SELECT task_id FROM history_tasks WHERE change_id = $1 AND \(Self.going(next)))", [change])
    }

    func putListsBack(of change: Int64, next: Side) throws {
        let now = next.other
        try server.run("""
            INSERT INTO lists (id, name, created_at) SELECT list_id, \(next)_name, \(next)_created_at FROM history_lists
            WHERE change_id = $1 AND \(now)_name IS NULL AND \(next)_name IS NOT NULL
            """, [change])
        try server.run("""
            UPDATE lists SET name = h.\(next)_name, created_at = h.\(next)_created_at FROM history_lists AS h
            WHERE h.change_id = $1 AND h.list_id = lists.id AND h.\(now)_name IS NOT NULL AND h.\(next)_name IS NOT NULL
            """, [change])
    }

    /// As an import loads: past its worth, the indexes are built once at the end (see
    /// bulkLoading), and each tag's spelling is looked up once, not once per row.
    func putTasksBack(of change: Int64, next: Side) throws {
        let now = next.other
        let columns = TaskRow.columns
        func recorded(_ h: String) -> [String] {
            columns.map { $0 == "repeat_from" ? "coalesce(\(h)\(next)_repeat_from, 'due')" : "\(h)\(next)_" + $0 }
        }
        let coming = try server.first("SELECT count(*) FROM history_tasks WHERE change_id = $1 AND \(Self.coming(next))", [change]) { try $0.int(0) } ?? 0
        func tagsDiffer(_ h: String = "") -> String { "coalesce(\(h)\(now)_tags, '') IS DISTINCT FROM coalesce(\(h)\(next)_tags, '')" }
        try repository.bulkLoading(coming) {
            if coming > 0 {
                try server.run("""
                    INSERT INTO tasks (id, \(columns.joined(by: ", ")))
                    SELECT task_id, \(recorded("").joined(by: ", ")) FROM history_tasks WHERE change_id = $1 AND \(Self.coming(next))
                    """, [change])
            }
            let sets = zip(columns, recorded("h.")).map { "\($0) = \($1)" }.joined(by: ", ")
            try server.run("UPDATE tasks SET \(sets) FROM history_tasks AS h WHERE h.change_id = $1 AND h.task_id = tasks.id AND \(Self.staying(next, "h."))",
                           [change])
            try server.run("""
                DELETE FROM task_tags WHERE task_id IN (
                    SELECT task_id FROM history_tasks WHERE change_id = $1 AND \(Self.staying(next)) AND \(tagsDiffer()))
                """, [change])
            // Each tag spelled as the database spells it now (as `addTag` does one at a time).
            try server.run("""
                WITH wanted AS (
                    SELECT h.task_id, w.tag FROM history_tasks AS h, unnest(string_to_array(h.\(next)_tags, ' ')) AS w (tag)
                    WHERE h.change_id = $1 AND h.\(next)_title IS NOT NULL AND h.\(next)_tags <> '' AND w.tag <> ''
                    AND (h.\(now)_title IS NULL OR \(tagsDiffer("h.")))
                ), known AS (
                    SELECT DISTINCT ON (todo_nocase(g.tag)) todo_nocase(g.tag) AS key, g.tag FROM task_tags AS g
                    WHERE todo_nocase(g.tag) IN (SELECT DISTINCT todo_nocase(tag) FROM wanted) ORDER BY todo_nocase(g.tag), g.task_id
                )
                INSERT INTO task_tags (task_id, tag)
                SELECT w.task_id, coalesce(k.tag, w.tag) FROM wanted AS w LEFT JOIN known AS k ON k.key = todo_nocase(w.tag)
                ON CONFLICT DO NOTHING
                """, [change])
        }
    }

    func deleteLists(of change: Int64, next: Side) throws {
        try server.run("""
            DELETE FROM lists WHERE id IN (
                SELECT list_id FROM history_lists WHERE change_id = $1 AND \(next.other)_name IS NOT NULL AND \(next)_name IS NULL)
            """, [change])
    }

    // MARK: An import's tasks

    func taskCount(within range: ImportedRange) throws -> Int {
        try server.first("SELECT count(*) FROM tasks WHERE id > $1 AND id <= $2", [range.after, range.through]) { try $0.int(0) } ?? 0
    }

    /// An import recorded by a todo before 2026-11-23 has a fingerprint of another formula (each
    /// row as text, its tags included): one that does not match this one is tried against that.
    func importedTasks(_ range: ImportedRange) throws -> (count: Int, unchanged: Bool) {
        let (count, fingerprint) = try repository.tasksFingerprint(after: range.after, through: range.through)
        guard fingerprint != range.fingerprint else { return (count, true) }
        guard count == range.count else { return (count, false) }
        let earlier = try server.first("""
            SELECT coalesce(bit_xor(hashtextextended(ROW(t.id, \(TaskRow.selected))::text, 0)), 0)
            FROM tasks AS t WHERE t.id > $1 AND t.id <= $2
            """, [range.after, range.through]) { try $0.int64(0) } ?? 0
        return (count, earlier == range.fingerprint)
    }

    func firstMissingTask(of range: ImportedRange) throws -> Int64? {
        try server.first("""
            SELECT min(wanted) FROM generate_series($1::bigint, $2::bigint) AS wanted
            WHERE NOT EXISTS (SELECT 1 FROM tasks WHERE id = wanted)
            """, [range.after + 1, range.through]) { $0.isNull(0) ? nil : try $0.int64(0) } ?? nil
    }

    func moveImportedTasks(_ range: ImportedRange, into change: Int64) throws {
        // As long as the import took, or about: no statement limit (see liftStatementLimit).
        try server.liftStatementLimit()
        try server.run("""
            INSERT INTO history_tasks (change_id, task_id, \(TaskRow.fields.map { "after_" + $0 }.joined(by: ", ")))
            SELECT $1, t.id, \(TaskRow.selected) FROM tasks AS t WHERE t.id > $2 AND t.id <= $3
            """, [change, range.after, range.through])
        try server.run("DELETE FROM tasks WHERE id > $1 AND id <= $2", [range.after, range.through])
    }

    func restoreImportedTasks(_ range: ImportedRange, from change: Int64) throws {
        try server.liftStatementLimit()
        let columns = TaskRow.columns
        try server.run("""
            INSERT INTO tasks (id, \(columns.joined(by: ", ")))
            SELECT task_id, \(columns.map { "after_" + $0 }.joined(by: ", ")) FROM history_tasks WHERE change_id = $1
            """, [change])
        try server.run("""
            INSERT INTO task_tags (task_id, tag)
            SELECT task_id, tag FROM history_tasks, unnest(string_to_array(after_tags, ' ')) AS tag
            WHERE change_id = $1 AND after_tags <> '' ON CONFLICT DO NOTHING
            """, [change])
        try server.run("DELETE FROM history_tasks WHERE change_id = $1", [change])
    }
}
#endif
