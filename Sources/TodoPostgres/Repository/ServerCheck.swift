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
            let stored = StoredValuesCheck(session: PostgresSession(repository: repository))
            found.all += try triggers()
            found.all += try foreignKeys()
            found.all += try stored.values()
            found.all += try stored.history()
            let repairable = try stored.counts() + identities()
            found.all += repairable
            found.repairable += repairable
        }
        return found
    }

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
                UPDATE lists AS l SET open_count = c.open, done_count = c.done FROM (\(StoredValuesCheck.countedTasks)) AS c
                WHERE l.id = c.id AND (l.open_count, l.done_count) <> (c.open, c.done)
                """)
            try server.run("SELECT setval(pg_get_serial_sequence(b.name, 'id'), b.highest) FROM (\(Self.identitiesBehind)) AS b (name, highest, last)")
        }
    }

    private func migrations() throws -> [String] {
        let recorded = try server.first("SELECT to_regclass('schema_migrations') IS NOT NULL") { try $0.bool(0) } ?? false
        let applied = try (recorded ? server.rows("SELECT version, name, checksum FROM schema_migrations ORDER BY version") : [])
            .map { (version: try $0.int(0), name: try $0.text(1), checksum: try $0.text(2)) }
        // todo's tables without the record of what made them: the record was lost, and no
        // todo command can go on from there.
        if applied.isEmpty, try server.first("SELECT to_regclass('tasks') IS NOT NULL", [], { try $0.bool(0) }) ?? false {
            return ["migrations: todo's tables are here but schema_migrations records none of the migrations that made them (lost by hand?); todo will not use the database until it is restored"]
        }
        return Migration.findings(recorded: applied, known: migrator.migrations, newer: "the database was set up by a newer version")
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
