/// The fields of a task about to be added. Titles are trimmed and must not be empty.
public struct TaskDraft: Equatable, Sendable {
    public var title: String
    public var notes: String?
    public var due: Due?
    public var priority: Priority

    public init(title: String, notes: String? = nil, due: Due? = nil, priority: Priority = .none) {
        self.title = title
        self.notes = notes
        self.due = due
        self.priority = priority
    }
}

/// What `todo edit` changes; a `nil` field is left as it is.
public struct TaskChanges: Equatable, Sendable {
    /// A change to an optional field: leave it, or set it (to a value or to nothing).
    public enum Field<Value: Equatable & Sendable>: Equatable, Sendable {
        case keep
        case set(Value?)
    }

    public var title: String?
    public var notes: Field<String>
    public var due: Field<Due>
    public var priority: Priority?
    /// The name of the list to move the task to; created if it does not exist.
    public var listName: String?
    public var isDone: Bool?

    public init(
        title: String? = nil, notes: Field<String> = .keep, due: Field<Due> = .keep,
        priority: Priority? = nil, listName: String? = nil, isDone: Bool? = nil
    ) {
        self.title = title
        self.notes = notes
        self.due = due
        self.priority = priority
        self.listName = listName
        self.isDone = isDone
    }

    /// True when nothing would change.
    public var isEmpty: Bool {
        title == nil && notes == .keep && due == .keep && priority == nil && listName == nil && isDone == nil
    }
}
