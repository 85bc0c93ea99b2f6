import TodoCore
import TodoSQL
import TodoHistory

extension SQLiteTodoRepository {
    /// Streams records into `tasks` inside one transaction (joined to the command's), so a bad
    /// record anywhere leaves nothing behind. Inside a write that will be rolled back (a dry
    /// run), the records are only checked and counted, against temporary tables, so that neither
    /// the file nor its log changes however large the import.
    public func importTasks(keepingIDs: Bool, _ produce: ((ImportedTask) throws -> Void) throws -> Void) throws -> ImportSummary {
        try translatingErrors {
            try db.transaction {
                let before = try highestAssignedTaskID()
                let target: any ImportTarget = state.isRollingBack
                    ? try DryRunTarget(db: db, keepingIDs: keepingIDs)
                    : try StoringTarget(db: db, keepingIDs: keepingIDs, now: timestamp())
                defer { target.end() }
                var importer = try TaskImporter(repository: self, target: target, keepingIDs: keepingIDs)
                try produce { try importer.add($0) }
                let summary = try importer.finish()
                if let recorder, summary.imported > 0 { try record(summary, after: before, in: recorder) }
                return summary
            }
        }
    }
}

extension SQLiteTodoRepository {
    /// An import is recorded as the range of its tasks' ids, which are exactly those above the
    /// highest id handed out before it (every imported id is, and nothing else wrote meanwhile),
    /// with a fingerprint of those rows: undo can then tell whether any was changed since
    /// without a million rows of history.
    private func record(_ summary: ImportSummary, after before: Int64, in recorder: ChangeRecorder) throws {
        let through = try highestAssignedTaskID()
        let (count, fingerprint) = try tasksFingerprint(after: before, through: through)
        recorder.imported(ImportedRange(after: before, through: through, count: count, fingerprint: fingerprint))
        recorder.note(.imported(tasks: summary.imported, lists: summary.listsCreated))
    }

    /// How many tasks have ids in (after, through], and their rows' fingerprint.
    func tasksFingerprint(after: Int64, through: Int64) throws -> (Int, Int64) {
        var count = 0
        var sum: UInt64 = 0
        try db.cached("SELECT t.id, \(TaskRow.fingerprintSelection) FROM tasks AS t WHERE t.id > ? AND t.id <= ?")
            .bind([after, through]).forEachRow { row in
                count += 1
                sum &+= row.rowFingerprint()
            }
        return (count, Int64(bitPattern: sum))
    }
}

/// Checks records, resolves their lists, and hands them to a target in batches.
struct TaskImporter {
    /// A batch goes out at this many records, or at `batchBytes` of text, whichever comes first,
    /// so memory stays flat even when every record carries a megabyte of notes.
    static let batchSize = 500
    static let batchBytes = 1 << 20
    /// The most lists whose ids are remembered; past that they are looked up again (an import
    /// naming a million lists must not hold a million names).
    private static let rememberedLists = 10_000

    private let repository: SQLiteTodoRepository
    private var target: any ImportTarget
    private let keepingIDs: Bool
    /// Ids up to this were handed out at some time, even if deleted since.
    private let highestAssigned: Int64
    /// The last id this import may hand out: on a linked file, its block's last (tasks received
    /// from the hub have ids past it, and are not this import's).
    private let highestReserved: Int64
    /// Records waiting, each with its list's id once known: a record that names no list finds
    /// its list (the default, made if missing) only if it merges into no task (`flush`).
    private var batch: [(record: ImportedTask, listID: TodoList.ID?)] = []
    private var batchText = 0
    private var listIDs: [ExactText: TodoList.ID] = [:]
    private var summary = ImportSummary(imported: 0, listsCreated: 0)
    /// What an updated task's updated_at is when its record gives none.
    private let now: String
    /// Whether there were tasks before: if not, no record has one to merge into (a uuid that
    /// comes twice is refused by the index as the second is stored).
    private let hadTasks: Bool

    init(repository: SQLiteTodoRepository, target: any ImportTarget, keepingIDs: Bool) throws {
        self.repository = repository
        self.target = target
        self.keepingIDs = keepingIDs
        highestAssigned = try repository.highestAssignedTaskID()
        highestReserved = try repository.session.first("SELECT last_id FROM sync_link", []) { try $0.int64(0) } ?? .max
        now = repository.timestamp()
        hadTasks = try repository.session.first("SELECT EXISTS (SELECT 1 FROM tasks)", []) { try $0.bool(0) } ?? true
        batch.reserveCapacity(Self.batchSize)
    }

