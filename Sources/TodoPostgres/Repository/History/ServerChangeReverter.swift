#if PostgreSQL
import TodoCore

/// Puts one recorded change back (undo: every row as it was before; redo: as it was after),
/// only after checking that every row it touches is exactly as the change (or its undo) left
/// it, as the SQLite module's `ChangeReverter` does.
struct ServerChangeReverter {
    let repository: PostgresTodoRepository
    let entry: HistoryEntry
    let undoing: Bool

    private var server: ServerConnection { repository.server }

    /// One recorded row: `now` is what it must be at present, `next` what it becomes (nil: not there).
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

    private func listSteps() throws -> [Step<ServerListRow>] {
        try server.rows("SELECT list_id, before_name, before_created_at, after_name, after_created_at FROM history_lists WHERE change_id = $1 ORDER BY list_id",
                        [entry.id]).map { row in
            let before = try ServerListRow.read(row, from: 1), after = try ServerListRow.read(row, from: 3)
            return Step(id: try row.int64(0), now: undoing ? after : before, next: undoing ? before : after)
        }
    }

    private func taskSteps() throws -> [Step<ServerTaskRow>] {
        let columns = ServerTaskRow.fields.map { "before_" + $0 } + ServerTaskRow.fields.map { "after_" + $0 }
        return try server.rows("SELECT task_id, \(columns.joined(by: ", ")) FROM history_tasks WHERE change_id = $1 ORDER BY task_id",
                               [entry.id]).map { row in
            let before = try ServerTaskRow.read(row, from: 1), after = try ServerTaskRow.read(row, from: 1 + ServerTaskRow.fields.count)
            return Step(id: try row.int64(0), now: undoing ? after : before, next: undoing ? before : after)
        }
    }

    private func importedRange() throws -> ServerImportedRange? {
        try server.first("SELECT imported_after, imported_through, imported_count, imported_fingerprint FROM history WHERE id = $1 AND imported_after IS NOT NULL",
                         [entry.id]) { ServerImportedRange(after: try $0.int64(0), through: try $0.int64(1), count: try $0.int(2), fingerprint: try $0.int64(3)) }
    }

    private func conflict(_ reason: String) -> TodoError {
        .historyConflict(change: entry.id, command: entry.command, undoing: undoing, reason: reason)
    }

    /// Every row as the record says it is now; a list to delete holds nothing else; a list to
    /// put back has its name free.
    private func check(_ lists: [Step<ServerListRow>], _ tasks: [Step<ServerTaskRow>], leaving: (Int64) throws -> Int = { _ in 0 }) throws {
        for step in tasks where try repository.taskRow(step.id) != step.now {
            throw conflict(step.now == nil ? "a task with id \(step.id) exists again" : "task \(step.id) was changed or deleted since")
        }
        for step in lists {
            guard try repository.listRow(step.id) == step.now else {
                throw conflict(step.now == nil ? "a list with id \(step.id) exists again" : "list \(step.id) ('\(step.now?.name ?? "")') was changed or deleted since")
            }
            if step.next == nil {
                let going = tasks.count { $0.now?.listID == step.id && $0.next?.listID != step.id }
                let inList = try server.first("SELECT count(*) FROM tasks WHERE list_id = $1", [step.id]) { try $0.int(0) } ?? 0
                if inList - going - (try leaving(step.id)) > 0 { throw conflict("list '\(step.now?.name ?? "")' has tasks added since") }
            }
            if let name = step.next?.name, let other = try repository.list(named: name), other.id != step.id {
                throw conflict("a list named '\(other.name)' exists now")
            }
        }
    }

