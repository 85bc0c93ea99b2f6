import TodoCore

/// Stores imported rows in `tasks`, many rows per INSERT.
///
/// One row per statement would be slow: every statement on `tasks` runs triggers, so SQLite
/// opens a statement savepoint for it, and FTS5 writes its pending index out at each savepoint,
/// one tiny segment per row, which it then spends most of the import merging. Past a size, an
/// import stops maintaining the indexes, search index and counts row by row and rebuilds them
/// once at the end (`BulkLoad`).
///
/// The schema's CHECKs are not evaluated for these rows: every value was already checked by
/// the same rules when the record was read (`Due(text:)`, `Timestamp.isValid`, ...;
/// `ImportRulesTests` proves the two agree), and checking a million rows twice costs a third of
/// the import. They still guard every other writer.
struct StoringTarget: ImportTarget {
    private static let columns = "(id, list_id, title, notes, due, priority, done, created_at, updated_at, completed_at, repeat, repeat_from, uuid)"

    private let db: Connection
    private let keepingIDs: Bool
    /// Whether the file is linked to a hub, so that new tasks take ids from its reservation.
    private let linked: Bool
    private let now: String
    /// The uuids of records that bring none.
    private var uuids = UUIDMaker()
    /// Whether a record was merged yet (and so the table of merged tasks made).
    private var merging = false
    /// Bulk loading starts once more rows than this were stored: rebuilding costs in proportion
    /// to the whole table, so it only pays when the import is at least as large as the table.
    private let bulkAfter: Int
    private var stored = 0
    /// The ids the file's reservation held when the import began: what a refusal says is left,
    /// as the refusal undoes what the import took before it.
    private var reservedAtStart: Int64?
    private var bulk: BulkLoad?
    /// Each tag's spelling, by its folded form: kept as first written, so an import that says
    /// `Errand` for a tag the file knows as `errand` stores `errand` (and `café` stays apart
    /// from `cafe` + U+0301, as in the file).
    private var spellings: [ExactText: String] = [:]
    /// The most spellings remembered; past that they are looked up again.
    private static let rememberedTags = 10_000

    init(db: Connection, keepingIDs: Bool, now: String) throws {
        self.db = db
        self.keepingIDs = keepingIDs
        self.now = now
        let existing = try db.cached("SELECT coalesce(sum(open_count) + sum(done_count), 0) FROM lists")
            .bind([]).first { $0.int(0) } ?? 0
        bulkAfter = max(BulkLoad.minimumRows, existing)
        linked = try db.cached("SELECT 1 FROM sync_link").bind([]).first { _ in true } ?? false
        // Ids of a linked file are reserved on its hub; the records' own could be anyone's.
        if linked && keepingIDs { throw TodoError.keptIDsOnLinkedFile }
        try db.execute("PRAGMA ignore_check_constraints = ON")
    }

    var writes: Bool { true }

    /// The tasks merged into go to a temporary table (their ids, which a re-import finds in
    /// order, so it grows at its end, in its own small cache): a second record for one is refused.
    mutating func noteMerged(_ uuid: TodoUUID, task: TodoTask.ID, line: Int) throws {
        if !merging {
            try db.execute("CREATE TEMP TABLE IF NOT EXISTS import_merged (id INTEGER PRIMARY KEY)")
            merging = true
        }
        do {
            try db.run("INSERT INTO temp.import_merged (id) VALUES (?)", task)
        } catch let error as SQLiteError where error.isUniqueViolation {
            throw TodoError.invalidRecord(line: line, reason: ImportedTask.uuidRepeated(uuid))
        }
    }

    func list(named name: String, repository: SQLiteTodoRepository) throws -> (TodoList.ID, created: Bool) {
        let (list, created) = try repository.listCreatingIfNeeded(named: name)
        return (list.id, created)
    }

    mutating func insert(_ rows: [ImportRow]) throws {
        if bulk == nil && stored + rows.count > bulkAfter { bulk = try BulkLoad.start(db) }
        do {
            try store(rows)
        } catch let error as SQLiteError where error.isConstraintViolation {
            // The batch went back as a whole; row by row, the failing record names its line.
            for row in rows { try storeNamingTheRecord(row) }
        }
        try storeTags(of: rows)
        stored += rows.count
    }

    func finish() throws {
        try bulk?.finish()
    }

