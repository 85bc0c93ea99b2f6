import TodoCore
import TodoHistory
import TodoSQL

/// A value todo cannot read (`todo db check`'s rules: `StoredTask`, tags, `TextLimits`), written
/// by hand past a CHECK or around one, crosses no sync either way. The hub's stops the sync
/// before it reaches this file, which `db check` would then fail; this file's stops it before
/// it reaches the hub, where it would stop every other file's sync.
enum UnreadableValues {
    /// The hub's lists and tasks staged in the file (`HubChanges`), before any is written here.
    static func refuseFromHub(in file: any SQLSession) throws {
        try refuse(file, lists: "SELECT uuid, name, created_at FROM temp.hub_lists WHERE name IS NOT NULL ORDER BY uuid",
                   tasks: """
                       SELECT id, title, priority, CAST(done AS TEXT), due, created_at, updated_at, completed_at, repeat, repeat_from, uuid, notes, tags
                       FROM temp.hub_tasks WHERE id IS NOT NULL ORDER BY id
                       """,
                   tags: nil, failure: SyncFailure.unreadableOnHub)
    }

    /// This file's lists and tasks a sync compares (changed since the last, or every one), before
    /// any is sent; a task's tags as they are stored, one row each.
    static func refuseFromFile(_ file: any SQLSession, everyRow: Bool) throws {
        let tasks = "SELECT t.id FROM tasks AS t WHERE t.uuid IN (SELECT uuid FROM (\(ChangesHere.tasks(file, everyTask: everyRow))))"
        try refuse(file, lists: "SELECT id, name, created_at FROM lists WHERE uuid IN (SELECT uuid FROM (\(ChangesHere.lists(everyList: everyRow)))) ORDER BY id",
                   tasks: """
                       SELECT id, title, priority, CAST(done AS TEXT), due, created_at, updated_at, completed_at, repeat, repeat_from, uuid, notes,
                           \(file.dialect.tags(ofTask: "id")) FROM tasks WHERE id IN (\(tasks)) ORDER BY id
                       """,
                   tags: "SELECT task_id, tag FROM task_tags WHERE task_id IN (\(tasks)) ORDER BY task_id, tag",
                   failure: SyncFailure.unreadableHere)
    }

    /// `lists`: what names the list (the hub's uuid, this file's id), name, created_at. `tasks`: `StoredTask.problems`' columns, then the tags as
    /// one text. `tags`: task id and tag, when the tags are kept one a row (a tag with a space
    /// in it is then seen whole).
    private static func refuse(_ session: any SQLSession, lists: String, tasks: String, tags: String?,
                               failure: (String, String) -> SyncFailure) throws {
        try session.forEachRow(lists, []) { row in
            if let problem = StoredTask.listProblems(name: try row.text(1), createdAt: try row.optionalText(2)).first {
                throw failure("list \(try row.text(0))", problem)
            }
        }
        try session.forEachRow(tasks, []) { row in
            let stored = Tags.splitStored(try row.text(12))
            let invalid = tags == nil ? stored.filter { Tags.valid($0) == nil }.map { "tag \(MessageText.quoted($0)) is not one word" } : []
            let tooLong = TextLimits.taskProblem(title: try row.optionalText(1) ?? "", notes: try row.optionalText(11), tags: stored)
            if let problem = try StoredTask.problems(row).first ?? invalid.first ?? tooLong {
                throw failure("task \(try row.int64(0))", problem)
            }
        }
        guard let tags else { return }
        try session.forEachRow(tags, []) { row in
            let tag = try row.text(1)
            if Tags.valid(tag) == nil { throw failure("task \(try row.int64(0))", "tag \(MessageText.quoted(tag)) is not one word") }
        }
    }
}
