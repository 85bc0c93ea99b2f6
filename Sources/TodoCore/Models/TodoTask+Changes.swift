import TodoChecksum
extension TodoTask {
    /// The task with `changes` applied, in the list `listID` named `listName`, before it is
    /// written: timestamps are the writer's job. Every repository applies edits through this, so
    /// they agree on what an edit means.
    public func applying(_ changes: TaskChanges, listID: TodoList.ID, listName: String) throws -> TodoTask {
        func value<V>(_ field: TaskChanges.Field<V>, _ current: V?) -> V? {
            if case .set(let new) = field { return new }
            return current
        }
        let removed = TagSet(changes.removeTags)
        let kept = tags.filter { !removed.contains($0) }
        var having = TagSet(kept)
        let added = changes.addTags.filter { having.insert($0) }
        let task = TodoTask(
            id: id, uuid: uuid, listID: listID, listName: listName, title: changes.title ?? title,
            notes: value(changes.notes, notes), due: value(changes.due, due),
            priority: changes.priority ?? priority, isDone: changes.isDone ?? isDone,
            createdAt: createdAt, updatedAt: updatedAt, completedAt: completedAt,
            tags: Tags.sorted(kept + added), repeatRule: value(changes.repeatRule, repeatRule),
            repeatFrom: changes.repeatFrom ?? repeatFrom)
        if task.repeatRule != nil && task.due == nil { throw TodoError.repeatNeedsDue(id) }
        // Only an edit that makes it longer: a task written past the limit by hand can still be
        // edited in its other fields, or made shorter.
        if let problem = TextLimits.taskProblem(title: task.title, notes: task.notes, tags: task.tags),
           TextLimits.size(title: task.title, notes: task.notes, tags: task.tags) > TextLimits.size(title: title, notes: notes, tags: tags) {
            throw TodoError.tooLong(problem)
        }
        // A due date moved by hand starts the series over from its own day of the month.
        if case .set = changes.due, task.due?.date != due?.date, changes.repeatRule == .keep {
            return task.with(repeatRule: task.repeatRule?.restarted)
        }
        return task
    }

    /// The task that follows this repeating one once it is done on `today`: same list, title,
    /// notes, priority, tags and rule, due at the first date of its schedule after today (or,
    /// counted from the day it was done, that day plus one step). Nil for a task that does not
    /// repeat, or whose schedule runs past year 9999.
    public func nextRepetition(doneOn today: CivilDate) -> TaskDraft? {
        guard let repeatRule, let due else { return nil }
        let next: Due?
        let rule: RepeatRule
        switch repeatFrom {
        case .due:
            next = repeatRule.next(after: due, today: today)
            rule = next.map { repeatRule.carried(from: due.date, to: $0.date) } ?? repeatRule
        case .done:
            next = repeatRule.next(fromDone: today, due: due)
            rule = repeatRule.restarted
        }
        return next.map {
            var draft = TaskDraft(title: title, notes: notes, due: $0, priority: priority, tags: tags, repeatRule: rule, repeatFrom: repeatFrom)
            // Derived from this task's: two machines that complete it make one next task (sync).
            draft.uuid = TodoUUID.version8(digest: SHA256.digest(of: Array(("next repetition of " + uuid.text).utf8)))
            return draft
        }
    }

    /// The same task with another id and list name (for writers that keep names apart).
    public func with(listID: TodoList.ID, listName: String) -> TodoTask {
        TodoTask(
            id: id, uuid: uuid, listID: listID, listName: listName, title: title, notes: notes, due: due, priority: priority,
            isDone: isDone, createdAt: createdAt, updatedAt: updatedAt, completedAt: completedAt,
            tags: tags, repeatRule: repeatRule, repeatFrom: repeatFrom)
    }

    /// The same task with another rule.
    func with(repeatRule: RepeatRule?) -> TodoTask {
        TodoTask(
            id: id, uuid: uuid, listID: listID, listName: listName, title: title, notes: notes, due: due, priority: priority,
            isDone: isDone, createdAt: createdAt, updatedAt: updatedAt, completedAt: completedAt,
            tags: tags, repeatRule: repeatRule, repeatFrom: repeatFrom)
    }
}

extension TodoTask {
    /// Whether the fields an edit changes, but for the list and done, are the same as `other`'s.
    /// Texts are compared by their scalars, as the database compares them.
    public func sameFieldsBesidesDone(as other: TodoTask) -> Bool {
        title.hasSameScalars(as: other.title) && notes.hasSameScalars(as: other.notes) && tags.hasSameScalars(as: other.tags)
            && (due, priority, repeatRule, repeatFrom) == (other.due, other.priority, other.repeatRule, other.repeatFrom)
    }
}
