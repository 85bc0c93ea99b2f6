import TodoCore
import TodoSQL

/// A row of `tasks` exactly as a backend stores it, with its tags as one text, nothing read into
/// the domain's types or normalised: what a change records and what undo puts back, byte for
/// byte. Each backend reads and binds it its own way.
public struct TaskRow: Equatable, Sendable {
    public var listID: Int64
    public var title: String
    public var notes: String?
    public var due: String?
    public var priority: String
    public var done: Bool
    public var createdAt: String
    public var updatedAt: String
    public var completedAt: String?
    /// Space-separated, in listing order; empty when it has none.
    public var tags: String
    public var `repeat`: String?
    public var repeatFrom: String
    /// Never changed once made (the schema refuses it), so undo never has to put one back.
    public var uuid: String

    public init(listID: Int64, title: String, notes: String?, due: String?, priority: String, done: Bool, createdAt: String,
                updatedAt: String, completedAt: String?, tags: String, repeat: String?, repeatFrom: String, uuid: String) {
        self.listID = listID
        self.title = title
        self.notes = notes
        self.due = due
        self.priority = priority
        self.done = done
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.completedAt = completedAt
        self.tags = tags
        self.repeat = `repeat`
        self.repeatFrom = repeatFrom
        self.uuid = uuid
    }

    /// The fields in the order history_tasks pairs them (before_, after_ of each).
    public static let fields = ["list_id", "title", "notes", "due", "priority", "done", "created_at", "updated_at", "completed_at",
                                "tags", "repeat", "repeat_from", "uuid"]

    /// The columns of `tasks` besides `id` (tags are rows of `task_tags`).
    public static let columns = fields.filter { $0 != "tags" }

    /// Byte for byte, as the database compares the row: undo refuses a row someone changed
    /// by hand, even when the change was only to how a title is normalised (`ExactText`). A
    /// field added to the row is compared here too.
    public static func == (lhs: TaskRow, rhs: TaskRow) -> Bool {
        lhs.listID == rhs.listID && lhs.done == rhs.done && lhs.title.hasSameScalars(as: rhs.title)
            && lhs.notes.hasSameScalars(as: rhs.notes) && lhs.due.hasSameScalars(as: rhs.due)
            && lhs.priority.hasSameScalars(as: rhs.priority) && lhs.createdAt.hasSameScalars(as: rhs.createdAt)
            && lhs.updatedAt.hasSameScalars(as: rhs.updatedAt) && lhs.completedAt.hasSameScalars(as: rhs.completedAt)
            && lhs.tags.hasSameScalars(as: rhs.tags) && lhs.repeat.hasSameScalars(as: rhs.repeat)
            && lhs.repeatFrom.hasSameScalars(as: rhs.repeatFrom) && lhs.uuid == rhs.uuid
    }
}

/// A row of `lists` exactly as stored (its counts are the database's business).
public struct ListRow: Equatable, Sendable {
    public var name: String
    public var createdAt: String
    public var uuid: String

    public init(name: String, createdAt: String, uuid: String) {
        self.name = name
        self.createdAt = createdAt
        self.uuid = uuid
    }

    /// Byte for byte, as the database compares the row (see `TaskRow`'s).
    public static func == (lhs: ListRow, rhs: ListRow) -> Bool {
        lhs.name.hasSameScalars(as: rhs.name) && lhs.createdAt.hasSameScalars(as: rhs.createdAt) && lhs.uuid == rhs.uuid
    }
}

/// How the rows are named in statements written once for every backend (`HistoryStore`).
extension TaskRow {
    /// The fields an import's fingerprint covers: all but `uuid`, which never changes (the schema
    /// refuses it), so that an import recorded before rows had one can still be undone.
    public static let fingerprinted = fields.filter { $0 != "uuid" }

    /// What selects `fields` (or some of them) of the task `t`.
    public static func selected(_ dialect: any SQLDialect, _ fields: [String] = fields) -> String {
        fields.map { $0 == "tags" ? dialect.tags(ofTask: "t.id") : "t." + $0 }.joined(by: ", ")
    }

    /// The values of `fields`, in order.
    var fieldValues: [SQLValue] {
        [.integer(listID), .text(title), SQLValue(notes), SQLValue(due), .text(priority), .bool(done), .text(createdAt),
         .text(updatedAt), SQLValue(completedAt), .text(tags), SQLValue(`repeat`), .text(repeatFrom), .text(uuid)]
    }

    /// The values of no task: the side of a history row where the task did not exist.
    static let absent = [SQLValue](repeating: .null, count: fields.count)

    /// What selects `columns` from one side of history_tasks rows (of the table named `table`:
    /// `h.`, or none). A row recorded before tasks had `repeat_from` (migration 0006) has none
    /// there: it did not repeat.
    public static func recordedColumns(_ side: Side, of table: String = "") -> [String] {
        columns.map { $0 == "repeat_from" ? "coalesce(\(table)\(side)_repeat_from, 'due')" : "\(table)\(side)_" + $0 }
    }
}
