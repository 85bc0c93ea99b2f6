import TodoCore
import TodoSQL

/// Imports merge by uuid, once for every backend: a record whose uuid a task here has is that
/// task. It replaces the task's fields where they differ (a record is the whole task), or leaves
/// it alone where they do not; each task it changed is recorded in the import's change, so the
/// import's undo puts it back and its redo changes it again. The backends' imports find the
/// records (SQLite a batch at a time as it streams, PostgreSQL after its COPY) and hand them here.
extension SQLRepository {
    /// The tasks here with the uuids of `records`, by uuid, as read and as stored (none looked
    /// for unless `findingTasks`: an import into a database with no tasks had none to find); a
    /// record whose uuid is a list's is refused, naming its line.
    package func tasksToMerge(_ records: [ImportedTask], findingTasks: Bool = true) throws -> [String: (task: TodoTask, row: TaskRow)] {
        let uuids = records.compactMap { $0.uuid?.text }
        guard !uuids.isEmpty else { return [:] }
        let list = (1...uuids.count).map { "$\($0)" }.joined(by: ", ")
        let values = uuids.map { SQLValue.text($0) }
        if let taken = try session.first("SELECT uuid FROM lists WHERE uuid IN (\(list)) LIMIT 1", values, { try $0.text(0) }),
           let record = records.first(where: { $0.uuid?.text == taken }) {
            throw TodoError.invalidRecord(line: record.line, reason: "uuid \(taken) is a list's here, not a task's")
        }
        var found: [String: (task: TodoTask, row: TaskRow)] = [:]
        guard findingTasks else { return found }
        try session.forEachRow(taskSelect() + " WHERE t.uuid IN (\(list))", values) { row in
            let task = try Self.readTask(row)
            found[task.uuid.text] = (task, try Self.readRow(row))
        }
        return found
    }

    /// Merges `record` into the task it names (`existing`, found by `tasksToMerge`), in list
    /// `listID` when the record names one (else the task stays in its own, and `listID` is not
    /// read); whether that changed the task. Writes nothing unless `writing` (a dry run counts).
    package func merge(_ record: ImportedTask, into existing: (task: TodoTask, row: TaskRow), listID: TodoList.ID,
                       now: String, writing: Bool) throws -> Bool {
        guard let wanted = record.row(replacing: existing.row, listID: listID, now: now) else { return false }
        guard writing else { return true }
        let id = existing.task.id
        try session.run("""
            UPDATE tasks SET list_id = $1, title = $2, notes = $3, due = $4, priority = $5, done = $6, created_at = $7,
                updated_at = $8, completed_at = $9, repeat = $10, repeat_from = $11 WHERE id = $12
            """, [.integer(wanted.listID), .text(wanted.title), SQLValue(wanted.notes), SQLValue(wanted.due), .text(wanted.priority),
                  .bool(wanted.done), .text(wanted.createdAt), .text(wanted.updatedAt), SQLValue(wanted.completedAt),
                  SQLValue(wanted.repeat), .text(wanted.repeatFrom), .integer(id)])
        let tags = StoredTask.tags(wanted.tags), wantedTags = TagSet(tags), hadTags = TagSet(existing.task.tags)
        for tag in existing.task.tags where !wantedTags.contains(tag) { try removeTag(tag, from: id) }
        for tag in tags where !hadTags.contains(tag) { try addTag(tag, to: id) }
        // In the list the task ends in: a record that names none leaves it where it was.
        try recorder?.task(id, before: existing.row, after: storedRow(id, in: wanted.listID))
        return true
    }
}

extension ImportedTask {
    /// The row this record makes of the task stored as `before`, moved to `listID`; nil when
    /// that is the row already. What the record does not say keeps what the task has: when it
    /// was made, when it was done (for a task done already), its list and how it repeats when
    /// the record took the import's defaults for them. `updated_at` is the record's, else
    /// now; it alone does not make a change. Tags count as the same whatever their case, as
    /// everywhere.
    func row(replacing before: TaskRow, listID: TodoList.ID, now: String) -> TaskRow? {
        let completed = isDone ? completedAt ?? (before.done ? before.completedAt : nil) ?? updatedAt ?? now : nil
        var after = TaskRow(
            listID: listGiven ? listID : before.listID, title: title, notes: notes, due: due?.description, priority: priority.rawValue, done: isDone,
            createdAt: createdAt ?? before.createdAt, updatedAt: before.updatedAt, completedAt: completed,
            tags: tags.joined(by: " "), repeat: rule(replacing: before),
            repeatFrom: repeatFromGiven ? repeatFrom.rawValue : before.repeatFrom, uuid: before.uuid)
        let sameTags = Tags.folded(after.tags) == Tags.folded(before.tags)
        if sameTags { after.tags = before.tags }
        guard after != before else { return nil }
        after.updatedAt = updatedAt ?? now
        return after
    }

    /// The record's rule, or the task's own where the record gives it as the formats show it,
    /// without the day a month or year series keeps (`1m` for `1m@31`), on the same due date:
    /// the series keeps its day, and the task's own export imported again changes nothing.
    private func rule(replacing before: TaskRow) -> String? {
        guard let repeatRule else { return nil }
        if repeatRule.keptDay == nil, due?.description == before.due, let had = before.repeat.flatMap(RepeatRule.init(stored:)),
           had.restarted == repeatRule {
            return had.stored
        }
        return repeatRule.stored
    }
}