    mutating func add(_ record: ImportedTask) throws {
        if let problem = record.problem { throw TodoError.invalidRecord(line: record.line, reason: problem) }
        if keepingIDs, record.id == nil {
            throw TodoError.invalidRecord(line: record.line, reason: "--keep-ids needs an id in every record")
        }
        batch.append((record, record.listGiven ? try listID(record.listName) : nil))
        batchText += record.title.utf8.count + (record.notes?.utf8.count ?? 0)
        if batch.count == Self.batchSize || batchText >= Self.batchBytes { try flush() }
    }

    mutating func finish() throws -> ImportSummary {
        try flush()
        try target.finish()
        return summary
    }

    private mutating func flush() throws {
        guard !batch.isEmpty else { return }
        summary.imported += batch.count
        try mergeByUUID()
        if keepingIDs, let taken = batch.first(where: { ($0.record.id ?? 0) <= highestAssigned }) {
            throw TodoError.idAlreadyAssigned(taken.record.id ?? 0, line: taken.record.line)
        }
        if !batch.isEmpty { try target.insert(try batch.map { ImportRow(record: $0.record, listID: try $0.listID ?? listID($0.record.listName)) }) }
        batch.removeAll(keepingCapacity: true)
        batchText = 0
    }

    /// Takes out of the batch each record whose uuid a task here has, merged into that task
    /// (`SQLRepository.merge`). A task this import made has it from a record earlier in the file,
    /// as has a task another record merged into: both refused, naming the line.
    private mutating func mergeByUUID() throws {
        let found = try repository.tasksToMerge(batch.lazy.map(\.record).filter { $0.uuid != nil }, findingTasks: hadTasks)
        guard !found.isEmpty else { return }
        var kept: [(record: ImportedTask, listID: TodoList.ID?)] = []
        for row in batch {
            guard let uuid = row.record.uuid, let existing = found[uuid.text] else {
                kept.append(row)
                continue
            }
            if existing.task.id > highestAssigned && existing.task.id <= highestReserved { throw TodoError.invalidRecord(line: row.record.line, reason: ImportedTask.uuidRepeated(uuid)) }
            try target.noteMerged(uuid, task: existing.task.id, line: row.record.line)
            if try repository.merge(row.record, into: existing, listID: row.listID ?? 0, now: now, writing: target.writes) {
                summary.updated += 1
            } else {
                summary.unchanged += 1
            }
        }
        batch = kept
    }

    /// The id of the list a record names, created the first time it is seen; remembered by
    /// name folded and compared the way the database does (`café` and `cafe` + U+0301 are two
    /// lists), so lookups happen once.
    private mutating func listID(_ name: String) throws -> TodoList.ID {
        let key = Names.foldedForMatching(name)
        if let id = listIDs[key] { return id }
        let (id, created) = try target.list(named: name, repository: repository)
        if created { summary.listsCreated += 1 }
        if listIDs.count >= Self.rememberedLists { listIDs.removeAll(keepingCapacity: true) }
        listIDs[key] = id
        return id
    }
}

/// A record and the list it goes to.
struct ImportRow {
    let record: ImportedTask
    let listID: TodoList.ID
}

/// Where an import's rows go: the tasks table, or (for a dry run) nowhere but a check.
protocol ImportTarget {
    /// Whether it writes (a dry run only checks and counts).
    var writes: Bool { get }
    /// The id of the list named `name` and whether this import created it.
    mutating func list(named name: String, repository: SQLiteTodoRepository) throws -> (TodoList.ID, created: Bool)
    /// A record merged into task `task` by its uuid: refused when one before it was too.
    mutating func noteMerged(_ uuid: TodoUUID, task: TodoTask.ID, line: Int) throws
    mutating func insert(_ rows: [ImportRow]) throws
    mutating func finish() throws
    /// Undoes what the target changed about the connection; called however the import ends.
    func end()
}

extension SQLiteTodoRepository {
    /// The highest task id ever handed out (AUTOINCREMENT's counter), 0 for none.
    /// On a file linked to a hub, the last id handed out from its block (tasks received from the
    /// hub may have higher ones).
    func highestAssignedTaskID() throws -> Int64 {
        try db.cached("SELECT coalesce((SELECT next_id - 1 FROM sync_link), (SELECT seq FROM sqlite_sequence WHERE name = 'tasks'), 0)")
            .bind([]).first { $0.int64(0) } ?? 0
    }
}
