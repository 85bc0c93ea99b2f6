import TodoCore
import TodoHistory

/// The SQLite file as undo and redo see it (`ChangeReverter` decides; this reads and writes).
/// An import's tasks leave and come back in bulk when they are many (see `BulkLoad`).
struct FileHistoryStore: HistoryStore {
    let repository: SQLiteTodoRepository

    private var db: Connection { repository.db }

    // MARK: The record of a change

    func nextChange(undoing: Bool) throws -> HistoryEntry? {
        let pick = "WHERE \(HistoryWindow.visible) AND " + (undoing ? "undone = 0 ORDER BY id DESC" : "undone = 1 ORDER BY id")
        return try db.cached("SELECT id, at, command, summary, undone FROM history \(pick) LIMIT 1")
            .bind([repository.historyLimit]).first(SQLiteTodoRepository.readEntry)
    }

    func markChange(_ id: Int64, undone: Bool) throws {
        try db.run("UPDATE history SET undone = ? WHERE id = ?", undone, id)
    }

    func importedRange(of change: Int64) throws -> ImportedRange? {
        try db.cached("SELECT imported_after, imported_through, imported_count, imported_fingerprint FROM history WHERE id = ? AND imported_after IS NOT NULL")
            .bind([change]).first { row in
                ImportedRange(after: row.int64(0), through: row.isNull(1) ? nil : row.int64(1), count: row.isNull(2) ? nil : row.int(2),
                              fingerprint: row.isNull(3) ? nil : row.int64(3))
            }
    }

    func forEachRecordedRow(of change: Int64, _ body: (RecordedRow) throws -> Void) throws {
        try Self.forEachRecordedRow(in: db, of: change) { try body($1) }
    }

    /// The rows one change recorded, or every change's (`change` nil, for `todo db check`), each
    /// with the change it belongs to; streamed.
    static func forEachRecordedRow(in db: Connection, of change: Int64?, _ body: (Int64, RecordedRow) throws -> Void) throws {
        let which = change == nil ? "" : "WHERE change_id = ?"
        let values: [(any SQLBindable)?] = change.map { [$0] } ?? []
        let listColumns = (ListRow.fields.map { "before_" + $0 } + ListRow.fields.map { "after_" + $0 }).joined(by: ", ")
        try db.prepare("SELECT change_id, list_id, \(listColumns) FROM history_lists \(which) ORDER BY change_id, list_id")
            .bind(values).forEachRow { row in
                try body(row.int64(0), RecordedRow(kind: .list, id: row.int64(1), before: texts(row, from: 2, ListRow.fields.count),
                                                   after: texts(row, from: 2 + Int32(ListRow.fields.count), ListRow.fields.count)))
            }
        let taskColumns = (TaskRow.fields.map { "before_" + $0 } + TaskRow.fields.map { "after_" + $0 }).joined(by: ", ")
        try db.prepare("SELECT change_id, task_id, \(taskColumns) FROM history_tasks \(which) ORDER BY change_id, task_id")
            .bind(values).forEachRow { row in
                try body(row.int64(0), RecordedRow(kind: .task, id: row.int64(1), before: texts(row, from: 2, TaskRow.fields.count),
                                                   after: texts(row, from: 2 + Int32(TaskRow.fields.count), TaskRow.fields.count)))
            }
    }

    /// `count` columns from `first`, each as text (a number in decimal), NULL as nil.
    private static func texts(_ row: Statement, from first: Int32, _ count: Int) -> [String?] {
        (0..<Int32(count)).map { row.optionalText(first + $0) }
    }

    // MARK: Checks

    /// A recorded task's side as the task row `t` is (both there). Each field as read back
    /// (`TaskRow.read`): no tags recorded is none, no repeat_from 'due'.
    private static func taskMatches(_ side: Side) -> String {
        TaskRow.fields.map { field in
            switch field {
            case "tags": "\(TaskRow.tagsOf("t.id")) IS coalesce(h.\(side)_tags, '')"
            case "repeat_from": "t.repeat_from IS coalesce(h.\(side)_repeat_from, 'due')"
            default: "t.\(field) IS h.\(side)_\(field)"
            }
        }.joined(by: " AND ")
    }

    func firstTaskNotAsRecorded(of change: Int64, now: Side) throws -> (id: Int64, existsAgain: Bool)? {
        try db.cached("""
            SELECT h.task_id, h.\(now)_title IS NULL FROM history_tasks AS h LEFT JOIN tasks AS t ON t.id = h.task_id
            WHERE h.change_id = ? AND CASE WHEN h.\(now)_title IS NULL THEN t.id IS NOT NULL
                                           ELSE t.id IS NULL OR NOT (\(Self.taskMatches(now))) END
            ORDER BY h.task_id LIMIT 1
            """).bind([change]).first { ($0.int64(0), $0.bool(1)) }
    }

