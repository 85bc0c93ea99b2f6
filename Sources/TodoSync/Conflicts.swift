import TodoCore
import TodoSQL

/// The conflicts a sync found, kept in the file until dismissed.
enum Conflicts {
    static func record(_ conflict: SyncConflict, in file: any SQLSession) throws {
        try file.run("INSERT INTO sync_conflicts (task_id, uuid, field, kept, yours, at) VALUES ($1, $2, $3, $4, $5, $6)", [
            conflict.task.map { .integer($0) } ?? .null, .text(conflict.uuid), .text(conflict.field), SQLValue(conflict.kept),
            SQLValue(conflict.yours), .text(conflict.at),
        ])
    }

    static let select = "SELECT id, task_id, uuid, field, kept, yours, at FROM sync_conflicts"

    static func read(_ row: any SQLRow) throws -> SyncConflict {
        SyncConflict(id: try row.int64(0), task: row.isNull(1) ? nil : try row.int64(1), uuid: try row.text(2), field: try row.text(3),
                     kept: try row.optionalText(4), yours: try row.optionalText(5), at: try row.text(6))
    }
}
