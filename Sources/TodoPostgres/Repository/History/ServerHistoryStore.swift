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

    func recordedLists(of change: Int64) throws -> [Recorded<ListRow>] {
        try server.rows("SELECT list_id, before_name, before_created_at, after_name, after_created_at FROM history_lists WHERE change_id = $1 ORDER BY list_id",
                        [change]).map { row in
            Recorded(id: try row.int64(0), before: try ListRow.read(row, from: 1), after: try ListRow.read(row, from: 3))
        }
    }

    func recordedTasks(of change: Int64) throws -> [Recorded<TaskRow>] {
        let columns = TaskRow.fields.map { "before_" + $0 } + TaskRow.fields.map { "after_" + $0 }
        return try server.rows("SELECT task_id, \(columns.joined(by: ", ")) FROM history_tasks WHERE change_id = $1 AND NOT \(Self.deleted) ORDER BY task_id",
                               [change]).map { row in
            Recorded(id: try row.int64(0), before: try TaskRow.read(row, from: 1),
                     after: try TaskRow.read(row, from: 1 + TaskRow.fields.count))
        }
    }

    func importedRange(of change: Int64) throws -> ImportedRange? {
        try server.first("SELECT imported_after, imported_through, imported_count, imported_fingerprint FROM history WHERE id = $1 AND imported_after IS NOT NULL",
                         [change]) { ImportedRange(after: try $0.int64(0), through: try $0.int64(1), count: try $0.int(2), fingerprint: try $0.int64(3)) }
    }

    // MARK: The tasks a change deleted

    /// A history_tasks row of a task the change deleted (a task there before, none after).
    static let deleted = "(before_title IS NOT NULL AND after_title IS NULL)"

    func firstDeletedTaskInTheWay(of change: Int64, undoing: Bool) throws -> Int64? {
        // The first statement of a revert that reads them all: the limit goes from here.
        guard try deletedTaskCount(of: change) > 0 else { return nil }
        guard !undoing else {
            return try server.first("""
                SELECT h.task_id FROM history_tasks AS h WHERE h.change_id = $1 AND \(Self.deleted)
                AND EXISTS (SELECT 1 FROM tasks WHERE id = h.task_id) ORDER BY h.task_id LIMIT 1
                """, [change]) { try $0.int64(0) }
        }
        // Each field as read back (`TaskRow.read`): no tags recorded is none, no repeat_from 'due'.
        let same = TaskRow.fields.map { field in
            switch field {
            case "tags": "\(TaskRow.tagsOf("t.id")) IS NOT DISTINCT FROM coalesce(h.before_tags, '')"
            case "repeat_from": "t.repeat_from IS NOT DISTINCT FROM coalesce(h.before_repeat_from, 'due')"
            default: "t.\(field) IS NOT DISTINCT FROM h.before_\(field)"
            }
        }.joined(by: " AND ")
        return try server.first("""
            SELECT h.task_id FROM history_tasks AS h LEFT JOIN tasks AS t ON t.id = h.task_id
            WHERE h.change_id = $1 AND \(Self.deleted) AND NOT (t.id IS NOT NULL AND \(same)) ORDER BY h.task_id LIMIT 1
            """, [change]) { try $0.int64(0) }
    }

    func deletedTaskCount(of change: Int64, inList list: Int64) throws -> Int {
        try server.first("SELECT count(*) FROM history_tasks WHERE change_id = $1 AND \(Self.deleted) AND before_list_id = $2",
                         [change, list]) { try $0.int(0) } ?? 0
    }

    /// How many tasks the change deleted; past an import's worth, the rest of the revert has no
    /// statement limit (see liftStatementLimit): it is work the size of a list.
    private func deletedTaskCount(of change: Int64) throws -> Int {
        let count = try server.first("SELECT count(*) FROM history_tasks WHERE change_id = $1 AND \(Self.deleted)", [change]) { try $0.int(0) } ?? 0
        if count >= PostgresTodoRepository.bulkLoadTasks { try server.liftStatementLimit() }
        return count
    }

    /// As an import loads: past its worth, the indexes are built once at the end (see
    /// bulkLoading), and each tag's spelling is looked up once, not once per row.
    func restoreDeletedTasks(of change: Int64) throws {
        let count = try deletedTaskCount(of: change)
        guard count > 0 else { return }
        let columns = TaskRow.columns
        try repository.bulkLoading(count) {
            try server.run("""
                INSERT INTO tasks (id, \(columns.joined(by: ", ")))
                SELECT task_id, \(columns.map { $0 == "repeat_from" ? "coalesce(before_repeat_from, 'due')" : "before_" + $0 }.joined(by: ", "))
                FROM history_tasks WHERE change_id = $1 AND \(Self.deleted)
                """, [change])
            // Each tag spelled as the database spells it now (as `addTag` does one at a time).
            try server.run("""
                WITH wanted AS (
                    SELECT h.task_id, w.tag FROM history_tasks AS h, unnest(string_to_array(h.before_tags, ' ')) AS w (tag)
                    WHERE h.change_id = $1 AND \(Self.deleted) AND h.before_tags <> '' AND w.tag <> ''
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

    func deleteDeletedTasks(of change: Int64) throws {
        guard try deletedTaskCount(of: change) > 0 else { return }
        try server.run("DELETE FROM tasks WHERE id IN (SELECT task_id FROM history_tasks WHERE change_id = $1 AND \(Self.deleted))", [change])
    }

    // MARK: As it is now

    func taskRow(_ id: Int64) throws -> TaskRow? { try repository.taskRow(id) }

    func listRow(_ id: Int64) throws -> ListRow? { try repository.listRow(id) }

    func list(named name: String) throws -> (id: Int64, name: String)? {
        try repository.list(named: name).map { ($0.id, $0.name) }
    }

    func taskCount(inList list: Int64, within range: ImportedRange?) throws -> Int {
        guard let range else { return try server.first("SELECT count(*) FROM tasks WHERE list_id = $1", [list]) { try $0.int(0) } ?? 0 }
        return try server.first("SELECT count(*) FROM tasks WHERE list_id = $1 AND id > $2 AND id <= $3",
                                [list, range.after, range.through]) { try $0.int(0) } ?? 0
    }

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

    // MARK: Putting rows back

    func deleteTask(_ id: Int64) throws {
        try server.run("DELETE FROM tasks WHERE id = $1", [id])
    }

    func insertTask(_ id: Int64, _ row: TaskRow) throws {
        var values = Placeholders()
        let list = values.list([id] + row.columnValues)
        try server.run("INSERT INTO tasks (id, \(TaskRow.columns.joined(by: ", "))) VALUES (\(list))", values.values)
    }

    func updateTask(_ id: Int64, _ row: TaskRow) throws {
        var values = Placeholders()
        let sets = zip(TaskRow.columns, row.columnValues).map { "\($0) = \(values.add($1))" }.joined(by: ", ")
        try server.run("UPDATE tasks SET \(sets) WHERE id = \(values.add(id))", values.values)
    }

    func setTags(_ tags: String, of id: Int64) throws {
        try repository.setTags(tags, of: id)
    }

    func insertList(_ id: Int64, _ row: ListRow) throws {
        try server.run("INSERT INTO lists (id, name, created_at) VALUES ($1, $2, $3)", [id] + row.values)
    }

    func updateList(_ id: Int64, _ row: ListRow) throws {
        try server.run("UPDATE lists SET name = $1, created_at = $2 WHERE id = $3", row.values + [id])
    }

    func deleteList(_ id: Int64) throws {
        try server.run("DELETE FROM lists WHERE id = $1", [id])
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
