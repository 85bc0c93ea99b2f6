import TodoCore
import TodoSQL

/// Putting a change's rows back, in this order: tasks that go, lists that come or change, tasks
/// that come or change (tags included), lists that go.
extension HistoryStore {
    /// Recorded tasks that the revert deletes (there now, not after), adds (not there now, there
    /// after) and changes (there now and after).
    private static func going(_ next: Side, _ h: String = "") -> String { "\(h)\(next.other)_title IS NOT NULL AND \(h)\(next)_title IS NULL" }
    private static func coming(_ next: Side, _ h: String = "") -> String { "\(h)\(next.other)_title IS NULL AND \(h)\(next)_title IS NOT NULL" }
    private static func staying(_ next: Side, _ h: String = "") -> String { "\(h)\(next.other)_title IS NOT NULL AND \(h)\(next)_title IS NOT NULL" }

    private func count(of change: Int64, _ condition: String) throws -> Int {
        try session.first("SELECT count(*) FROM history_tasks WHERE change_id = $1 AND \(condition)", [.integer(change)]) { try $0.int(0) } ?? 0
    }

    /// Deletes the recorded tasks whose `next` side is absent. Where statements have no limit of
    /// rows, in one statement (a server: no round trip to count them first).
    func deleteTasks(of change: Int64, next: Side) throws {
        guard dialect.rowsPerStatement != nil else {
            try session.run("DELETE FROM tasks WHERE id IN (SELECT task_id FROM history_tasks WHERE change_id = $1 AND \(Self.going(next)))",
                            [.integer(change)])
            return
        }
        let count = try count(of: change, Self.going(next))
        guard count > 0 else { return }
        try session.writingInBulk(count, .deleting) {
            try inSlices("history_tasks", "task_id", of: change, where: Self.going(next)) { low, high in
                try session.run("""
                    DELETE FROM tasks WHERE id IN (
                        SELECT task_id FROM history_tasks WHERE change_id = $1 AND \(Self.going(next)) AND task_id >= $2 AND task_id <= $3)
                    """, [.integer(change), .integer(low), .integer(high)])
            }
        }
    }

    /// Runs `body` on the change's rows of `table` that meet `condition`, a slice of `key` at a
    /// time (`forEachSlice`).
    private func inSlices(_ table: String, _ key: String, of change: Int64, where condition: String,
                          _ body: (Int64, Int64) throws -> Void) throws {
        try session.forEachSlice(of: dialect.rowsPerStatement, key: key, in: table, where: "change_id = $1 AND \(condition)", [.integer(change)], body)
    }

    /// Inserts and updates the recorded lists whose `next` side is there.
    func putListsBack(of change: Int64, next: Side) throws {
        let now = next.other
        try session.run("""
            INSERT INTO lists (id, name, created_at, uuid) SELECT list_id, \(next)_name, \(next)_created_at, \(next)_uuid FROM history_lists
            WHERE change_id = $1 AND \(now)_name IS NULL AND \(next)_name IS NOT NULL
            """, [.integer(change)])
        try session.run("""
            UPDATE lists SET name = h.\(next)_name, created_at = h.\(next)_created_at FROM history_lists AS h
            WHERE h.change_id = $1 AND h.list_id = lists.id AND h.\(now)_name IS NOT NULL AND h.\(next)_name IS NOT NULL
            """, [.integer(change)])
    }

    /// Inserts and updates the recorded tasks whose `next` side is there, tags included, each
    /// tag in the spelling the database already knows it by.
    func putTasksBack(of change: Int64, next: Side) throws {
        let now = next.other
        let coming = try count(of: change, Self.coming(next))
        // In bulk when tasks come back (and enough of them: `writingInBulk` decides).
        try inBulk(coming) {
            if coming > 0 {
                try session.run("""
                    INSERT INTO tasks (id, \(TaskRow.columns.joined(by: ", ")))
                    SELECT task_id, \(TaskRow.recordedColumns(next).joined(by: ", ")) FROM history_tasks WHERE change_id = $1 AND \(Self.coming(next))
                    """, [.integer(change)])
            }
            let sets = zip(TaskRow.columns, TaskRow.recordedColumns(next, of: "h.")).map { "\($0) = \($1)" }.joined(by: ", ")
            try inSlices("history_tasks", "task_id", of: change, where: Self.staying(next)) { low, high in
                try session.run("""
                    UPDATE tasks SET \(sets) FROM history_tasks AS h
                    WHERE h.change_id = $1 AND h.task_id = tasks.id AND \(Self.staying(next, "h.")) AND h.task_id >= $2 AND h.task_id <= $3
                    """, [.integer(change), .integer(low), .integer(high)])
            }
            // Tags where they differ: those of a task that stays go, then each task's come back
            // from the one text the record keeps them in, each spelled as the database spells it
            // now (as adding a tag to one task does).
            func tagsDiffer(_ h: String = "") -> String { "coalesce(\(h)\(now)_tags, '') IS DISTINCT FROM coalesce(\(h)\(next)_tags, '')" }
            try session.run("""
                DELETE FROM task_tags WHERE task_id IN (
                    SELECT task_id FROM history_tasks WHERE change_id = $1 AND \(Self.staying(next)) AND \(tagsDiffer()))
                """, [.integer(change)])
            try session.run("""
                WITH RECURSIVE source (task_id, tags) AS (
                    SELECT task_id, \(next)_tags FROM history_tasks
                    WHERE change_id = $1 AND \(next)_title IS NOT NULL AND \(next)_tags <> '' AND (\(now)_title IS NULL OR \(tagsDiffer()))
                ), \(dialect.splitTags)
                INSERT INTO task_tags (task_id, tag) \(dialect.spelledAsKnown(tagsOf: "split")) ON CONFLICT DO NOTHING
                """, [.integer(change)])
        }
    }

    private func inBulk(_ coming: Int, _ body: () throws -> Void) throws {
        if coming > 0 { try session.writingInBulk(coming, .inserting, body) } else { try body() }
    }

    /// Deletes the recorded lists whose `next` side is absent; in slices (`inSlices`): an import
    /// that made 400,000 lists deletes them on its undo.
    func deleteLists(of change: Int64, next: Side) throws {
        let going = "\(next.other)_name IS NOT NULL AND \(next)_name IS NULL"
        try inSlices("history_lists", "list_id", of: change, where: going) { low, high in
            try session.run("""
                DELETE FROM lists WHERE id IN (SELECT list_id FROM history_lists WHERE change_id = $1 AND \(going) AND list_id >= $2 AND list_id <= $3)
                """, [.integer(change), .integer(low), .integer(high)])
        }
    }
}
