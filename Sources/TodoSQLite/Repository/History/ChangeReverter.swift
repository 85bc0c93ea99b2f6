import TodoCore

/// Puts one recorded change back (undo: every row as it was before; redo: as it was after), but
/// only after checking that every row it touches is now exactly as the change (or its undo) left
/// it: anything changed since, by another command or by hand, is never overwritten.
struct ChangeReverter {
    let repository: SQLiteTodoRepository
    let entry: HistoryEntry
    let undoing: Bool

    private var db: Connection { repository.db }

    /// One recorded row: `now` is what it must be at present (nil: not there), `next` what it
    /// becomes (nil: it goes).
    struct Step<Row: Equatable> {
        let id: Int64
        let now: Row?
        let next: Row?
    }

    func revert() throws {
        let lists = try listSteps()
        if let range = try importedRange() {
            try revertImport(range, lists)
        } else {
            let tasks = try taskSteps()
            try check(lists, tasks)
            try apply(lists, tasks)
        }
    }

    // MARK: Reading the record

    private func listSteps() throws -> [Step<ListRow>] {
        var steps: [Step<ListRow>] = []
        try db.cached("SELECT list_id, before_name, before_created_at, after_name, after_created_at FROM history_lists WHERE change_id = ? ORDER BY list_id")
            .bind([entry.id]).forEachRow { row in
                let before = ListRow.read(row, from: 1), after = ListRow.read(row, from: 3)
                steps.append(Step(id: row.int64(0), now: undoing ? after : before, next: undoing ? before : after))
            }
        return steps
    }

    /// The task rows of a change that is not an import (a command's own tasks: few).
    private func taskSteps() throws -> [Step<TaskRow>] {
        let columns = TaskRow.fields.map { "before_" + $0 } + TaskRow.fields.map { "after_" + $0 }
        var steps: [Step<TaskRow>] = []
        try db.cached("SELECT task_id, \(columns.joined(by: ", ")) FROM history_tasks WHERE change_id = ? ORDER BY task_id")
            .bind([entry.id]).forEachRow { row in
                let before = TaskRow.read(row, from: 1), after = TaskRow.read(row, from: 1 + Int32(TaskRow.fields.count))
                steps.append(Step(id: row.int64(0), now: undoing ? after : before, next: undoing ? before : after))
            }
        return steps
    }

    private func importedRange() throws -> ImportedRange? {
        try db.cached("SELECT imported_after, imported_through, imported_count, imported_fingerprint FROM history WHERE id = ? AND imported_after IS NOT NULL")
            .bind([entry.id]).first { ImportedRange(after: $0.int64(0), through: $0.int64(1), count: $0.int(2), fingerprint: $0.int64(3)) }
    }

    // MARK: Checking

    private func conflict(_ reason: String) -> TodoError {
        .historyConflict(change: entry.id, command: entry.command, undoing: undoing, reason: reason)
    }

    /// Every row as the record says it is now; a list to delete holds nothing else; a list to
    /// put back has its name free.
    private func check(_ lists: [Step<ListRow>], _ tasks: [Step<TaskRow>], leaving: (Int64) throws -> Int = { _ in 0 }) throws {
        for step in tasks where try repository.taskRow(step.id) != step.now {
            throw conflict(step.now == nil ? "a task with id \(step.id) exists again" : "task \(step.id) was changed or deleted since")
        }
        for step in lists {
            guard try repository.listRow(step.id) == step.now else {
                throw conflict(step.now == nil ? "a list with id \(step.id) exists again" : "list \(step.id) ('\(step.now?.name ?? "")') was changed or deleted since")
            }
            if step.next == nil {
                // Tasks deleted or moved out by this revert, or (an import's) leaving in bulk.
                let going = tasks.count { $0.now?.listID == step.id && $0.next?.listID != step.id }
                let inList = try db.cached("SELECT count(*) FROM tasks WHERE list_id = ?").bind([step.id]).first { $0.int(0) } ?? 0
                if inList - going - (try leaving(step.id)) > 0 { throw conflict("list '\(step.now?.name ?? "")' has tasks added since") }
            }
            if let name = step.next?.name, let other = try repository.list(named: name), other.id != step.id {
                throw conflict("a list named '\(other.name)' exists now")
            }
        }
    }

    // MARK: Applying

