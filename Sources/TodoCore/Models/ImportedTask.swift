/// One record of an import file, checked and ready to store. Only the list and the title are
/// required; what is missing gets the same defaults `todo add` gives.
public struct ImportedTask: Equatable, Sendable {
    /// Where the record starts in its file, for error messages (`line 12: ...`).
    public var line: Int
    /// Kept only with `--keep-ids`.
    public var id: TodoTask.ID?
    /// The record's own, kept (a task made from it has it on every machine); nil: a new one.
    public var uuid: TodoUUID?
    public var listName: String
    public var title: String
    public var notes: String?
    public var due: Due?
    public var priority: Priority
    public var isDone: Bool
    public var createdAt: String?
    public var updatedAt: String?
    public var completedAt: String?
    public var tags: [String]
    public var repeatRule: RepeatRule?
    public var repeatFrom: RepeatFrom
    /// Whether the record names its list and how it repeats, or took the import's defaults (a
    /// calendar's task with no X-TODO-LIST): a task it merges into keeps its own then.
    public var listGiven = true
    public var repeatFromGiven = true

    public init(
        line: Int, id: TodoTask.ID? = nil, uuid: TodoUUID? = nil, listName: String, title: String, notes: String? = nil, due: Due? = nil,
        priority: Priority = .none, isDone: Bool = false, createdAt: String? = nil, updatedAt: String? = nil,
        completedAt: String? = nil, tags: [String] = [], repeatRule: RepeatRule? = nil, repeatFrom: RepeatFrom = .due
    ) {
        self.line = line
        self.id = id
        self.uuid = uuid
        self.listName = listName
        self.title = title
        self.notes = notes
        self.due = due
        self.priority = priority
        self.isDone = isDone
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.completedAt = completedAt
        self.tags = tags
        self.repeatRule = repeatRule
        self.repeatFrom = repeatFrom
    }
}

extension ImportedTask {
    /// What makes the record impossible to store as a task, though each field is valid alone.
    public var problem: String? {
        repeatRule != nil && due == nil ? "a repeating task needs a due date" : nil
    }
}

extension ImportedTask {
    /// Why a record whose uuid a record before it had cannot be imported (one a task had before
    /// the import merges into that task).
    public static func uuidRepeated(_ uuid: TodoUUID) -> String {
        // Version 8 is the uuid made of a calendar's UID that is no uuid, which todo's export
        // then writes as the UID: a calendar holding both holds one task twice.
        let made = uuid.text.utf8.dropFirst(14).first == UInt8(ascii: "8")
            ? " (todo made it of a calendar UID that is no uuid, and exports it as that task's UID: remove one of the two from the calendar)" : ""
        return "uuid \(uuid) appears more than once" + made
    }
}
