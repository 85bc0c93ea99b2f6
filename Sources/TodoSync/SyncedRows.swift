import TodoCore
import TodoSQL

/// A task as one side holds it: its id (the same on every machine) and its fields as a sync
/// compares them.
struct SyncedRow: Equatable {
    var id: Int64
    var task: SyncedTask
}

/// Reading and writing tasks as `SyncedRow`s, the same columns in the same order wherever they
/// come from: the file, its base, the hub, or the hub's changes staged in the file.
enum SyncedRows {
    /// The columns every read gives, after the uuid: the id, the list's uuid, the fields, the tags.
    static let columns = ["id", "list_uuid", "title", "notes", "due", "priority", "done", "completed_at", "created_at", "updated_at", "tags", "repeat", "repeat_from"]
    static let fields = columns.joined(separator: ", ")

    /// `fields` of the table or query named `alias`.
    static func fields(of alias: String) -> String { columns.map { alias + "." + $0 }.joined(separator: ", ") }

    /// The tasks of a database (a file or the hub) as `uuid` and `fields`, a query to select from.
    static func live(_ dialect: any SQLDialect) -> String {
        """
        (SELECT t.uuid, t.id, l.uuid AS list_uuid, t.title, t.notes, t.due, t.priority, t.done, t.completed_at, t.created_at,
                t.updated_at, \(dialect.tags(ofTask: "t.id")) AS tags, t.repeat, t.repeat_from
         FROM tasks AS t JOIN lists AS l ON l.id = t.list_id)
        """
    }

    /// A row read from `fields`, starting at `column`. A file's text that is not UTF-8 (written
    /// by hand) stops the sync, naming the task: it would reach the hub, and come back, with
    /// U+FFFD in place of its bytes (a server's text always is UTF-8).
    static func read(_ row: any SQLRow, from column: Int = 0) throws -> SyncedRow {
        let c = column
        for (offset, field) in [(2, "title"), (3, "notes"), (10, "tag")] where !row.isUTF8(c + offset) {
            throw TodoError.textNotUTF8(try row.int64(c), field: field)
        }
        let task = SyncedTask(
            listUUID: try row.text(c + 1), title: try row.text(c + 2), notes: try row.optionalText(c + 3), due: try row.optionalText(c + 4),
            priority: try row.text(c + 5), done: try row.bool(c + 6), completedAt: try row.optionalText(c + 7),
            createdAt: try row.text(c + 8), updatedAt: try row.text(c + 9), tags: tags(try row.text(c + 10)),
            repeat: try row.optionalText(c + 11), repeatFrom: try row.text(c + 12))
        return SyncedRow(id: try row.int64(c), task: task)
    }

    /// Tags as one text, as the base keeps them.
    static func text(of tags: [String]) -> String { Tags.sorted(tags).joined(separator: " ") }

    static func tags(_ text: String) -> [String] { Tags.sorted(Tags.splitStored(text)) }

    /// `fields`' values of `row` (the uuid first), for an INSERT of them.
    static func values(_ uuid: String, _ row: SyncedRow) -> [SQLValue] {
        let t = row.task
        return [.text(uuid), .integer(row.id), .text(t.listUUID), .text(t.title), SQLValue(t.notes), SQLValue(t.due), .text(t.priority),
                .bool(t.done), SQLValue(t.completedAt), .text(t.createdAt), .text(t.updatedAt), .text(text(of: t.tags)),
                SQLValue(t.repeat), .text(t.repeatFrom)]
    }
}
