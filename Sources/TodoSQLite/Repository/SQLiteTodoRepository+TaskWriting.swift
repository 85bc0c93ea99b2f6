import TodoCore
import TodoHistory

/// Writing a task, in this file's SQL; the rules are `TaskWriting`'s.
extension SQLiteTodoRepository: TaskWriting {
    package func insertTask(_ draft: TaskDraft, into list: TodoList.ID, at now: String) throws -> TodoTask.ID {
        do {
            try db.run(
                "INSERT INTO tasks (list_id, title, notes, due, priority, created_at, updated_at, repeat, repeat_from) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                list, draft.title, draft.notes, draft.due?.description, draft.priority.rawValue, now, now,
                draft.repeatRule?.stored, draft.repeatFrom.rawValue)
        } catch let error as SQLiteError where error.isForeignKeyViolation {
            throw TodoError.listGone(list)
        }
        return db.lastInsertedRowID
    }

    package func writeFields(of task: TodoTask, completedAt: String?, updatedAt: String) throws {
        try db.run(
            """
            UPDATE tasks SET list_id = ?, title = ?, notes = ?, due = ?, priority = ?, done = ?,
                completed_at = ?, updated_at = ?, repeat = ?, repeat_from = ? WHERE id = ?
            """,
            task.listID, task.title, task.notes, task.due?.description, task.priority.rawValue, task.isDone,
            completedAt, updatedAt, task.repeatRule?.stored, task.repeatFrom.rawValue, task.id)
    }

    package func markDone(_ done: Bool, task id: TodoTask.ID, in list: TodoList.ID, at now: String) throws -> Bool {
        try db.run(
            """
            UPDATE tasks SET done = ?1, completed_at = CASE WHEN ?1 THEN ?2 END, updated_at = ?2
            WHERE id = ?3 AND list_id = ?4 AND done <> ?1
            """,
            done, now, id, list)
        return db.changes == 1
    }

    package func deleteRow(_ id: TodoTask.ID) throws {
        try db.run("DELETE FROM tasks WHERE id = ?", id)
    }

    /// The column's NOCASE collation matches any case.
    package func removeTag(_ tag: String, from id: Int64) throws {
        try db.run("DELETE FROM task_tags WHERE task_id = ? AND tag = ?", id, tag)
    }
}
