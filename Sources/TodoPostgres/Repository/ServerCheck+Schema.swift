#if PostgreSQL
import TodoCore
import TodoMigrations

/// `todo db check`'s comparison of the schema with the one this binary's migrations build:
/// built afresh beside it, read from the catalog the same way, and rolled back.
extension ServerCheck {
    enum SchemaComparison {
        case compared([String])
        case notCompared(String)
    }

    /// Builds the schema afresh in a scratch schema, reads both from the catalog, and rolls the
    /// scratch one back. A role that may not create a schema here gets the rest of the checks.
    func schema() throws -> SchemaComparison {
        let here = try server.first("SELECT current_schema()") { try $0.optionalText(0) } ?? nil
        guard let here else { return .notCompared("schema: not compared, no schema is current (search_path)") }
        try server.run("BEGIN")
        defer { _ = try? server.run("ROLLBACK") }
        let scratch = Self.scratchPrefix + String(try server.first("SELECT pg_backend_pid()") { try $0.int(0) } ?? 0)
        do {
            try server.run("CREATE SCHEMA \(scratch)")
        } catch let error where ServerError.sqlState(of: error) == "42501" {
            return .notCompared("schema: not compared, this role may not create a scratch schema in the database (CREATE on the database)")
        }
        do {
            try server.run("SET LOCAL search_path = \(scratch), public")
            try server.run(ServerMigrator.recordTable)
            for migration in migrator.migrations { try server.execute(migration.sql) }
        } catch let error where ServerError.sqlState(of: error) != nil {
            // What the migrations need is not there (the unaccent extension, after a restore
            // into a database without it, say).
            return .compared(["schema: this todo's schema cannot be built in this database to compare with: \(ServerError.message(of: error))"])
        }
        // Every name is written out in full (nothing but pg_catalog is on the path), then both
        // schemas' names are taken out, so the two read alike.
        try server.run("SET LOCAL search_path = pg_catalog")
        let want = try objects(in: scratch, comparedWith: here)
        let have = try objects(in: here, comparedWith: scratch)
        return .compared(CheckReport.schemaFindings(expected: Self.columnsOfShared(want, have), actual: Self.columnsOfShared(have, want)))
    }

    /// `objects` without the columns of tables `other` does not have: a table that is missing,
    /// or is not todo's, is one finding rather than one per column.
    private static func columnsOfShared(_ objects: [String: String], _ other: [String: String]) -> [String: String] {
        objects.filter { name, _ in
            guard name.hasPrefix("column "), let table = name.dropFirst("column ".count).split(separator: ".").first else { return true }
            return other["table " + table] != nil
        }
    }

    /// The tables (logged or not, row security or not), their columns, indexes, constraints,
    /// triggers, rules and policies, and the types and functions of `schema`, extensions' own
    /// left out, by name.
    private func objects(in schema: String, comparedWith other: String) throws -> [String: String] {
        // Both on the server: the catalog's words, with either schema's prefix taken out.
        let sql = """
            WITH ns AS (SELECT oid FROM pg_namespace WHERE nspname = $1),
            objects (name, definition) AS (
                SELECT 'table ' || c.relname, c.relkind::text || ' ' || c.relpersistence::text
                       || CASE WHEN c.relrowsecurity THEN ' row security' ELSE '' END
                FROM pg_class c
                WHERE c.relnamespace = (SELECT oid FROM ns) AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
              UNION ALL
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
                SELECT 'trigger ' || c.relname || '.' || t.tgname, pg_get_triggerdef(t.oid)
                FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
                WHERE c.relnamespace = (SELECT oid FROM ns) AND NOT t.tgisinternal
              UNION ALL
                SELECT 'rule ' || c.relname || '.' || r.rulename, pg_get_ruledef(r.oid)
                FROM pg_rewrite r JOIN pg_class c ON c.oid = r.ev_class
                WHERE c.relnamespace = (SELECT oid FROM ns) AND r.rulename <> '_RETURN'
              UNION ALL
                SELECT 'policy ' || c.relname || '.' || p.polname,
                       coalesce(pg_get_expr(p.polqual, p.polrelid), '') || ' ' || coalesce(pg_get_expr(p.polwithcheck, p.polrelid), '')
                FROM pg_policy p JOIN pg_class c ON c.oid = p.polrelid
                WHERE c.relnamespace = (SELECT oid FROM ns)
              UNION ALL
                -- Domains, enums, ranges and composite types of one's own (tables' row types and
                -- arrays come with what they belong to).
                SELECT 'type ' || t.typname, t.typtype::text || ' ' || format_type(t.typbasetype, t.typtypmod)
                       || CASE WHEN t.typnotnull THEN ' not null' ELSE '' END || coalesce(' default ' || t.typdefault, '')
                       || coalesce((SELECT ' ' || string_agg(pg_get_constraintdef(k.oid), ' ' ORDER BY k.conname) FROM pg_constraint k WHERE k.contypid = t.oid), '')
                       || coalesce((SELECT ' ' || string_agg(quote_literal(e.enumlabel), ' ' ORDER BY e.enumsortorder) FROM pg_enum e WHERE e.enumtypid = t.oid), '')
                FROM pg_type t
                WHERE t.typnamespace = (SELECT oid FROM ns)
                  AND (t.typrelid = 0 OR EXISTS (SELECT FROM pg_class c WHERE c.oid = t.typrelid AND c.relkind = 'c'))
                  AND NOT EXISTS (SELECT FROM pg_type e WHERE e.typarray = t.oid)
                  AND NOT EXISTS (SELECT FROM pg_depend e WHERE e.classid = 'pg_type'::regclass AND e.objid = t.oid AND e.deptype = 'e')
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
}
#endif
