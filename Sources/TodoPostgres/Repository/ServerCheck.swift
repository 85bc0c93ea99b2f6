#if PostgreSQL
import TodoCore
import TodoMigrations

/// The checks behind `todo db check` on a PostgreSQL database, each of them every time: the
/// migrations recorded against the ones this binary carries, the schema (tables, columns,
/// indexes, constraints, triggers and whether they are enabled, functions) against the one
/// those migrations build, the stored values todo reads by its own rules rather than by a
/// CHECK, and the per-list counts. The server looks after its own files; a dropped CHECK or a
/// disabled trigger (pg_restore --disable-triggers, say) is what this finds.
struct ServerCheck {
    let server: ServerConnection
    let migrator = ServerMigrator()

    /// Where the schema the migrations build is made to compare with, in a transaction that is
    /// rolled back: it never stays.
    static let scratchSchema = "todo_db_check"

    struct Findings {
        var all: [String] = []
        var repairable: [String] = []
        var notChecked: [String] = []
    }

    func findings() throws -> Findings {
        var found = Findings()
        let migrationFindings = try migrations()
        found.all += migrationFindings
        guard migrationFindings.isEmpty else { return found }
        switch try schema() {
        case .compared(let findings): found.all += findings
        case .notCompared(let reason): found.notChecked.append(reason)
        }
        found.all += try values()
        let counts = try self.counts()
        found.all += counts
        found.repairable += counts
        return found
    }

    /// Recounts every list from its tasks, holding the write lock like any command that writes.
    func repair() throws {
        _ = try server.transaction {
            try server.run("""
                UPDATE lists AS l SET open_count = c.open, done_count = c.done
                FROM (SELECT l.id, count(t.id) FILTER (WHERE NOT t.done) AS open, count(t.id) FILTER (WHERE t.done) AS done
                      FROM lists AS l LEFT JOIN tasks AS t ON t.list_id = l.id GROUP BY l.id) AS c
                WHERE l.id = c.id AND (l.open_count, l.done_count) IS DISTINCT FROM (c.open, c.done)
                """)
        }
    }

    private func migrations() throws -> [String] {
        let recorded = try server.first("SELECT to_regclass('schema_migrations') IS NOT NULL") { try $0.bool(0) } ?? false
        let applied = recorded ? try server.rows("SELECT version, name, checksum FROM schema_migrations ORDER BY version") : []
        var findings: [String] = []
        var done: [Int] = []
        for row in applied {
            let version = try row.int(0), name = try row.text(1)
            done.append(version)
            guard let migration = migrator.migrations.first(where: { $0.version == version }) else {
                findings.append("migration \(version) (\(name)) is not known to this todo: the database was set up by a newer version")
                continue
            }
            if migration.checksum != (try row.text(2)) {
                findings.append("migration \(Migration.fileName(version: version, name: name)) differs from the one applied")
            }
        }
        for migration in migrator.migrations where !done.contains(migration.version) {
            findings.append("migration \(migration.fileName) is not applied yet (any todo command applies it)")
        }
        return findings
    }

    enum SchemaComparison {
        case compared([String])
        case notCompared(String)
    }

    /// Builds the schema afresh in a scratch schema, reads both from the catalog, and rolls the
    /// scratch one back. A role that may not create a schema here gets the rest of the checks.
    private func schema() throws -> SchemaComparison {
        let here = try server.first("SELECT current_schema()") { try $0.optionalText(0) } ?? nil
        guard let here else { return .notCompared("schema: not compared, no schema is current (search_path)") }
        try server.run("BEGIN")
        defer { _ = try? server.run("ROLLBACK") }
        do {
            try server.run("CREATE SCHEMA \(Self.scratchSchema)")
        } catch let error where ServerError.sqlState(of: error) == "42501" {
            return .notCompared("schema: not compared, this role may not create a scratch schema in the database (CREATE on the database)")
        }
        try server.run("SET LOCAL search_path = \(Self.scratchSchema), public")
        try server.run(ServerMigrator.recordTable)
        for migration in migrator.migrations { try server.execute(migration.sql) }
        // Every name is written out in full (nothing but pg_catalog is on the path), then both
        // schemas' names are taken out, so the two read alike.
        try server.run("SET LOCAL search_path = pg_catalog")
        let want = try objects(in: Self.scratchSchema, comparedWith: here)
        let have = try objects(in: here, comparedWith: Self.scratchSchema)
        return .compared(CheckReport.schemaFindings(expected: want, actual: have))
    }

