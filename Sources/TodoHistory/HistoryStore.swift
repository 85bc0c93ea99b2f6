import TodoCore
import TodoSQL

/// Which side of a recorded row: before the change, or after it. Undo finds rows as they are
/// after (`now`) and puts back the before side (`next`); redo the other way round. The raw value
/// is the prefix of the side's columns in history_lists and history_tasks.
public enum Side: String, Sendable {
    case before, after

    public var other: Side { self == .before ? .after : .before }
}

/// The history's tables and the rows they record, as undo and redo read and write them, once for
/// every backend (`SQLSession`). `ChangeReverter` decides what may be reverted and in which
/// order; this checks and writes the rows.
///
/// Every check and write takes all the change's rows at once, one statement each, never a row
/// at a time nor all of them in memory: a change may be a hundred thousand ids on a command line,
/// an import that made 400,000 lists, a list of a million tasks deleted with `--force`. A
/// statement per row would cost a round trip each on a server.
public struct HistoryStore {
    let session: any SQLSession
    /// How many of the newest changes the history shows and undoes.
    let limit: Int
    /// How many tasks have ids in the range, and whether their fingerprint is the one recorded:
    /// each backend takes the fingerprint its own way (see `importedTasks`).
    let fingerprint: (ImportedRange) throws -> (count: Int, unchanged: Bool)

    public init(session: any SQLSession, limit: Int, fingerprint: @escaping (ImportedRange) throws -> (count: Int, unchanged: Bool)) {
        self.session = session
        self.limit = limit
        self.fingerprint = fingerprint
    }

    var dialect: any SQLDialect { session.dialect }

    // MARK: The record of a change

    /// The changes the history shows and undoes (the newest `$1` ids of the table), read by
    /// `entry`.
    static let visibleChanges = "SELECT id, at, command, summary, undone FROM history WHERE id > (SELECT coalesce(max(id), 0) FROM history) - $1"

    /// The change undo reverts next (the newest not undone) or redo does (the oldest undone),
    /// among those the history shows; nil when there is none. A change a sync received is
    /// neither (`ReceivedChanges`).
    func nextChange(undoing: Bool) throws -> HistoryEntry? {
        let pick = undoing ? "NOT undone AND NOT received ORDER BY id DESC" : "undone ORDER BY id"
        return try session.first("\(Self.visibleChanges) AND \(pick) LIMIT 1", [SQLValue(limit)], Self.entry)
    }

    /// Reads a change's row: id, at, command, summary, undone.
    static func entry(_ row: any SQLRow) throws -> HistoryEntry {
        HistoryEntry(id: try row.int64(0), at: try row.text(1), command: try row.text(2), summary: try row.text(3), isUndone: try row.bool(4))
    }

    /// Marks the change undone, or done again.
    func markChange(_ id: Int64, undone: Bool) throws {
        try session.run("UPDATE history SET undone = $1 WHERE id = $2", [.bool(undone), .integer(id)])
    }

    /// The range of ids the change imported, when it is an import.
    func importedRange(of change: Int64) throws -> ImportedRange? {
        try session.first("""
            SELECT imported_after, imported_through, imported_count, imported_fingerprint FROM history
            WHERE id = $1 AND imported_after IS NOT NULL
            """, [.integer(change)]) { row in
            ImportedRange(after: try row.int64(0), through: row.isNull(1) ? nil : try row.int64(1), count: row.isNull(2) ? nil : try row.int(2),
                          fingerprint: row.isNull(3) ? nil : try row.int64(3))
        }
    }

    /// Every list and task the change recorded, as stored, one at a time (for `RecordDamage`).
    /// The first statement of a revert: past an import's worth of rows, the revert is work the
    /// size of an import (`expectLongWork`).
    func forEachRecordedRow(of change: Int64, _ body: (RecordedRow) throws -> Void) throws {
        try expectLongWork(ifAnImportOf: """
            SELECT task_id FROM history_tasks WHERE change_id = $1 UNION ALL SELECT list_id FROM history_lists WHERE change_id = $1
            """, [.integer(change)])
        try Self.forEachRecordedRow(in: session, of: change) { try body($1) }
    }

    /// From how many rows a revert is work the size of an import.
    static let longWork = 10_000

    /// Lifts the statement limit when `rows` (a query's rows) are an import's worth or more
    /// (`longWork`), reading no more than that many: a count of a million rows could itself pass
    /// a server's statement limit.
    func expectLongWork(ifAnImportOf rows: String, _ values: [SQLValue]) throws {
        let many = try session.first("SELECT EXISTS (SELECT 1 FROM (\(rows)) AS r LIMIT 1 OFFSET $\(values.count + 1))",
                                     values + [.integer(Int64(Self.longWork - 1))]) { try $0.bool(0) } ?? false
        if many { try session.expectLongWork() }
    }

    /// The rows one change recorded, or every change's (`change` nil, for `todo db check`), each
    /// with the change it belongs to; streamed. Every field as text, `done` as 0 or 1.
    public static func forEachRecordedRow(in session: any SQLSession, of change: Int64?, _ body: (Int64, RecordedRow) throws -> Void) throws {
        let which = change == nil ? "" : "WHERE change_id = $1"
        let values: [SQLValue] = change.map { [.integer($0)] } ?? []
        func columns(_ fields: [String]) -> String {
            [Side.before, .after].flatMap { side in
                fields.map { session.dialect.asText("\(side)_\($0)", isBool: $0 == "done") }
            }.joined(by: ", ")
        }
        for (kind, table, key, fields) in [(RecordedRow.Kind.list, "history_lists", "list_id", ListRow.fields),
                                           (.task, "history_tasks", "task_id", TaskRow.fields)] {
            try session.forEachRow("SELECT change_id, \(key), \(columns(fields)) FROM \(table) \(which) ORDER BY change_id, \(key)", values) { row in
                try body(try row.int64(0), RecordedRow(kind: kind, id: try row.int64(1), before: try row.texts(from: 2, fields.count),
                                                       after: try row.texts(from: 2 + fields.count, fields.count)))
            }
        }
    }
}
