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

    func findings() throws -> Findings {
        var found = Findings()
        found.all += try integrity()
        let migrationFindings = try migrations()
        found.all += migrationFindings
        // The schema can only match once every migration is in.
        if migrationFindings.isEmpty { found.all += try schema() }
        if try db.hasSchemaObject(named: "tasks") && db.hasSchemaObject(named: "lists") {
            let stored = StoredValuesCheck(session: SQLiteSession(db: db))
            found.all += try stored.values()
            if try db.hasSchemaObject(named: "history_tasks") { found.all += try stored.history() }
            let counts = try stored.counts()
            found.all += counts
            found.repairable += counts
        }
        if try db.hasSchemaObject(named: "sync_link") { found.all += try unsendable() }
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

    /// On a linked file: text the hub cannot store (PostgreSQL's text holds no NUL character; a
    /// file's may, written by an import or sqlite3), which stops the next sync. (A tag with one
    /// is not one word, found with the values.)
    private func unsendable() throws -> [String] {
        var findings: [String] = []
        try db.prepare("""
            SELECT 'task ' || id FROM tasks WHERE EXISTS (SELECT 1 FROM sync_link)
                AND (instr(CAST(title AS BLOB), x'00') > 0 OR instr(CAST(notes AS BLOB), x'00') > 0)
            UNION ALL SELECT 'list ' || id FROM lists WHERE EXISTS (SELECT 1 FROM sync_link) AND instr(CAST(name AS BLOB), x'00') > 0
            """).bind([]).forEachRow { row in
            findings.append("sync: \(row.text(0)) holds a NUL character, which the hub cannot store (todo sync refuses it)")
        }
        return findings
    }

    private func migrations() throws -> [String] {
        Migration.findings(recorded: try migrator.applied(in: db).map { ($0.version, $0.name, $0.checksum) },
                           known: migrator.migrations, newer: "the file was written by a newer version")
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