    /// Each table's columns, indexes, constraints, triggers (and whether they fire) and the
    /// functions of `schema`, extensions' own left out, by name.
    private func objects(in schema: String, comparedWith other: String) throws -> [String: String] {
        // Both on the server: the catalog's words, with either schema's prefix taken out.
        let sql = """
            WITH ns AS (SELECT oid FROM pg_namespace WHERE nspname = $1),
            objects (name, definition) AS (
                SELECT 'column ' || c.relname || '.' || a.attname,
                       format_type(a.atttypid, a.atttypmod) || CASE WHEN a.attnotnull THEN ' not null' ELSE '' END
                       || coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '')
                       || ' identity ' || a.attidentity::text || ' generated ' || a.attgenerated::text
                       || coalesce(' collate ' || co.collname, '')
                FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
                LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
                LEFT JOIN pg_collation co ON co.oid = a.attcollation AND co.collname <> 'default'
                WHERE c.relnamespace = (SELECT oid FROM ns) AND c.relkind IN ('r', 'p', 'v', 'm')
              UNION ALL
                SELECT 'index ' || i.relname, pg_get_indexdef(i.oid)
                FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
                WHERE i.relnamespace = (SELECT oid FROM ns)
              UNION ALL
                SELECT 'constraint ' || c.relname || '.' || k.conname, pg_get_constraintdef(k.oid)
                FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
                WHERE c.relnamespace = (SELECT oid FROM ns)
              UNION ALL
                SELECT 'trigger ' || c.relname || '.' || t.tgname,
                       pg_get_triggerdef(t.oid) || CASE t.tgenabled WHEN 'D' THEN ' (disabled)' ELSE '' END
                FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
                WHERE c.relnamespace = (SELECT oid FROM ns) AND NOT t.tgisinternal
              UNION ALL
                SELECT 'function ' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')', pg_get_functiondef(p.oid)
                FROM pg_proc p
                WHERE p.pronamespace = (SELECT oid FROM ns)
                  AND NOT EXISTS (SELECT FROM pg_depend e WHERE e.classid = 'pg_proc'::regclass AND e.objid = p.oid AND e.deptype = 'e')
            )
            SELECT name, replace(replace(definition, quote_ident($1) || '.', ''), quote_ident($2) || '.', '') FROM objects
            """
        var objects: [String: String] = [:]
        try server.forEachRow(sql, [schema, other]) { row in
            // Layout is not schema: runs of whitespace compare equal.
            objects[try row.text(0)] = try row.text(1).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        return objects
    }

    /// The values the schema leaves to todo's own rules: times, list names (whitespace of
    /// every kind), tags.
    private func values() throws -> [String] {
        var findings: [String] = []
        var more = 0
        func report(_ finding: String) {
            if findings.count < 20 { findings.append(finding) } else { more += 1 }
        }
        func time(_ text: String?, _ name: String, of owner: String) {
            guard let text else { return report("\(owner): \(name) is missing") }
            if Timestamp.normalized(text) == nil { report("\(owner): \(name) \(MessageText.quoted(text)) is not a time") }
        }
        try server.forEachRow("SELECT id, created_at, updated_at, completed_at FROM tasks ORDER BY id") { row in
            let owner = "task \(try row.int64(0))"
            time(try row.optionalText(1), "created_at", of: owner)
            time(try row.optionalText(2), "updated_at", of: owner)
            if let completed = try row.optionalText(3) { time(completed, "completed_at", of: owner) }
        }
        try server.forEachRow("SELECT id, name, created_at FROM lists ORDER BY id") { row in
            let owner = "list \(try row.int64(0))", name = try row.text(1)
            if Names.trimmed(name) != name { report("\(owner): its name \(MessageText.quoted(name)) is empty or has spaces around it") }
            time(try row.optionalText(2), "created_at", of: owner)
        }
        try server.forEachRow("SELECT task_id, tag FROM task_tags ORDER BY task_id, tag") { row in
            let tag = try row.text(1)
            if Tags.valid(tag) == nil { report("task \(try row.int64(0)): tag \(MessageText.quoted(tag)) is not one word") }
        }
        if more > 0 { findings.append("values: and \(more) more like these") }
        return findings
    }

    /// Lists whose kept counts differ from their tasks: the counting triggers were disabled or
    /// bypassed (session_replication_role = replica) while tasks changed.
    private func counts() throws -> [String] {
        try server.rows("""
            SELECT l.name, l.open_count, l.done_count, count(t.id) FILTER (WHERE NOT t.done), count(t.id) FILTER (WHERE t.done)
            FROM lists AS l LEFT JOIN tasks AS t ON t.list_id = l.id
            GROUP BY l.id
            HAVING (l.open_count, l.done_count) <> (count(t.id) FILTER (WHERE NOT t.done), count(t.id) FILTER (WHERE t.done))
            ORDER BY l.name COLLATE "C"
            """).map { row in
            "counts: list '\(try row.text(0))' records \(try row.int(1)) open and \(try row.int(2)) done tasks but has \(try row.int(3)) and \(try row.int(4)) (todo db check --repair recounts)"
        }
    }
}

extension PostgresTodoRepository {
    /// Everything wrong with the todo database at `url`, one finding per line; empty when it is
    /// sound. Only reads, unless `repair`, which recounts the lists: unlike opening it for a
    /// command, it does not set up or migrate the schema.
    public static func check(url: String, shown: String, options: Options = Options(), repair: Bool = false) throws -> CheckReport {
        let address = try ServerAddress(url: url, fallbackUser: options.fallbackUser, password: options.fallbackPassword,
                                        connectTimeout: options.connectTimeoutSeconds)
        let server = try ServerConnection.connect(address, shown: shown, statementTimeout: options.statementTimeoutSeconds)
        let repository = PostgresTodoRepository(server: server, options: options)
        return try repository.translatingErrors {
            let check = ServerCheck(server: server)
            let found = try check.findings()
            guard repair, !found.repairable.isEmpty else { return CheckReport(findings: found.all, notChecked: found.notChecked) }
            try check.repair()
            let after = try check.findings()
            return CheckReport(findings: after.all, repaired: found.repairable, notChecked: after.notChecked)
        }
    }
}
#endif
