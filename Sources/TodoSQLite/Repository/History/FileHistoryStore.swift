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

    func recordedLists(of change: Int64) throws -> [Recorded<ListRow>] {
        var lists: [Recorded<ListRow>] = []
        try db.cached("SELECT list_id, before_name, before_created_at, after_name, after_created_at FROM history_lists WHERE change_id = ? ORDER BY list_id")
            .bind([change]).forEachRow { row in
                lists.append(Recorded(id: row.int64(0), before: ListRow.read(row, from: 1), after: ListRow.read(row, from: 3)))
            }
        return lists
    }

    func recordedTasks(of change: Int64) throws -> [Recorded<TaskRow>] {
        let columns = TaskRow.fields.map { "before_" + $0 } + TaskRow.fields.map { "after_" + $0 }
        var tasks: [Recorded<TaskRow>] = []
        try db.cached("SELECT task_id, \(columns.joined(by: ", ")) FROM history_tasks WHERE change_id = ? AND NOT \(Self.deleted) ORDER BY task_id")
            .bind([change]).forEachRow { row in
                tasks.append(Recorded(id: row.int64(0), before: TaskRow.read(row, from: 1), after: TaskRow.read(row, from: 1 + Int32(TaskRow.fields.count))))
            }
        return tasks
    }

    func importedRange(of change: Int64) throws -> ImportedRange? {
        try db.cached("SELECT imported_after, imported_through, imported_count, imported_fingerprint FROM history WHERE id = ? AND imported_after IS NOT NULL")
            .bind([change]).first { ImportedRange(after: $0.int64(0), through: $0.int64(1), count: $0.int(2), fingerprint: $0.int64(3)) }
    }

    // MARK: The tasks a change deleted

    /// A history_tasks row of a task the change deleted (a task there before, none after).
    static let deleted = "(before_title IS NOT NULL AND after_title IS NULL)"

    func firstDeletedTaskInTheWay(of change: Int64, undoing: Bool) throws -> Int64? {
        guard !undoing else {
            return try db.cached("""
                SELECT h.task_id FROM history_tasks AS h WHERE h.change_id = ? AND \(Self.deleted)
                AND EXISTS (SELECT 1 FROM tasks WHERE id = h.task_id) ORDER BY h.task_id LIMIT 1
                """).bind([change]).first { $0.int64(0) }
        }
        // Each field as read back (`TaskRow.read`): no tags recorded is none, no repeat_from 'due'.
        let same = TaskRow.fields.map { field in
            switch field {
            case "tags": "\(TaskRow.tagsOf("t.id")) IS coalesce(h.before_tags, '')"
            case "repeat_from": "t.repeat_from IS coalesce(h.before_repeat_from, 'due')"
            default: "t.\(field) IS h.before_\(field)"
            }
        }.joined(by: " AND ")
        return try db.cached("""
            SELECT h.task_id FROM history_tasks AS h LEFT JOIN tasks AS t ON t.id = h.task_id
            WHERE h.change_id = ? AND \(Self.deleted) AND NOT (t.id IS NOT NULL AND \(same)) ORDER BY h.task_id LIMIT 1
            """).bind([change]).first { $0.int64(0) }
    }

    func deletedTaskCount(of change: Int64, inList list: Int64) throws -> Int {
        try db.cached("SELECT count(*) FROM history_tasks WHERE change_id = ? AND \(Self.deleted) AND before_list_id = ?")
            .bind([change, list]).first { $0.int(0) } ?? 0
    }

    private func deletedTaskCount(of change: Int64) throws -> Int {
        try db.cached("SELECT count(*) FROM history_tasks WHERE change_id = ? AND \(Self.deleted)").bind([change]).first { $0.int(0) } ?? 0
    }

    func restoreDeletedTasks(of change: Int64) throws {
        let count = try deletedTaskCount(of: change)
        guard count > 0 else { return }
        try inBulk(rows: count, .inserting) {
            try db.run("""
                INSERT INTO tasks (id, \(TaskRow.columns.joined(by: ", ")))
                SELECT task_id, \(TaskRow.recorded("before")) FROM history_tasks WHERE change_id = ? AND \(Self.deleted)
                """, change)
        }
        // Each task's tags, from the one text the record keeps them in, spelled as the database
        // spells them now (as `setTags` does one task at a time).
        try db.run("""
            WITH RECURSIVE split (task_id, tag, rest) AS (
                SELECT task_id, '', before_tags || ' ' FROM history_tasks WHERE change_id = ? AND \(Self.deleted) AND before_tags <> ''
                UNION ALL
                SELECT task_id, substr(rest, 1, instr(rest, ' ') - 1), substr(rest, instr(rest, ' ') + 1) FROM split WHERE rest <> ''
            )
            INSERT OR IGNORE INTO task_tags (task_id, tag)
            SELECT task_id, coalesce((SELECT g.tag FROM task_tags AS g WHERE g.tag = split.tag LIMIT 1), tag) FROM split WHERE tag <> ''
            """, change)
    }

    func deleteDeletedTasks(of change: Int64) throws {
        let count = try deletedTaskCount(of: change)
        guard count > 0 else { return }
        // A slice of 50,000 at a time, as `deleteTasks` does, so a DELETE that runs triggers
        // gathers few rowids in memory.
        try inBulk(rows: count, .deleting) {
            var low: Int64 = .min
            while true {
                let high = try db.cached("""
                    SELECT task_id FROM history_tasks WHERE change_id = ? AND \(Self.deleted) AND task_id >= ? ORDER BY task_id LIMIT 1 OFFSET 49999
                    """).bind([change, low]).first { $0.int64(0) } ?? .max
                try db.run("""
                    DELETE FROM tasks WHERE id IN (
                        SELECT task_id FROM history_tasks WHERE change_id = ? AND \(Self.deleted) AND task_id >= ? AND task_id <= ?)
                    """, change, low, high)
                if high == .max { return }
                low = high + 1
            }
        }
    }

    // MARK: As it is now

    func taskRow(_ id: Int64) throws -> TaskRow? { try repository.taskRow(id) }

    func listRow(_ id: Int64) throws -> ListRow? { try repository.listRow(id) }

    func list(named name: String) throws -> (id: Int64, name: String)? {
        try repository.list(named: name).map { ($0.id, $0.name) }
    }

    func taskCount(inList list: Int64, within range: ImportedRange?) throws -> Int {
        guard let range else { return try db.cached("SELECT count(*) FROM tasks WHERE list_id = ?").bind([list]).first { $0.int(0) } ?? 0 }
        return try db.cached("SELECT count(*) FROM tasks WHERE list_id = ? AND id > ? AND id <= ?")
            .bind([list, range.after, range.through]).first { $0.int(0) } ?? 0
    }

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