    func end() {
        try? db.execute("PRAGMA ignore_check_constraints = OFF")
        try? db.execute("DROP TABLE IF EXISTS temp.import_merged")
    }

    private mutating func storeNamingTheRecord(_ row: ImportRow) throws {
        do {
            try store([row])
        } catch let error as SQLiteError where error.isUniqueViolation {
            // Tasks from before the import were merged into: the task is one of this import's.
            if let uuid = row.record.uuid, try db.cached("SELECT 1 FROM tasks WHERE uuid = ?").bind([uuid.text]).first({ _ in true }) != nil {
                throw TodoError.invalidRecord(line: row.record.line, reason: ImportedTask.uuidRepeated(uuid))
            }
            throw TodoError.invalidRecord(line: row.record.line, reason: "task id \(row.record.id ?? 0) appears more than once")
        } catch let error as SQLiteError where error.isConstraintViolation {
            throw TodoError.invalidRecord(line: row.record.line, reason: error.message)
        }
    }

    /// One INSERT for all of `rows`. The full-batch statement is prepared once; shorter ones
    /// (the last batch, or one cut short by long notes) each once, uncached, so odd sizes do not
    /// pile up prepared statements.
    private mutating func store(_ rows: [ImportRow]) throws {
        let values = Array(repeating: "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", count: rows.count).joined(by: ", ")
        let sql = "INSERT INTO tasks \(Self.columns) VALUES \(values)"
        let statement = try rows.count == TaskImporter.batchSize ? db.cached(sql) : db.prepare(sql)
        var reserved = linked ? try takeReservedIDs(rows.count) : nil
        statement.reset()
        var index: Int32 = 0
        func next(_ value: (any SQLBindable)?) throws {
            index += 1
            try statement.bind(value, at: index)
        }
        for row in rows {
            let record = row.record
            let created = record.createdAt ?? now
            try next(keepingIDs ? record.id : reserved.map { id in defer { reserved = id + 1 }; return id })
            try next(row.listID)
            try next(record.title)
            try next(record.notes)
            try next(record.due?.description)
            try next(record.priority.rawValue)
            try next(record.isDone)
            try next(created)
            try next(record.updatedAt ?? created)
            try next(record.isDone ? (record.completedAt ?? record.updatedAt ?? created) : nil)
            try next(record.repeatRule?.stored)
            try next(record.repeatFrom.rawValue)
            try next((record.uuid ?? uuids.next()).text)
        }
        try statement.run()
    }

    /// The first of `count` ids from the reservation of a linked file (sync_link), taken.
    private mutating func takeReservedIDs(_ count: Int) throws -> Int64 {
        let (first, last) = try db.cached(SQLiteDialect.nextReservedID).bind([]).first { ($0.int64(0), $0.int64(1)) } ?? (1, 0)
        if reservedAtStart == nil { reservedAtStart = max(0, last - first + 1) }
        guard first + Int64(count) - 1 <= last else { throw TodoError.syncIDsLeft(left: Int(reservedAtStart ?? 0)) }
        try db.run("UPDATE sync_link SET next_id = ?", first + Int64(count))
        return first
    }

    /// The tags of rows just stored. Their ids are the records' own with `--keep-ids`, else one
    /// run ending at the last id handed out (one INSERT numbers its rows in order).
    private mutating func storeTags(of rows: [ImportRow]) throws {
        guard rows.contains(where: { !$0.record.tags.isEmpty }) else { return }
        let last = db.lastInsertedRowID
        for (index, row) in rows.enumerated() {
            let id = keepingIDs ? row.record.id ?? 0 : last - Int64(rows.count - 1 - index)
            for tag in row.record.tags {
                try db.run("INSERT OR IGNORE INTO task_tags (task_id, tag) VALUES (?, ?)", id, try spelling(of: tag))
            }
        }
    }

    private mutating func spelling(of tag: String) throws -> String {
        let key = Tags.folded(tag)
        if let known = spellings[key] { return known }
        let spelling = try db.cached("SELECT tag FROM task_tags WHERE tag = ? LIMIT 1").bind([tag]).first { $0.text(0) } ?? tag
        if spellings.count >= Self.rememberedTags { spellings.removeAll(keepingCapacity: true) }
        spellings[key] = spelling
        return spelling
    }
}
