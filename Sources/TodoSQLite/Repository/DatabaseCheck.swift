import TodoCore
import TodoHistory

#if canImport(Glibc)
import Glibc
#endif

/// The checks behind `todo db check`, every one of them every time: SQLite's own integrity and
/// foreign-key checks, the migrations recorded against the ones this binary carries, the schema
/// against the one those migrations build, the values in the tasks and lists against the rules
/// todo reads them by, the per-list counts, and the search index against the tasks.
struct DatabaseCheck {
    let db: Connection
    let migrator: Migrator

    /// What was found; `repairable` are the findings `repair()` puts right.
    struct Findings {
        var all: [String] = []
        var repairable: [String] = []
    }

    /// At most this many findings of one kind are listed, then how many more there are.
    static let listedPerKind = 20

    func findings() throws -> Findings {
        var found = Findings()
        found.all += try integrity()
        let migrationFindings = try migrations()
        found.all += migrationFindings
        // The schema can only match once every migration is in.
        if migrationFindings.isEmpty { found.all += try schema() }
        if try db.hasSchemaObject(named: "tasks") && db.hasSchemaObject(named: "lists") {
            found.all += try values()
            if try db.hasSchemaObject(named: "history_tasks") { found.all += try history() }
            let counts = try self.counts()
            found.all += counts
            found.repairable += counts
        }
        if try db.hasSchemaObject(named: "tasks_search") {
            let search = try searchIndex()
            found.all += search
            found.repairable += search
        }
        return found
    }

    /// Recounts every list and rebuilds the search index from the tasks, in one transaction.
    func repair() throws {
        try db.transaction {
            try db.execute("""
                UPDATE lists SET
                    open_count = (SELECT count(*) FROM tasks WHERE list_id = lists.id AND done = 0),
                    done_count = (SELECT count(*) FROM tasks WHERE list_id = lists.id AND done = 1);
                INSERT INTO tasks_search (tasks_search) VALUES ('rebuild')
                """)
        }
    }

    private func integrity() throws -> [String] {
        var findings: [String] = []
        try db.prepare("PRAGMA integrity_check").bind([]).forEachRow { row in
            let text = row.text(0)
            if text != "ok" { findings.append("integrity: " + text) }
        }
        try db.prepare("PRAGMA foreign_key_check").bind([]).forEachRow { row in
            findings.append("foreign key: row \(row.int64(1)) of \(row.text(0)) refers to a missing row of \(row.text(2))")
        }
        return findings
    }

    private func migrations() throws -> [String] {
        let known = Dictionary(uniqueKeysWithValues: migrator.migrations.map { ($0.version, $0) })
        let applied = try migrator.applied(in: db)
        var findings: [String] = []
        for record in applied {
            guard let migration = known[record.version] else {
                findings.append("migration \(record.version) (\(record.name)) is not known to this todo: the file was written by a newer version")
                continue
            }
            if migration.checksum != record.checksum {
                findings.append("migration \(Migration.fileName(version: record.version, name: record.name)) differs from the one applied")
            }
        }
        let done = Set(applied.map(\.version))
        for migration in migrator.migrations where !done.contains(migration.version) {
            findings.append("migration \(migration.fileName) is not applied yet (any todo command applies it)")
        }
        return findings
    }

    /// Compares every table, index, trigger and view with a fresh database built by the same
    /// migrations.
    private func schema() throws -> [String] {
        let expected = try Connection(path: ":memory:")
        try migrator.migrate(expected, now: "")
        let want = try Self.objects(expected), have = try Self.objects(db)
        return CheckReport.schemaFindings(expected: want, actual: have)
    }

