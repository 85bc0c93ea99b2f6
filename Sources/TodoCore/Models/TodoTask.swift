/// One task, as stored: its id is stable forever and never reused.
///
/// Timestamps are ISO-8601 text in UTC (`2026-11-21T09:30:00Z`), exactly as the database holds them.
public struct TodoTask: Equatable, Hashable, Sendable {
    public typealias ID = Int64

    /// The largest id an import may keep: 2^53 - 1, the largest whole number every JSON reader
    /// keeps exact (JavaScript and jq read numbers as doubles). It also leaves AUTOINCREMENT room
    /// to go on handing out ids after an import.
    public static let largestImportedID: ID = 9_007_199_254_740_991

    public let id: ID
    /// The same on every machine, where `id` is this database's (`TodoUUID`).
    public let uuid: TodoUUID
    public let listID: TodoList.ID
    public let listName: String
    public let title: String
    public let notes: String?
    public let due: Due?
    public let priority: Priority
    public let isDone: Bool
    public let createdAt: String
    public let updatedAt: String
    public let completedAt: String?
    /// Sorted as `Tags.sorted` lists them.
    public let tags: [String]
    /// How the task repeats, if it does; such a task always has a due date.
    public let repeatRule: RepeatRule?
    public let repeatFrom: RepeatFrom

    public init(
        id: ID, uuid: TodoUUID, listID: TodoList.ID, listName: String, title: String, notes: String?, due: Due?,
        priority: Priority, isDone: Bool, createdAt: String, updatedAt: String, completedAt: String?,
        tags: [String] = [], repeatRule: RepeatRule? = nil, repeatFrom: RepeatFrom = .due
    ) {
        self.id = id
        self.uuid = uuid
        self.listID = listID
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

    /// Field for field, each text by its scalars (`ExactText`): an edit that changes only how a
    /// title is normalised is a change, as it is to the database.
    public static func == (lhs: TodoTask, rhs: TodoTask) -> Bool {
        lhs.id == rhs.id && lhs.uuid == rhs.uuid && lhs.listID == rhs.listID && lhs.listName.hasSameScalars(as: rhs.listName)
            && lhs.sameFieldsBesidesDone(as: rhs) && lhs.isDone == rhs.isDone
            && lhs.createdAt.hasSameScalars(as: rhs.createdAt) && lhs.updatedAt.hasSameScalars(as: rhs.updatedAt)
            && lhs.completedAt.hasSameScalars(as: rhs.completedAt)
    }

    /// By id: equal tasks have the same one.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }
}
