import TodoCore

/// The rules a row of `tasks` is read by. The schema's CHECKs state them too, but a file written
/// with `PRAGMA ignore_check_constraints` (or by a broken program) can hold anything: such a
/// value is never shown as some other, valid one. A command that meets one stops with an error
/// naming the task; `todo db check` lists them all.
enum StoredTask {
    /// What in a row of `SELECT id, title, priority, done, due, created_at, updated_at,
    /// completed_at, repeat, repeat_from` todo cannot read; empty when all is well.
    static func problems(_ row: Statement) -> [String] {
        var problems: [String] = []
        if row.text(1).isEmpty { problems.append("its title is empty") }
        if Priority(rawValue: row.text(2)) == nil { problems.append("priority \(quoted(row.text(2))) is not none, low, medium or high") }
        if !(0...1).contains(row.int64(3)) || row.isNull(3) { problems.append("done is \(quoted(row.text(3))), not 0 or 1") }
        if let due = row.optionalText(4), Due(text: due) == nil { problems.append("due \(quoted(due)) is not YYYY-MM-DD or YYYY-MM-DDTHH:MM") }
        for (column, name) in [(5, "created_at"), (6, "updated_at"), (7, "completed_at")] {
            guard let text = row.optionalText(Int32(column)) else {
                if column != 7 { problems.append("\(name) is missing") }
                continue
            }
            if Timestamp.normalized(text) == nil { problems.append("\(name) \(quoted(text)) is not a time") }
        }
        if (row.int64(3) == 1) != !row.isNull(7) { problems.append("done and completed_at disagree") }
        if let text = row.optionalText(8) {
            if RepeatRule(stored: text) == nil { problems.append("repeat \(quoted(text)) is not Nd, Nw, Nm or Ny (N from 1 to 1200; a month or year rule may end @29, @30 or @31)") }
            if row.isNull(4) { problems.append("it repeats but has no due date") }
        }
        if RepeatFrom(rawValue: row.text(9)) == nil { problems.append("repeat_from \(quoted(row.text(9))) is not due or done") }
        return problems
    }

    /// A repeat rule as stored (its short form only), or the error naming the task.
    static func repeatRule(_ text: String?, task id: TodoTask.ID) throws -> RepeatRule? {
        guard let text else { return nil }
        guard let rule = RepeatRule(stored: text) else {
            throw TodoError.unreadableTask(id, field: "repeat", value: text, expected: "Nd, Nw, Nm or Ny")
        }
        return rule
    }

    static func repeatFrom(_ text: String, task id: TodoTask.ID) throws -> RepeatFrom {
        guard let from = RepeatFrom(rawValue: text) else {
            throw TodoError.unreadableTask(id, field: "repeat_from", value: text, expected: "due or done")
        }
        return from
    }

    /// A task's tags as `taskSelect` reads them: one text, space-separated, in listing order.
    static func tags(_ text: String?) -> [String] {
        guard let text, !text.isEmpty else { return [] }
        return Tags.splitStored(text)
    }

    /// A priority as stored, or the error that names the task it is wrong in.
    static func priority(_ text: String, task id: TodoTask.ID) throws -> Priority {
        guard let priority = Priority(rawValue: text) else {
            throw TodoError.unreadableTask(id, field: "priority", value: text, expected: "none, low, medium or high")
        }
        return priority
    }

    static func isDone(_ value: Int64, task id: TodoTask.ID) throws -> Bool {
        guard (0...1).contains(value) else { throw TodoError.unreadableTask(id, field: "done", value: String(value), expected: "0 or 1") }
        return value == 1
    }

    static func due(_ text: String?, task id: TodoTask.ID) throws -> Due? {
        guard let text else { return nil }
        guard let due = Due(text: text) else {
            throw TodoError.unreadableTask(id, field: "due", value: text, expected: "YYYY-MM-DD or YYYY-MM-DDTHH:MM")
        }
        return due
    }

    /// A time in the stored form, whichever form SQLite's date functions wrote it in; a text
    /// that is no time at all is shown as it is (`todo db check` lists it).
    static func timestamp(_ text: String) -> String {
        Timestamp.normalized(text) ?? text
    }

    /// A value as it can appear in a one-line message: quoted, and cut short.
    static func quoted(_ text: String) -> String { MessageText.quoted(text) }
}