    /// Lists come back before their tasks; lists go last, once the tasks they held have gone
    /// or moved out (deleting a list deletes what is still in it).
    private func apply(_ lists: [Step<ListRow>], _ tasks: [Step<TaskRow>]) throws {
        for step in tasks where step.next == nil { try db.run("DELETE FROM tasks WHERE id = ?", step.id) }
        for step in lists {
            guard let next = step.next else { continue }
            if step.now == nil {
                try db.cached("INSERT INTO lists (id, name, created_at) VALUES (?, ?, ?)").bind([step.id] + next.values).run()
            } else {
                try db.cached("UPDATE lists SET name = ?, created_at = ? WHERE id = ?").bind(next.values + [step.id]).run()
            }
        }
        let columns = TaskRow.columns
        for step in tasks {
            guard let next = step.next else { continue }
            if step.now == nil {
                try db.cached("INSERT INTO tasks (id, \(columns.joined(by: ", "))) VALUES (?\(String(repeating: ", ?", count: columns.count)))")
                    .bind([step.id] + next.columnValues).run()
            } else {
                try db.cached("UPDATE tasks SET \(columns.map { $0 + " = ?" }.joined(by: ", ")) WHERE id = ?")
                    .bind(next.columnValues + [step.id]).run()
            }
            if next.tags != step.now?.tags ?? "" { try repository.setTags(next.tags, of: step.id) }
        }
        for step in lists where step.next == nil { try db.run("DELETE FROM lists WHERE id = ?", step.id) }
    }

    /// An import: undo moves its tasks into the record (for redo) and deletes them; redo puts
    /// them back from there. Done in bulk when they are many (see `BulkLoad`).
    private func revertImport(_ range: ImportedRange, _ lists: [Step<ListRow>]) throws {
        let inRange = "id > \(range.after) AND id <= \(range.through)"
        let columns = TaskRow.columns.joined(by: ", ")
        let tableRows = try db.cached("SELECT coalesce(sum(open_count) + sum(done_count), 0) FROM lists").bind([]).first { $0.int(0) } ?? 0
        if undoing {
            let (count, fingerprint) = try repository.tasksFingerprint(after: range.after, through: range.through)
            guard count == range.count, fingerprint == range.fingerprint else {
                throw conflict(try missingTask(of: range).map { "task \($0) was deleted since" }
                    ?? "of the \(range.count) tasks it imported, \(count == range.count ? "some were changed" : "\(count) are left") since")
            }
            try check(lists, []) { list in
                try db.cached("SELECT count(*) FROM tasks WHERE list_id = ? AND \(inRange)").bind([list]).first { $0.int(0) } ?? 0
            }
            try db.run("""
                INSERT INTO history_tasks (change_id, task_id, \(TaskRow.fields.map { "after_" + $0 }.joined(by: ", ")))
                SELECT ?, t.id, \(TaskRow.selected) FROM tasks AS t WHERE t.\(inRange)
                """, entry.id)
            try inBulk(rows: count, in: tableRows, .deleting) { try deleteTasks(after: range.after, through: range.through) }
            try apply(lists, [])
        } else {
            let present = try db.cached("SELECT count(*) FROM tasks WHERE \(inRange)").bind([]).first { $0.int(0) } ?? 0
            guard present == 0 else { throw conflict("\(present) task\(present == 1 ? "" : "s") with the ids it imported exist again") }
            try check(lists, [])
            try apply(lists, [])
            try inBulk(rows: range.count, in: tableRows, .inserting) {
                try db.run("""
                    INSERT INTO tasks (id, \(columns))
                    SELECT task_id, \(TaskRow.recordedAfter) FROM history_tasks WHERE change_id = ?
                    """, entry.id)
            }
            // Each task's tags, from the one text the record keeps them in.
            try db.run("""
                WITH RECURSIVE split (task_id, tag, rest) AS (
                    SELECT task_id, '', after_tags || ' ' FROM history_tasks WHERE change_id = ? AND after_tags <> ''
                    UNION ALL
                    SELECT task_id, substr(rest, 1, instr(rest, ' ') - 1), substr(rest, instr(rest, ' ') + 1) FROM split WHERE rest <> ''
                )
                INSERT OR IGNORE INTO task_tags (task_id, tag) SELECT task_id, tag FROM split WHERE tag <> ''
                """, entry.id)
            try db.run("DELETE FROM history_tasks WHERE change_id = ?", entry.id)
        }
    }

    /// The first task of an import's range that is gone, when its ids were one run with no
    /// gaps (an import of new tasks), so the refusal can name it.
    private func missingTask(of range: ImportedRange) throws -> Int64? {
        guard range.through - range.after == Int64(range.count) else { return nil }
        if try repository.taskRow(range.after + 1) == nil { return range.after + 1 }
        return try db.cached("""
            SELECT id + 1 FROM tasks AS t WHERE id > ? AND id < ?
            AND NOT EXISTS (SELECT 1 FROM tasks WHERE id = t.id + 1) ORDER BY id LIMIT 1
            """).bind([range.after, range.through]).first { $0.int64(0) }
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

    private func inBulk(rows: Int, in tableRows: Int, _ work: BulkLoad.Work, _ body: () throws -> Void) throws {
        guard BulkLoad.pays(for: rows, in: tableRows, work) else { return try body() }
        let bulk = try BulkLoad.start(db, work)
        try body()
        try bulk.finish()
    }
}