    func firstListNotAsRecorded(of change: Int64, now: Side) throws -> (id: Int64, name: String?)? {
        // Names compared byte for byte here: a list renamed by hand in case alone was changed.
        try db.cached("""
            SELECT h.list_id, h.\(now)_name FROM history_lists AS h LEFT JOIN lists AS l ON l.id = h.list_id
            WHERE h.change_id = ? AND CASE WHEN h.\(now)_name IS NULL THEN l.id IS NOT NULL
                ELSE l.id IS NULL OR NOT (l.name IS h.\(now)_name COLLATE BINARY AND l.created_at IS h.\(now)_created_at) END
            ORDER BY h.list_id LIMIT 1
            """).bind([change]).first { ($0.int64(0), $0.optionalText(1)) }
    }

    func firstListKeepingOtherTasks(of change: Int64, next: Side, leaving range: ImportedRange?) throws -> String? {
        let now = next.other
        return try db.cached("""
            SELECT h.\(now)_name FROM history_lists AS h
            WHERE h.change_id = ?1 AND h.\(now)_name IS NOT NULL AND h.\(next)_name IS NULL
            AND EXISTS (
                SELECT 1 FROM tasks AS t WHERE t.list_id = h.list_id AND NOT (t.id > ?2 AND t.id <= ?3)
                AND NOT EXISTS (SELECT 1 FROM history_tasks AS g WHERE g.change_id = ?1 AND g.task_id = t.id
                                AND (g.\(next)_title IS NULL OR g.\(next)_list_id IS NOT h.list_id)))
            ORDER BY h.list_id LIMIT 1
            """).bind([change, range?.after ?? 0, range?.through ?? 0]).first { $0.text(0) }
    }

    func firstNameTaken(of change: Int64, next: Side) throws -> String? {
        // `l.name =` compares as the column does, ignoring ASCII case.
        try db.cached("""
            SELECT l.name FROM history_lists AS h JOIN lists AS l ON l.name = h.\(next)_name AND l.id <> h.list_id
            WHERE h.change_id = ? AND h.\(next)_name IS NOT NULL ORDER BY h.list_id LIMIT 1
            """).bind([change]).first { $0.text(0) }
    }

    func firstTaskWithoutItsList(of change: Int64, next: Side) throws -> (task: Int64, list: Int64)? {
        try db.cached("""
            SELECT h.task_id, h.\(next)_list_id FROM history_tasks AS h
            WHERE h.change_id = ?1 AND h.\(next)_title IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM history_lists AS g WHERE g.change_id = ?1 AND g.list_id = h.\(next)_list_id AND g.\(next)_name IS NOT NULL)
            AND (NOT EXISTS (SELECT 1 FROM lists WHERE id = h.\(next)_list_id)
                 OR EXISTS (SELECT 1 FROM history_lists AS g WHERE g.change_id = ?1 AND g.list_id = h.\(next)_list_id AND g.\(next)_name IS NULL))
            ORDER BY h.task_id LIMIT 1
            """).bind([change]).first { ($0.int64(0), $0.int64(1)) }
    }

    // MARK: Putting rows back

    /// Recorded tasks that the revert deletes (there now, not after).
    private static func going(_ next: Side, _ h: String = "") -> String { "\(h)\(next.other)_title IS NOT NULL AND \(h)\(next)_title IS NULL" }
    /// Recorded tasks that the revert adds (not there now, there after).
    private static func coming(_ next: Side) -> String { "\(next.other)_title IS NULL AND \(next)_title IS NOT NULL" }
    /// Recorded tasks that the revert changes (there now and after).
    private static func staying(_ next: Side, _ h: String = "") -> String { "\(h)\(next.other)_title IS NOT NULL AND \(h)\(next)_title IS NOT NULL" }

    private func count(of change: Int64, _ condition: String) throws -> Int {
        try db.cached("SELECT count(*) FROM history_tasks WHERE change_id = ? AND \(condition)").bind([change]).first { $0.int(0) } ?? 0
    }

    func deleteTasks(of change: Int64, next: Side) throws {
        let count = try count(of: change, Self.going(next))
        guard count > 0 else { return }
        try inBulk(rows: count, .deleting) {
            try inSlices("history_tasks", "task_id", of: change, where: Self.going(next)) { low, high in
                try db.run("""
                    DELETE FROM tasks WHERE id IN (
                        SELECT task_id FROM history_tasks WHERE change_id = ? AND \(Self.going(next)) AND task_id >= ? AND task_id <= ?)
                    """, change, low, high)
            }
        }
    }