    private static func objects(_ db: Connection) throws -> [String: String] {
        var objects: [String: String] = [:]
        try db.prepare("SELECT type, name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%'").bind([]).forEachRow { row in
            // Layout is not schema: runs of whitespace compare equal.
            let sql = (row.optionalText(2) ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
            objects[row.text(0) + " " + row.text(1)] = sql
        }
        return objects
    }

    /// Values the schema's CHECKs forbid (writable with `PRAGMA ignore_check_constraints`, which
    /// SQLite's integrity check does not look at) and times todo cannot read, by the rules todo
    /// reads them with.
    private func values() throws -> [String] {
        var findings: [String] = []
        var more = 0
        func report(_ finding: String) {
            if findings.count < Self.listedPerKind { findings.append(finding) } else { more += 1 }
        }
        try db.prepare("SELECT id, title, priority, done, due, created_at, updated_at, completed_at, repeat, repeat_from FROM tasks ORDER BY id")
            .bind([]).forEachRow { row in
                for problem in StoredTask.problems(row) { report("task \(row.int64(0)): \(problem)") }
            }
        // Text longer than todo keeps (TextLimits): its export would not import.
        try db.prepare("""
            SELECT id, size FROM (
                SELECT t.id, length(CAST(t.title AS BLOB)) + coalesce(length(CAST(t.notes AS BLOB)), 0)
                    + coalesce((SELECT sum(length(CAST(g.tag AS BLOB)) + 1) FROM task_tags AS g WHERE g.task_id = t.id), 0) AS size
                FROM tasks AS t) WHERE size > ? ORDER BY id
            """).bind([TextLimits.task]).forEachRow { row in
            report("task \(row.int64(0)): its title, notes and tags have \(row.int64(1)) bytes, more than the \(TextLimits.task) todo keeps")
        }
        try db.prepare("SELECT id, name, created_at FROM lists ORDER BY id").bind([]).forEachRow { row in
            let name = row.text(1)
            if !Names.isTrimmedName(name) { report("list \(row.int64(0)): its name \(StoredTask.quoted(name)) is empty or has spaces around it") }
            if let problem = TextLimits.listNameProblem(name) { report("list \(row.int64(0)): " + problem) }
            if Timestamp.normalized(row.text(2)) == nil { report("list \(row.int64(0)): created_at \(StoredTask.quoted(row.text(2))) is not a time") }
        }
        try db.prepare("SELECT task_id, tag FROM task_tags ORDER BY task_id").bind([]).forEachRow { row in
            if Tags.valid(row.text(1)) == nil { report("task \(row.int64(0)): tag \(StoredTask.quoted(row.text(1))) is not one word") }
        }
        if more > 0 { findings.append("values: and \(more) more like these") }
        return findings
    }

    /// Records of changes that undo or redo would refuse as damaged (edited by hand): an imported
    /// range that cannot be an import's, a side of a row half there, a value no list or task may
    /// hold. The rules are undo's own (`RecordDamage`), for both sides: either may be put back.
    private func history() throws -> [String] {
        var found = HistoryDamageFindings()
        try db.prepare("""
            SELECT id, imported_after, imported_through, imported_count, imported_fingerprint FROM history
            WHERE imported_after IS NOT NULL OR imported_through IS NOT NULL OR imported_count IS NOT NULL OR imported_fingerprint IS NOT NULL
            ORDER BY id
            """).bind([]).forEachRow { row in
            func value(_ column: Int32) -> Int64? { row.isNull(column) ? nil : row.int64(column) }
            found.range(of: row.int64(0), after: value(1), through: value(2), count: value(3).map(Int.init), fingerprint: value(4))
        }
        try HistoryStore.forEachRecordedRow(in: SQLiteSession(db: db), of: nil) { found.row(of: $0, $1) }
        return found.all
    }

    /// Lists whose kept counts differ from their tasks (possible only if the triggers were
    /// bypassed: an `INSERT OR REPLACE` by hand, or a file edited with its triggers dropped).
    private func counts() throws -> [String] {
        // The first few, then how many more: counts damaged on 200,000 lists are not 200,000 lines.
        var findings: [String] = []
        var more = 0
        try db.prepare("""
            SELECT l.name, l.open_count, l.done_count,
                   (SELECT count(*) FROM tasks WHERE list_id = l.id AND done = 0),
                   (SELECT count(*) FROM tasks WHERE list_id = l.id AND done = 1)
            FROM lists AS l
            WHERE l.open_count <> (SELECT count(*) FROM tasks WHERE list_id = l.id AND done = 0)
               OR l.done_count <> (SELECT count(*) FROM tasks WHERE list_id = l.id AND done = 1)
            """).bind([]).forEachRow { row in
            guard findings.count < Self.listedPerKind else { return more += 1 }
            findings.append("counts: list '\(row.text(0))' records \(row.int(1)) open and \(row.int(2)) done tasks but has \(row.int(3)) and \(row.int(4)) (todo db check --repair recounts)")
        }
        return findings + (more > 0 ? ["counts: and \(more) more lists like these"] : [])
    }

    /// FTS5's own check that the index matches the tasks. It is issued as an INSERT, so it runs
    /// in a transaction that is rolled back; in a file that cannot be written, it runs on a copy
    /// in the temporary folder.
    private func searchIndex() throws -> [String] {
        let problem: String?
        if db.isReadOnly {
            problem = try ScratchCopy.of(db) { copy in try Self.searchIndexProblem(copy) }
        } else {
            problem = try Self.searchIndexProblem(db)
        }
        return problem.map { ["search index: \($0) (todo db check --repair rebuilds it)"] } ?? []
    }

    private static func searchIndexProblem(_ db: Connection) throws -> String? {
        do {
            try db.transaction(rollback: true) {
                // rank = 1: compare the index with the tasks too, not only with itself.
                try db.execute("INSERT INTO tasks_search (tasks_search, rank) VALUES ('integrity-check', 1)")
            }
            return nil
        } catch let error as SQLiteError where !error.isBusy && !error.isReadOnly {
            return error.message
        }
    }
}
