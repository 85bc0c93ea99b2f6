import TodoCore
import TodoSQL

/// The checks a revert makes before it writes: each the first row in the way, or nil.
extension HistoryStore {
    /// Holds the lists and tasks a change recorded until the revert ends, where another writer
    /// could change them between its checks and its writes (psql, on a server, which takes none
    /// of todo's locks): it would be overwritten by what the history says.
    func holdRecordedRows(of change: Int64) throws {
        guard let lists = dialect.lockingRead(of: "lists"), let tasks = dialect.lockingRead(of: "tasks") else { return }
        // One statement, one round trip.
        _ = try session.first("""
            WITH held_lists AS (SELECT id FROM lists WHERE id IN (SELECT list_id FROM history_lists WHERE change_id = $1)\(lists)),
                 held_tasks AS (SELECT id FROM tasks WHERE id IN (SELECT task_id FROM history_tasks WHERE change_id = $1)\(tasks))
            SELECT (SELECT count(*) FROM held_lists) + (SELECT count(*) FROM held_tasks)
            """, [.integer(change)]) { try $0.int(0) }
    }

    /// A recorded task's side as the task row `t` is (both there). Each field as read back
    /// (`TaskRow.read`): no tags recorded is none, no repeat_from 'due'.
    private func taskMatches(_ side: Side) -> String {
        TaskRow.fields.map { field in
            switch field {
            case "tags": "\(dialect.tags(ofTask: "t.id")) IS NOT DISTINCT FROM coalesce(h.\(side)_tags, '')"
            case "repeat_from": "t.repeat_from IS NOT DISTINCT FROM coalesce(h.\(side)_repeat_from, 'due')"
            default: "t.\(field) IS NOT DISTINCT FROM h.\(side)_\(field)"
            }
        }.joined(by: " AND ")
    }

    /// The first recorded task that is not as its `now` side says: there when it should not be
    /// (`existsAgain`), or gone or different.
    func firstTaskNotAsRecorded(of change: Int64, now: Side, outside range: ImportedRange? = nil) throws -> (id: Int64, existsAgain: Bool)? {
        try session.first("""
            SELECT h.task_id, h.\(now)_title IS NULL FROM history_tasks AS h LEFT JOIN tasks AS t ON t.id = h.task_id
            WHERE h.change_id = $1 AND NOT (h.task_id > $2 AND h.task_id <= $3) AND CASE WHEN h.\(now)_title IS NULL THEN t.id IS NOT NULL
                                            ELSE t.id IS NULL OR NOT (\(taskMatches(now))) END
            ORDER BY h.task_id LIMIT 1
            """, [.integer(change)] + Self.bounds(range)) { (try $0.int64(0), try $0.bool(1)) }
    }

    /// An import's range as two bounds of ids; none (an empty range) for nil.
    private static func bounds(_ range: ImportedRange?) -> [SQLValue] {
        [.integer(range?.after ?? 0), .integer(range?.through ?? 0)]
    }

    /// The same for lists, with the name its `now` side gives it (nil: it should not be there).
    /// Names compared byte for byte here: a list renamed by hand in case alone was changed.
    func firstListNotAsRecorded(of change: Int64, now: Side) throws -> (id: Int64, name: String?)? {
        try session.first("""
            SELECT h.list_id, h.\(now)_name FROM history_lists AS h LEFT JOIN lists AS l ON l.id = h.list_id
            WHERE h.change_id = $1 AND CASE WHEN h.\(now)_name IS NULL THEN l.id IS NOT NULL
                ELSE l.id IS NULL OR NOT (\(dialect.exactly("l.name")) IS NOT DISTINCT FROM h.\(now)_name
                                          AND l.created_at IS NOT DISTINCT FROM h.\(now)_created_at
                                          AND l.uuid IS NOT DISTINCT FROM h.\(now)_uuid) END
            ORDER BY h.list_id LIMIT 1
            """, [.integer(change)]) { (try $0.int64(0), try $0.optionalText(1)) }
    }

    /// The first list the revert deletes (its `next` side absent) that holds a task that does
    /// not go with it: one not recorded as leaving it, nor in `leaving` (an import's).
    func firstListKeepingOtherTasks(of change: Int64, next: Side, leaving range: ImportedRange?) throws -> String? {
        let now = next.other
        return try session.first("""
            SELECT h.\(now)_name FROM history_lists AS h
            WHERE h.change_id = $1 AND h.\(now)_name IS NOT NULL AND h.\(next)_name IS NULL
            AND EXISTS (
                SELECT 1 FROM tasks AS t WHERE t.list_id = h.list_id AND NOT (t.id > $2 AND t.id <= $3)
                AND NOT EXISTS (SELECT 1 FROM history_tasks AS g WHERE g.change_id = $1 AND g.task_id = t.id
                                AND (g.\(next)_title IS NULL OR g.\(next)_list_id IS DISTINCT FROM h.list_id)))
            ORDER BY h.list_id LIMIT 1
            """, [.integer(change), .integer(range?.after ?? 0), .integer(range?.through ?? 0)]) { try $0.text(0) }
    }

    /// The first name the revert gives a list that another list has now (ignoring ASCII case).
    func firstNameTaken(of change: Int64, next: Side) throws -> String? {
        try session.first("""
            SELECT l.name FROM history_lists AS h JOIN lists AS l ON \(dialect.sameName("l.name", "h.\(next)_name")) AND l.id <> h.list_id
            WHERE h.change_id = $1 AND h.\(next)_name IS NOT NULL ORDER BY h.list_id LIMIT 1
            """, [.integer(change)]) { try $0.text(0) }
    }

    /// The first task the revert puts into a list that will not be there.
    func firstTaskWithoutItsList(of change: Int64, next: Side, outside range: ImportedRange? = nil) throws -> (task: Int64, list: Int64)? {
        try session.first("""
            SELECT h.task_id, h.\(next)_list_id FROM history_tasks AS h
            WHERE h.change_id = $1 AND NOT (h.task_id > $2 AND h.task_id <= $3) AND h.\(next)_title IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM history_lists AS g WHERE g.change_id = $1 AND g.list_id = h.\(next)_list_id AND g.\(next)_name IS NOT NULL)
            AND (NOT EXISTS (SELECT 1 FROM lists WHERE id = h.\(next)_list_id)
                 OR EXISTS (SELECT 1 FROM history_lists AS g WHERE g.change_id = $1 AND g.list_id = h.\(next)_list_id AND g.\(next)_name IS NULL))
            ORDER BY h.task_id LIMIT 1
            """, [.integer(change)] + Self.bounds(range)) { (try $0.int64(0), try $0.int64(1)) }
    }
}