    /// Runs `body` on the change's rows of `table` that meet `condition`, 50,000 of them at a
    /// time, as (lowest, highest) of `key`: a statement that runs triggers or cascades first
    /// gathers every rowid it touches in memory, and an UPDATE FROM every row it joins, so a
    /// change of any size is reverted in slices (`deleteTasks(after:through:)` does the same).
    /// Slices are cut at ids the change recorded, so a sparse one takes no more steps than rows.
    private func inSlices(_ table: String, _ key: String, of change: Int64, where condition: String,
                          _ body: (Int64, Int64) throws -> Void) throws {
        var low: Int64 = .min
        while true {
            let high = try db.cached("SELECT \(key) FROM \(table) WHERE change_id = ? AND \(condition) AND \(key) >= ? ORDER BY \(key) LIMIT 1 OFFSET 49999")
                .bind([change, low]).first { $0.int64(0) } ?? .max
            try body(low, high)
            if high == .max { return }
            low = high + 1
        }
    }

    func putListsBack(of change: Int64, next: Side) throws {
        let now = next.other
        try db.run("""
            INSERT INTO lists (id, name, created_at) SELECT list_id, \(next)_name, \(next)_created_at FROM history_lists
            WHERE change_id = ? AND \(now)_name IS NULL AND \(next)_name IS NOT NULL
            """, change)
        try db.run("""
            UPDATE lists SET name = h.\(next)_name, created_at = h.\(next)_created_at FROM history_lists AS h
            WHERE h.change_id = ? AND h.list_id = lists.id AND h.\(now)_name IS NOT NULL AND h.\(next)_name IS NOT NULL
            """, change)
    }

    func putTasksBack(of change: Int64, next: Side) throws {
        let now = next.other
        let coming = try count(of: change, Self.coming(next))
        if coming > 0 {
            try inBulk(rows: coming, .inserting) {
                try db.run("""
                    INSERT INTO tasks (id, \(TaskRow.columns.joined(by: ", ")))
                    SELECT task_id, \(TaskRow.recorded(next.rawValue)) FROM history_tasks WHERE change_id = ? AND \(Self.coming(next))
                    """, change)
            }
        }
        let sets = zip(TaskRow.columns, TaskRow.recordedColumns(next.rawValue, of: "h.")).map { "\($0) = \($1)" }.joined(by: ", ")
        try inSlices("history_tasks", "task_id", of: change, where: Self.staying(next)) { low, high in
            try db.run("""
                UPDATE tasks SET \(sets) FROM history_tasks AS h
                WHERE h.change_id = ? AND h.task_id = tasks.id AND \(Self.staying(next, "h.")) AND h.task_id >= ? AND h.task_id <= ?
                """, change, low, high)
        }
        // Tags where they differ: those of a task that stays go, then each task's come back from
        // the one text the record keeps them in, each spelled as the database spells it now (as
        // `setTags` does one task at a time).
        let tagsDiffer = "coalesce(\(now)_tags, '') IS NOT coalesce(\(next)_tags, '')"
        try db.run("""
            DELETE FROM task_tags WHERE task_id IN (
                SELECT task_id FROM history_tasks WHERE change_id = ? AND \(Self.staying(next)) AND \(tagsDiffer))
            """, change)
        try db.run("""
            WITH RECURSIVE split (task_id, tag, rest) AS (
                SELECT task_id, '', \(next)_tags || ' ' FROM history_tasks
                WHERE change_id = ? AND \(next)_title IS NOT NULL AND \(next)_tags <> '' AND (\(now)_title IS NULL OR \(tagsDiffer))
                UNION ALL
                SELECT task_id, substr(rest, 1, instr(rest, ' ') - 1), substr(rest, instr(rest, ' ') + 1) FROM split WHERE rest <> ''
            )
            INSERT OR IGNORE INTO task_tags (task_id, tag)
            SELECT task_id, coalesce((SELECT g.tag FROM task_tags AS g WHERE g.tag = split.tag LIMIT 1), tag) FROM split WHERE tag <> ''
            """, change)
    }

    /// In slices (`inSlices`): an import that made 400,000 lists deletes them on its undo.
    func deleteLists(of change: Int64, next: Side) throws {
        let going = "\(next.other)_name IS NOT NULL AND \(next)_name IS NULL"
        try inSlices("history_lists", "list_id", of: change, where: going) { low, high in
            try db.run("DELETE FROM lists WHERE id IN (SELECT list_id FROM history_lists WHERE change_id = ? AND \(going) AND list_id >= ? AND list_id <= ?)",
                       change, low, high)
        }
    }

    // MARK: An import's tasks

    func taskCount(within range: ImportedRange) throws -> Int {
        try db.cached("SELECT count(*) FROM tasks WHERE id > ? AND id <= ?").bind([range.after, range.through]).first { $0.int(0) } ?? 0
    }

    func importedTasks(_ range: ImportedRange) throws -> (count: Int, unchanged: Bool) {
        let (count, fingerprint) = try repository.tasksFingerprint(after: range.after, through: range.through)
        return (count, fingerprint == range.fingerprint)
    }

