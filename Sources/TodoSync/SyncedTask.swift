import TodoCore

/// A task as a sync compares it: its fields as stored (compared byte for byte, as the databases
/// compare them), its list by uuid (the same list on every machine), its tags as a set. The
/// base is one of these too: the task as this file and the hub last agreed on it.
public struct SyncedTask: Equatable, Sendable {
    public var listUUID: String
    public var title: String
    public var notes: String?
    public var due: String?
    public var priority: String
    public var done: Bool
    /// Set while done; it goes with `done`, as the schema ties them.
    public var completedAt: String?
    public var createdAt: String
    /// When it last changed, on whichever side: bookkeeping, never a conflict.
    public var updatedAt: String
    public var tags: [String]
    public var `repeat`: String?
    public var repeatFrom: String

    public init(listUUID: String, title: String, notes: String? = nil, due: String? = nil, priority: String = "none",
                done: Bool = false, completedAt: String? = nil, createdAt: String, updatedAt: String, tags: [String] = [],
                repeat: String? = nil, repeatFrom: String = "due") {
        self.listUUID = listUUID
        self.title = title
        self.notes = notes
        self.due = due
        self.priority = priority
        self.done = done
        self.completedAt = completedAt
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.tags = tags
        self.repeat = `repeat`
        self.repeatFrom = repeatFrom
    }

    /// The same task to the database: every text the same scalars. Swift's `==` on strings
    /// takes canonically equivalent spellings (`é` and `e` with U+0301) for one, so a title
    /// respelled so on one machine was never sent, and the files stayed apart.
    public static func == (a: SyncedTask, b: SyncedTask) -> Bool {
        a.done == b.done && a.tags.hasSameScalars(as: b.tags)
            && [a.listUUID, a.title, a.priority, a.createdAt, a.updatedAt, a.repeatFrom]
                .hasSameScalars(as: [b.listUUID, b.title, b.priority, b.createdAt, b.updatedAt, b.repeatFrom])
            && a.notes.hasSameScalars(as: b.notes) && a.due.hasSameScalars(as: b.due) && a.completedAt.hasSameScalars(as: b.completedAt)
            && a.repeat.hasSameScalars(as: b.repeat)
    }
}

/// The fields a sync merges one by one, by the names a conflict gives them (`todo sync
/// conflicts`, and its JSON's `field`). Tags are merged tag by tag, not as one field.
public enum SyncedField: String, CaseIterable, Sendable {
    case list, title, notes, due, priority, done, createdAt = "created_at", `repeat`, repeatFrom = "repeat_from"

    /// The field's value as text, to compare and to show in a conflict (nil: none).
    func value(of task: SyncedTask) -> String? {
        switch self {
        case .list: task.listUUID
        case .title: task.title
        case .notes: task.notes
        case .due: task.due
        case .priority: task.priority
        // Done with its moment: two machines that did it at different times did the same thing.
        case .done: task.done ? "done" : "open"
        case .createdAt: task.createdAt
        case .repeat: task.repeat
        case .repeatFrom: task.repeatFrom
        }
    }

    /// `task` with this field as `source` has it.
    func copy(from source: SyncedTask, to task: inout SyncedTask) {
        switch self {
        case .list: task.listUUID = source.listUUID
        case .title: task.title = source.title
        case .notes: task.notes = source.notes
        case .due: task.due = source.due
        case .priority: task.priority = source.priority
        case .done: (task.done, task.completedAt) = (source.done, source.completedAt)
        case .createdAt: task.createdAt = source.createdAt
        case .repeat: task.repeat = source.repeat
        case .repeatFrom: task.repeatFrom = source.repeatFrom
        }
    }
}
