import TodoCore

/// The rules a row of `tasks` is read by. The schema's CHECKs state them too, but a file written
/// with `PRAGMA ignore_check_constraints` (or by a broken program) can hold anything: such a
/// value is never shown as some other, valid one. A command that meets one stops with an error
/// naming the task; `todo db check` lists them all. (A server's checks cannot be switched off,
/// but a value todo cannot read is refused the same way there.)
package enum StoredTask {
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

    /// `done` read as text (`asText`): 0 or 1.
    static func isDone(_ text: String, task id: TodoTask.ID) throws -> Bool {
        guard text == "0" || text == "1" else { throw TodoError.unreadableTask(id, field: "done", value: text, expected: "0 or 1") }
        return text == "1"
    }

    /// A uuid as stored: in its canonical text, lowercase (what todo writes, and the schema's
    /// CHECK asks for).
    static func uuid(_ text: String?, task id: TodoTask.ID) throws -> TodoUUID {
        guard let text, let uuid = TodoUUID(stored: text) else {
            throw TodoError.unreadableTask(id, field: "uuid", value: text ?? "NULL", expected: "a uuid in lowercase")
        }
        return uuid
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
    package static func timestamp(_ text: String) -> String {
        Timestamp.normalized(text) ?? text
    }

    /// A value as it can appear in a one-line message: quoted, and cut short.
    package static func quoted(_ text: String) -> String { MessageText.quoted(text) }
}
