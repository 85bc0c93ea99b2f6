import TodoSQL

/// The hub's tasks a sync changes or deletes, written many to a statement: one UPDATE and one
/// tag read a task made sending 10,000 tasks changed offline take 20 s, each statement a round
/// trip. Each row is written only if no one changed it since the sync read it (`Unchanged`,
/// here the transaction it was read in, or nil for one unchanged since the sync's snapshot);
/// one that was stops the sync, as a single write would.
struct HubTaskWrites {
    let hub: any SQLSession
    let snapshot: String
    private var updates: [(uuid: String, row: SyncedRow, list: Int64, readIn: String?)] = []
    /// The tasks among `updates` whose tags change: their ids and tags.
    private var retagged: [(id: Int64, tags: [String])] = []
    private var deletions: [(uuid: String, readIn: String?)] = []
    private var bytes = 0

    init(hub: any SQLSession, snapshot: String) {
        (self.hub, self.snapshot) = (hub, snapshot)
    }

    /// A statement holds at most this many rows, or this much text, whichever comes first: a
    /// task's text may be 160 KiB (`TextLimits.task`), and no message may pass 1 MiB.
    static let rowsPerStatement = 500
    static let bytesPerStatement = 256 << 10

    /// Whether a batch of `rows` rows holding `bytes` of text is as large as a statement takes.
    static func full(rows: Int, bytes: Int) -> Bool {
        rows >= rowsPerStatement || bytes >= bytesPerStatement
    }

    /// The text a task adds to a statement, about.
    static func size(of row: SyncedRow) -> Int {
        let t = row.task
        return 200 + t.title.utf8.count + (t.notes?.utf8.count ?? 0) + t.tags.reduce(0) { $0 + $1.utf8.count + 8 }
    }

    /// Every field of the task `uuid` becomes `row`'s, its tags too when `tagsChanged`.
    mutating func update(_ uuid: String, _ row: SyncedRow, list: Int64, readIn: String?, tagsChanged: Bool) throws {
        updates.append((uuid, row, list, readIn))
        if tagsChanged { retagged.append((row.id, row.task.tags)) }
        bytes += Self.size(of: row)
        if Self.full(rows: updates.count, bytes: bytes) { try writeUpdates() }
    }

    mutating func delete(_ uuid: String, readIn: String?) throws {
        deletions.append((uuid, readIn))
        if deletions.count == Self.rowsPerStatement { try writeDeletions() }
    }

    /// Writes what waits.
    mutating func finish() throws {
        try writeUpdates()
        try writeDeletions()
    }

    private mutating func writeUpdates() throws {
        guard !updates.isEmpty else { return }
        let columns = ["uuid text", "list_id bigint", "title text", "notes text", "due text", "priority text", "done boolean",
                       "completed_at text", "created_at text", "updated_at text", "repeat text", "repeat_from text", "read_in text"]
        let set = columns.dropFirst().dropLast().map { $0.prefix { $0 != " " } }.map { "\($0) = v.\($0)" }
        let values = updates.flatMap { u -> [SQLValue] in
            let t = u.row.task
            return [.text(u.uuid), .integer(u.list), .text(t.title), SQLValue(t.notes), SQLValue(t.due), .text(t.priority), .bool(t.done),
                    SQLValue(t.completedAt), .text(t.createdAt), .text(t.updatedAt), SQLValue(t.repeat), .text(t.repeatFrom), SQLValue(u.readIn)]
        }
        let written = try hub.run("""
            UPDATE tasks AS t SET \(set.joined(separator: ", "))
            FROM (VALUES \(Self.rows(updates.count, columns))) AS v (\(columns.map { $0.prefix { $0 != " " } }.joined(separator: ", ")))
            WHERE t.uuid = v.uuid AND \(unchanged(snapshotAt: values.count + 1))
            """, values + [.text(snapshot)])
        guard written == updates.count else { throw SyncFailure.hubChangedMeanwhile }
        if !retagged.isEmpty {
            try hub.run("DELETE FROM task_tags WHERE task_id IN (\(Self.placeholders(1...retagged.count)))", retagged.map { .integer($0.id) })
            try Self.insertTags(retagged.flatMap { task in task.tags.map { (task.id, $0) } }, on: hub)
        }
        updates.removeAll(keepingCapacity: true)
        retagged.removeAll(keepingCapacity: true)
        bytes = 0
    }

    private mutating func writeDeletions() throws {
        guard !deletions.isEmpty else { return }
        let written = try hub.run("""
            DELETE FROM tasks AS t USING (VALUES \(Self.rows(deletions.count, ["uuid text", "read_in text"]))) AS v (uuid, read_in)
            WHERE t.uuid = v.uuid AND \(unchanged(snapshotAt: deletions.count * 2 + 1))
            """, deletions.flatMap { [SQLValue.text($0.uuid), SQLValue($0.readIn)] } + [.text(snapshot)])
        guard written == deletions.count else { throw SyncFailure.hubChangedMeanwhile }
        deletions.removeAll(keepingCapacity: true)
    }

    /// `Unchanged` of each task `t` written as `v` says: as read in `v.read_in`, or, none, unchanged
    /// since the snapshot (the value numbered `snapshotAt`).
    private func unchanged(snapshotAt: Int) -> String {
        """
        CASE WHEN v.read_in IS NULL THEN pg_visible_in_snapshot(t.changed_in, $\(snapshotAt)::pg_snapshot)
             ELSE t.changed_in = v.read_in::xid8 END
        """
    }

    /// Tags of tasks written to the hub, a thousand to a statement: a task may have many, and a
    /// statement takes 65,535 values.
    static func insertTags(_ tags: [(Int64, String)], on hub: any SQLSession) throws {
        for start in stride(from: 0, to: tags.count, by: 1000) {
            let chunk = tags[start..<min(start + 1000, tags.count)]
            try hub.run("INSERT INTO task_tags (task_id, tag) VALUES " + rows(chunk.count, ["bigint", "text"]),
                        chunk.flatMap { [SQLValue.integer($0.0), .text($0.1)] })
        }
    }

    /// `count` rows of VALUES, of `columns` (each "name type", or a type), numbered from $1; the
    /// first row casts each value to its type, which a VALUES list takes for the rest.
    static func rows(_ count: Int, _ columns: [String]) -> String {
        let types = columns.map { $0.split(separator: " ").last.map(String.init) ?? $0 }
        return (0..<count).map { row in
            "(" + types.indices.map { c in "$\(row * types.count + c + 1)" + (row == 0 ? "::" + types[c] : "") }.joined(separator: ", ") + ")"
        }.joined(separator: ", ")
    }

    static func placeholders(_ range: ClosedRange<Int>) -> String {
        range.map { "$\($0)" }.joined(separator: ", ")
    }
}