    /// Lists come back before their tasks; lists go last, once their tasks have gone or moved.
    private func apply(_ lists: [Step<ServerListRow>], _ tasks: [Step<ServerTaskRow>]) throws {
        for step in tasks where step.next == nil { try server.run("DELETE FROM tasks WHERE id = $1", [step.id]) }
        for step in lists {
            guard let next = step.next else { continue }
            if step.now == nil {
                try server.run("INSERT INTO lists (id, name, created_at) VALUES ($1, $2, $3)", [step.id] + next.values)
            } else {
                try server.run("UPDATE lists SET name = $1, created_at = $2 WHERE id = $3", next.values + [step.id])
            }
        }
        let columns = ServerTaskRow.columns
        for step in tasks {
            guard let next = step.next else { continue }
            var values = Placeholders()
            if step.now == nil {
                let list = values.list([step.id] + next.columnValues)
                try server.run("INSERT INTO tasks (id, \(columns.joined(by: ", "))) VALUES (\(list))", values.values)
            } else {
                let sets = zip(columns, next.columnValues).map { "\($0) = \(values.add($1))" }.joined(by: ", ")
                try server.run("UPDATE tasks SET \(sets) WHERE id = \(values.add(step.id))", values.values)
            }
            if next.tags != step.now?.tags ?? "" { try repository.setTags(next.tags, of: step.id) }
        }
        for step in lists where step.next == nil { try server.run("DELETE FROM lists WHERE id = $1", [step.id]) }
    }

    /// The first task of an import's range that is gone, when its ids were one run with no
    /// gaps (an import of new tasks), so the refusal can name it.
    private func missingTask(of range: ServerImportedRange) throws -> Int64? {
        guard range.through - range.after == Int64(range.count) else { return nil }
        return try server.first("""
            SELECT min(wanted) FROM generate_series($1::bigint, $2::bigint) AS wanted
            WHERE NOT EXISTS (SELECT 1 FROM tasks WHERE id = wanted)
            """, [range.after + 1, range.through]) { $0.isNull(0) ? nil : try $0.int64(0) } ?? nil
    }

    /// An import: undo moves its tasks into the record (for redo) and deletes them; redo puts
    /// them back from there, each as one statement.
    private func revertImport(_ range: ServerImportedRange, _ lists: [Step<ServerListRow>]) throws {
        let inRange = "id > \(range.after) AND id <= \(range.through)"
        if undoing {
            let (count, fingerprint) = try repository.tasksFingerprint(after: range.after, through: range.through)
            guard count == range.count, fingerprint == range.fingerprint else {
                throw conflict(try missingTask(of: range).map { "task \($0) was deleted since" }
                    ?? "of the \(range.count) tasks it imported, \(count == range.count ? "some were changed" : "\(count) are left") since")
            }
            try check(lists, []) { list in
                try server.first("SELECT count(*) FROM tasks WHERE list_id = $1 AND \(inRange)", [list]) { try $0.int(0) } ?? 0
            }
            try server.run("""
                INSERT INTO history_tasks (change_id, task_id, \(ServerTaskRow.fields.map { "after_" + $0 }.joined(by: ", ")))
                SELECT $1, t.id, \(ServerTaskRow.selected) FROM tasks AS t WHERE t.\(inRange)
                """, [entry.id])
            try server.run("DELETE FROM tasks WHERE \(inRange)")
            try apply(lists, [])
        } else {
            let present = try server.first("SELECT count(*) FROM tasks WHERE \(inRange)") { try $0.int(0) } ?? 0
            guard present == 0 else { throw conflict("\(present) task\(present == 1 ? "" : "s") with the ids it imported exist again") }
            try check(lists, [])
            try apply(lists, [])
            let columns = ServerTaskRow.columns
            try server.run("""
                INSERT INTO tasks (id, \(columns.joined(by: ", ")))
                SELECT task_id, \(columns.map { "after_" + $0 }.joined(by: ", ")) FROM history_tasks WHERE change_id = $1
                """, [entry.id])
            try server.run("""
                INSERT INTO task_tags (task_id, tag)
                SELECT task_id, tag FROM history_tasks, unnest(string_to_array(after_tags, ' ')) AS tag
                WHERE change_id = $1 AND after_tags <> '' ON CONFLICT DO NOTHING
                """, [entry.id])
            try server.run("DELETE FROM history_tasks WHERE change_id = $1", [entry.id])
        }
    }
}
#endif
