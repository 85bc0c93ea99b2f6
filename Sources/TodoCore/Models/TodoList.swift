/// A named list of tasks, with how many of them are open and done.
///
/// The counts are kept current by the database itself, so reading them never scans the tasks.
public struct TodoList: Equatable, Hashable, Sendable {
    public typealias ID = Int64

    public let id: ID
    /// The same on every machine, where `id` is this database's (`TodoUUID`).
    public let uuid: TodoUUID
    public let name: String
    public let openCount: Int
    public let doneCount: Int

    public init(id: ID, uuid: TodoUUID, name: String, openCount: Int, doneCount: Int) {
        self.id = id
        self.uuid = uuid
        self.name = name
        self.openCount = openCount
        self.doneCount = doneCount
    }

    /// Open and done tasks together. The counts come from the file, where `sqlite3` can put any
    /// value, so the sum saturates instead of overflowing (which would crash).
    public var taskCount: Int {
        let (sum, overflow) = openCount.addingReportingOverflow(doneCount)
        return overflow ? (openCount < 0 ? .min : .max) : sum
    }

    /// Field for field, the name by its scalars (`ExactText`), as the database tells names apart.
    public static func == (lhs: TodoList, rhs: TodoList) -> Bool {
        lhs.id == rhs.id && lhs.uuid == rhs.uuid && lhs.name.hasSameScalars(as: rhs.name) && lhs.openCount == rhs.openCount && lhs.doneCount == rhs.doneCount
    }

    /// By id: equal lists have the same one.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }
}