    func firstMissingTask(of range: ImportedRange) throws -> Int64? {
        if try repository.taskRow(range.after + 1) == nil { return range.after + 1 }
        return try db.cached("""
            SELECT id + 1 FROM tasks AS t WHERE id > ? AND id < ?
            AND NOT EXISTS (SELECT 1 FROM tasks WHERE id = t.id + 1) ORDER BY id LIMIT 1
            """).bind([range.after, range.through]).first { $0.int64(0) }
    }

    // MARK: Putting rows back

    func deleteTask(_ id: Int64) throws {
        try db.run("DELETE FROM tasks WHERE id = ?", id)
    }

    func insertTask(_ id: Int64, _ row: TaskRow) throws {
        try db.cached("INSERT INTO tasks (id, \(TaskRow.columns.joined(by: ", "))) VALUES (?\(String(repeating: ", ?", count: TaskRow.columns.count)))")
            .bind([id] + row.columnValues).run()
    }

    func updateTask(_ id: Int64, _ row: TaskRow) throws {
        try db.cached("UPDATE tasks SET \(TaskRow.columns.map { $0 + " = ?" }.joined(by: ", ")) WHERE id = ?")
            .bind(row.columnValues + [id]).run()
    }

    func setTags(_ tags: String, of id: Int64) throws {
        try repository.setTags(tags, of: id)
    }

    func insertList(_ id: Int64, _ row: ListRow) throws {
        try db.cached("INSERT INTO lists (id, name, created_at) VALUES (?, ?, ?)").bind([id] + row.values).run()
    }

    func updateList(_ id: Int64, _ row: ListRow) throws {
        try db.cached("UPDATE lists SET name = ?, created_at = ? WHERE id = ?").bind(row.values + [id]).run()
    }

    func deleteList(_ id: Int64) throws {
        try db.run("DELETE FROM lists WHERE id = ?", id)
    }

    func moveImportedTasks(_ range: ImportedRange, into change: Int64) throws {
        try db.run("""
            INSERT INTO history_tasks (change_id, task_id, \(TaskRow.fields.map { "after_" + $0 }.joined(by: ", ")))
            SELECT ?, t.id, \(TaskRow.selected) FROM tasks AS t WHERE t.id > ? AND t.id <= ?
            """, change, range.after, range.through)
        try inBulk(rows: range.count, .deleting) { try deleteTasks(after: range.after, through: range.through) }
    }

    func restoreImportedTasks(_ range: ImportedRange, from change: Int64) throws {
        try inBulk(rows: range.count, .inserting) {
            try db.run("""
                INSERT INTO tasks (id, \(TaskRow.columns.joined(by: ", ")))
                SELECT task_id, \(TaskRow.recorded("after")) FROM history_tasks WHERE change_id = ?
                """, change)
        }
        // Each task's tags, from the one text the record keeps them in.
        try db.run("""
            WITH RECURSIVE split (task_id, tag, rest) AS (
                SELECT task_id, '', after_tags || ' ' FROM history_tasks WHERE change_id = ? AND after_tags <> ''
                UNION ALL
                SELECT task_id, substr(rest, 1, instr(rest, ' ') - 1), substr(rest, instr(rest, ' ') + 1) FROM split WHERE rest <> ''
            )
            INSERT OR IGNORE INTO task_tags (task_id, tag) SELECT task_id, tag FROM split WHERE tag <> ''
            """, change)
        try db.run("DELETE FROM history_tasks WHERE change_id = ?", change)
    }

    /// Deletes the tasks with ids in (after, through] a slice of 50,000 at a time. A DELETE that
    /// runs triggers or cascades first gathers every rowid it will delete in memory (32 MiB for
    /// a million); slices keep that small. Slices are cut at ids that exist, so a sparse range
    /// (ids kept from another database) takes no more steps than it has tasks.
    private func deleteTasks(after first: Int64, through last: Int64) throws {
        var low = first
        while true {
            let high = try db.cached("SELECT id FROM tasks WHERE id > ? AND id <= ? ORDER BY id LIMIT 1 OFFSET 49999")
                .bind([low, last]).first { $0.int64(0) } ?? last
            try db.run("DELETE FROM tasks WHERE id > ? AND id <= ?", low, high)
            if high == last { return }
            low = high
        }
    }

    private func inBulk(rows: Int, _ work: BulkLoad.Work, _ body: () throws -> Void) throws {
        let tableRows = try db.cached("SELECT coalesce(sum(open_count) + sum(done_count), 0) FROM lists").bind([]).first { $0.int(0) } ?? 0
        guard BulkLoad.pays(for: rows, in: tableRows, work) else { return try body() }
        let bulk = try BulkLoad.start(db, work)
        try body()
        try bulk.finish()
    }
}
