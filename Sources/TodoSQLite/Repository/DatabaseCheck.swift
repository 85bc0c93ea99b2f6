import TodoCore

/// The checks behind `todo db check`: SQLite's own integrity and foreign-key checks, the
/// migrations recorded against the ones this binary carries, the schema against the one those
/// migrations build, and the search index against the tasks.
struct DatabaseCheck {
    let db: Connection
    let migrator: Migrator

    func findings() throws -> [String] {
        var findings: [String] = []
        try db.prepare("PRAGMA integrity_check").bind([]).forEachRow { row in
            let text = row.text(0)
            if text != "ok" { findings.append("integrity: " + text) }
        }
        try db.prepare("PRAGMA foreign_key_check").bind([]).forEachRow { row in
            findings.append("foreign key: row \(row.int64(1)) of \(row.text(0)) refers to a missing row of \(row.text(2))")
        }
        let migrationFindings = try migrations()
        findings += migrationFindings
        // The schema can only match once every migration is in.
        if migrationFindings.isEmpty { findings += try schema() }
        if try hasSearchIndex() { findings += try searchIndex() }
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
                findings.append("migration \(Migrations.fileName(version: record.version, name: record.name)) differs from the one applied")
            }
        }
        let done = Set(applied.map(\.version))
        for migration in migrator.migrations where !done.contains(migration.version) {
            findings.append("migration \(Migrations.fileName(version: migration.version, name: migration.name)) is not applied yet (any todo command applies it)")
        }
        return findings
    }

    /// Compares every table, index, trigger and view with a fresh database built by the same
    /// migrations.
    private func schema() throws -> [String] {
        let expected = try Connection(path: ":memory:")
        try migrator.migrate(expected, now: "")
        let want = try Self.objects(expected), have = try Self.objects(db)
        var findings: [String] = []
        for (name, sql) in want.sorted(by: { $0.key < $1.key }) {
            if let actual = have[name] {
                if actual != sql { findings.append("schema: \(name) differs from what this todo expects") }
            } else {
                findings.append("schema: \(name) is missing")
            }
        }
        for name in have.keys.sorted() where want[name] == nil {
            findings.append("schema: \(name) is not part of a todo database")
        }
        return findings
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

    private func hasSearchIndex() throws -> Bool {
        try db.hasSchemaObject(named: "tasks_search")
    }

    /// FTS5's own check that the index matches the tasks. It is issued as an INSERT, so it runs
    /// in a transaction that is rolled back.
    private func searchIndex() throws -> [String] {
        do {
            try db.transaction(rollback: true) {
                // rank = 1: compare the index with the tasks too, not only with itself.
                try db.execute("INSERT INTO tasks_search (tasks_search, rank) VALUES ('integrity-check', 1)")
            }
            return []
        } catch let error as SQLiteError where !error.isBusy {
            return ["search index: \(error.message); rebuild it with: INSERT INTO tasks_search (tasks_search) VALUES ('rebuild')"]
        }
    }
}
