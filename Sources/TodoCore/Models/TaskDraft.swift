/// The fields of a task about to be added. Titles are trimmed and must not be empty.
public struct TaskDraft: Equatable, Sendable {
    public var title: String
    public var notes: String?
    public var due: Due?
    public var priority: Priority
    /// Each valid by `Tags.valid`; repeats (in any case) count once.
    public var tags: [String]
    public var repeatRule: RepeatRule?
    public var repeatFrom: RepeatFrom
    /// The uuid the task is to have, when it must be this one (the next task of a repeating one,
    /// the same on every machine that completes it); nil for a new one. A uuid some task has
    /// already is not given twice: the task then gets a new one.
    public var uuid: TodoUUID?

    public init(
        title: String, notes: String? = nil, due: Due? = nil, priority: Priority = .none,
        tags: [String] = [], repeatRule: RepeatRule? = nil, repeatFrom: RepeatFrom = .due
    ) {
        self.title = title
        self.notes = notes
        self.due = due
        self.priority = priority
        self.tags = tags
        self.repeatRule = repeatRule
        self.repeatFrom = repeatFrom
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
    /// Tags to add and to take off (matched ignoring ASCII case); taking off one the task does
    /// not have changes nothing.
    public var addTags: [String]
    public var removeTags: [String]
    public var repeatRule: Field<RepeatRule>
    public var repeatFrom: RepeatFrom?

    public init(
        title: String? = nil, notes: Field<String> = .keep, due: Field<Due> = .keep,
        priority: Priority? = nil, listName: String? = nil, isDone: Bool? = nil,
        addTags: [String] = [], removeTags: [String] = [], repeatRule: Field<RepeatRule> = .keep, repeatFrom: RepeatFrom? = nil
    ) {
        self.title = title
        self.notes = notes
        self.due = due
        self.priority = priority
        self.listName = listName
        self.isDone = isDone
        self.addTags = addTags
        self.removeTags = removeTags
        self.repeatRule = repeatRule
        self.repeatFrom = repeatFrom
    }

    /// True when nothing would change.
    public var isEmpty: Bool {
        title == nil && notes == .keep && due == .keep && priority == nil && listName == nil && isDone == nil
            && addTags.isEmpty && removeTags.isEmpty && repeatRule == .keep && repeatFrom == nil
    }
}

extension TaskChanges {
    /// The command line that makes these changes to task `id`, as the history shows it, for a
    /// change made by typing into a form (`todo ui`) or an editor: `edit 11 --due 2026-12-01`.
    public func commandLine(editing id: TodoTask.ID) -> String {
        var words = ["edit", String(id)]
        if let title { words += ["--title", title] }
        if case .set(let notes) = notes { words += ["--notes", notes ?? ""] }
        if case .set(let due) = due { words += due.map { ["--due", $0.description] } ?? ["--no-due"] }
        if let priority { words += ["--priority", priority.rawValue] }
        if let listName { words += ["--list", listName] }
        if let isDone { words.append(isDone ? "--done" : "--undone") }
        for tag in addTags { words += ["--tag", tag] }
        for tag in removeTags { words += ["--untag", tag] }
        if case .set(let rule) = repeatRule { words += rule.map { ["--repeat", $0.description] } ?? ["--no-repeat"] }
        if let repeatFrom { words += ["--repeat-from", repeatFrom.rawValue] }
        return ShellWords.joined(words)
    }
}
