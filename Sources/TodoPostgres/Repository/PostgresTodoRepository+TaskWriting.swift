#if PostgreSQL
import TodoCore
import TodoHistory

/// Writing a task, in this server's SQL; the rules are `TaskWriting`'s.
extension PostgresTodoRepository: TaskWriting {
    package func insertTask(_ draft: TaskDraft, into list: TodoList.ID, at now: String) throws -> TodoTask.ID {
        let inserted: Int64?
        do {
            inserted = try server.first("""
                INSERT INTO tasks (list_id, title, notes, due, priority, created_at, updated_at, repeat, repeat_from)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id
                """, [list, draft.title, draft.notes, draft.due?.description, draft.priority.rawValue, now, now,
                      draft.repeatRule?.stored, draft.repeatFrom.rawValue], { try $0.int64(0) })
        } catch let error where ServerError.sqlState(of: error) == "23503" {
            // A foreign key violation: the list was deleted since it was read.
            throw TodoError.listGone(list)
        }
        guard let id = inserted else { throw ServerError.refused("no id came back for the new task") }
        return id
    }

    package func markDone(_ done: Bool, task id: TodoTask.ID, in list: TodoList.ID, at now: String) throws -> Bool {
        try server.run("""
            UPDATE tasks SET done = $1::boolean, completed_at = CASE WHEN $1::boolean THEN $2::text END, updated_at = $2::text
            WHERE id = $3 AND list_id = $4 AND done <> $1::boolean
            """, [done, now, id, list]) == 1
    }

    package func deleteRow(_ id: TodoTask.ID) throws {
        try server.run("DELETE FROM tasks WHERE id = $1", [id])
    }

    package func writeFields(of task: TodoTask, completedAt: String?, updatedAt: String) throws {
        try server.run("""
            UPDATE tasks SET list_id = $1, title = $2, notes = $3, due = $4, priority = $5, done = $6,
                completed_at = $7, updated_at = $8, repeat = $9, repeat_from = $10 WHERE id = $11
            """, [task.listID, task.title, task.notes, task.due?.description, task.priority.rawValue, task.isDone,
                  completedAt, updatedAt, task.repeatRule?.stored, task.repeatFrom.rawValue, task.id])
    }

    package func removeTag(_ tag: String, from id: Int64) throws {
        try server.run("DELETE FROM task_tags WHERE task_id = $1 AND todo_nocase(tag) = todo_nocase($2)", [id, tag])
    }
}
#endif
