#if PostgreSQL
import TodoCore
import TodoHistory
import TodoSQL
import TodoMigrations

/// The checks behind `todo db check` on a PostgreSQL database, each of them every time: the
/// migrations recorded against the ones this binary carries, the schema (tables, columns,
/// indexes, constraints, triggers and whether they are enabled, functions) against the one
/// those migrations build, the stored values todo reads by its own rules rather than by a
/// CHECK, and the per-list counts. The server looks after its own files; a dropped CHECK or a
/// disabled trigger (pg_restore --disable-triggers, say) is what this finds.
struct ServerCheck {
    let repository: PostgresTodoRepository
    var server: ServerConnection { repository.server }
    let migrator = ServerMigrator()

    /// Where the schema the migrations build is made to compare with (this session's own name),
    /// in a transaction that is rolled back: it never stays.
    static let scratchPrefix = "todo_db_check_"

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
        try server.readingOneMoment {
            found.all += try triggers()
            found.all += try foreignKeys()
            found.all += try values()
            found.all += try history()
            let repairable = try counts() + identities()
            found.all += repairable
            found.repairable += repairable
        }
        return found
    }

    /// Each list's open and done tasks, counted (what the kept counts must say).
    static let countedTasks = """
        SELECT l.id, count(t.id) FILTER (WHERE NOT t.done) AS open, count(t.id) FILTER (WHERE t.done) AS done
        FROM lists AS l LEFT JOIN tasks AS t ON t.list_id = l.id GROUP BY l.id
        """

    /// The tables whose identity is not past their highest id, with both: the next row todo
    /// adds would take an id that is there (a `setval` by hand, or rows written with the
    /// triggers that move it switched off). A role that may not read an identity (a member
    /// who only reads) is not shown that one.
    static let identitiesBehind = """
        SELECT name, highest, last FROM (
            SELECT t.name, t.highest,
                   CASE WHEN has_sequence_privilege(q.ids, 'SELECT, USAGE') THEN coalesce(pg_sequence_last_value(q.ids), 0) END AS last
            FROM (SELECT 'tasks' AS name, max(id) AS highest FROM tasks UNION ALL SELECT 'lists', max(id) FROM lists) AS t,
                 LATERAL (SELECT pg_get_serial_sequence(t.name, 'id')::regclass AS ids) AS q
        ) AS i WHERE highest > last
        """

    /// Recounts every list from its tasks and moves each identity past its highest id, holding
    /// the write lock like any command that writes.
    func repair() throws {
        _ = try server.transaction {
            try server.run("""
                UPDATE lists AS l SET open_count = c.open, done_count = c.done FROM (\(Self.countedTasks)) AS c
                WHERE l.id = c.id AND (l.open_count, l.done_count) <> (c.open, c.done)
                """)
            try server.run("SELECT setval(pg_get_serial_sequence(b.name, 'id'), b.highest) FROM (\(Self.identitiesBehind)) AS b (name, highest, last)")
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
        // todo's tables without the record of what made them: the record was lost, and no
        // todo command can go on from there.
        if done.isEmpty, try server.first("SELECT to_regclass('tasks') IS NOT NULL") { try $0.bool(0) } ?? false {
            return findings + ["migrations: todo's tables are here but schema_migrations records none of the migrations that made them (lost by hand?); todo will not use the database until it is restored"]
        }
        for migration in migrator.migrations where !done.contains(migration.version) {
            findings.append("migration \(migration.fileName) is not applied yet (any todo command applies it)")
        }
        return findings
    }

    /// Triggers of todo's tables that do not fire in an ordinary session: disabled, or set to
    /// fire only under `session_replication_role = replica`. The foreign keys' own (internal)
    /// triggers included: with those off, nothing stops a row pointing nowhere.
    private func triggers() throws -> [String] {
        try server.rows("""
            SELECT c.relname, t.tgname, t.tgisinternal, t.tgenabled = 'R'
            FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
            WHERE c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema()) AND t.tgenabled IN ('D', 'R')
              AND c.relname IN ('lists', 'tasks', 'task_tags', 'history', 'history_lists', 'history_tasks', 'data_version')
            ORDER BY c.relname, t.tgisinternal, t.tgname
            """).reduce(into: [String]()) { findings, row in
            let table = try row.text(0), how = try row.bool(3) ? "fires only under session_replication_role = replica" : "is disabled"
            if try row.bool(2) {
                let finding = "triggers: the foreign keys of \(table) are not enforced: their triggers are off (ALTER TABLE \(table) ENABLE TRIGGER ALL)"
                if findings.last != finding { findings.append(finding) }
            } else {
                findings.append("triggers: trigger \(try row.text(1)) on \(table) \(how) (ALTER TABLE \(table) ENABLE TRIGGER \(try row.text(1)))")
            }
        }
    }

    /// Rows that refer to a row that is not there, for every foreign key the tables have: what
    /// a restore or a session with the keys' triggers off can leave behind.
    private func foreignKeys() throws -> [String] {
        let keys = try server.rows("""
            SELECT quote_ident(c.relname), quote_ident(a.attname), quote_ident(p.relname), quote_ident(pa.attname), c.relname, p.relname, a.attname
            FROM pg_constraint k
            JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
            JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1]
            JOIN pg_attribute pa ON pa.attrelid = k.confrelid AND pa.attnum = k.confkey[1]
            WHERE k.contype = 'f' AND cardinality(k.conkey) = 1 AND c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
            ORDER BY c.relname, k.conname
            """)
        var findings: [String] = []
        for key in keys {
            let (table, column, parent, parentColumn) = (try key.text(0), try key.text(1), try key.text(2), try key.text(3))
            let missing = try server.first("""
                SELECT count(*), min(\(column))::text FROM \(table) AS c
                WHERE \(column) IS NOT NULL AND NOT EXISTS (SELECT FROM \(parent) AS p WHERE p.\(parentColumn) = c.\(column))
                """) { (try $0.int(0), try $0.optionalText(1)) }
            guard let (count, first) = missing, count > 0 else { continue }
            findings.append("foreign key: \(count) row\(count == 1 ? "" : "s") of \(try key.text(4)) refer\(count == 1 ? "s" : "") to a missing row of \(try key.text(5)) (\(try key.text(6)) \(first ?? ""))")
        }
        return findings
    }

    /// Records of changes undo or redo would refuse as damaged (edited by hand in psql), by
    /// undo's own rules (`RecordDamage`).
    private func history() throws -> [String] {
        var found = HistoryDamageFindings()
        try server.forEachRow("""
            SELECT id, imported_after, imported_through, imported_count, imported_fingerprint FROM history
            WHERE imported_after IS NOT NULL OR imported_through IS NOT NULL OR imported_count IS NOT NULL OR imported_fingerprint IS NOT NULL
            ORDER BY id
            """) { row in
            func value(_ column: Int) throws -> Int64? { row.isNull(column) ? nil : try row.int64(column) }
            found.range(of: try row.int64(0), after: try value(1), through: try value(2), count: try value(3).map(Int.init),
                        fingerprint: try value(4))
        }
        try HistoryStore.forEachRecordedRow(in: PostgresSession(repository: repository), of: nil) { found.row(of: $0, $1) }
        return found.all
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
        // Text longer than todo keeps (TextLimits): its export would not import.
        try server.forEachRow("""
            SELECT t.id, octet_length(t.title) + coalesce(octet_length(t.notes), 0)
                + coalesce((SELECT sum(octet_length(g.tag) + 1) FROM task_tags AS g WHERE g.task_id = t.id), 0)
            FROM tasks AS t WHERE octet_length(t.title) + coalesce(octet_length(t.notes), 0)
                + coalesce((SELECT sum(octet_length(g.tag) + 1) FROM task_tags AS g WHERE g.task_id = t.id), 0) > $1 ORDER BY t.id
            """, [Int64(TextLimits.task)]) { row in
            report("task \(try row.int64(0)): its title, notes and tags have \(try row.int64(1)) bytes, more than the \(TextLimits.task) todo keeps")
        }
        try server.forEachRow("SELECT id, name, created_at FROM lists ORDER BY id") { row in
            let owner = "list \(try row.int64(0))", name = try row.text(1)
            if !Names.isTrimmedName(name) { report("\(owner): its name \(MessageText.quoted(name)) is empty or has spaces around it") }
            if let problem = TextLimits.listNameProblem(name) { report("\(owner): " + problem) }
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
        // The first few, then how many more: counts damaged on 200,000 lists are not 200,000 lines.
        var findings: [String] = []
        var more = 0
        try server.forEachRow("""
            SELECT l.name, l.open_count, l.done_count, c.open, c.done FROM lists AS l JOIN (\(Self.countedTasks)) AS c ON c.id = l.id
            WHERE (l.open_count, l.done_count) <> (c.open, c.done)
            ORDER BY l.name COLLATE "C"
            """) { row in
            guard findings.count < 20 else { return more += 1 }
            findings.append("counts: list '\(try row.text(0))' records \(try row.int(1)) open and \(try row.int(2)) done tasks but has \(try row.int(3)) and \(try row.int(4)) (todo db check --repair recounts)")
        }
        return findings + (more > 0 ? ["counts: and \(more) more lists like these"] : [])
    }
}

extension ServerCheck {
    /// Identities behind their table's highest id (see `identitiesBehind`).
    private func identities() throws -> [String] {
        try server.rows(Self.identitiesBehind).map { row in
            let table = try row.text(0), noun = table == "tasks" ? "task" : "list"
            // An identity set to the largest id by hand hands out none: never an overflow here.
            let next = try row.int64(2) == .max ? "none" : String(try row.int64(2) + 1)
            return "ids: the highest \(noun) id is \(try row.int64(1)), but the next one todo hands out would be \(next) (todo db check --repair moves it past)"
        }
    }
}
#endif
