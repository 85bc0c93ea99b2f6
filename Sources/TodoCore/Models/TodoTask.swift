/// One task, as stored: its id is stable forever and never reused.
///
/// Timestamps are ISO-8601 text in UTC (`2026-11-21T09:30:00Z`), exactly as the database holds them.
public struct TodoTask: Equatable, Hashable, Sendable {
    public typealias ID = Int64

    public let id: ID
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

    public init(
        id: ID, listID: TodoList.ID, listName: String, title: String, notes: String?, due: Due?,
        priority: Priority, isDone: Bool, createdAt: String, updatedAt: String, completedAt: String?
    ) {
        self.id = id
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
    }
}
