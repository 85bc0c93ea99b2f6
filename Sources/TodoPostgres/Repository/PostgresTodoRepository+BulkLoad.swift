#if PostgreSQL
import TodoCore

extension PostgresTodoRepository {
    /// From how many tasks an import builds the indexes once at its end (when it at least
    /// doubles the tasks stored) instead of adding to them row by row.
    static let bulkLoadTasks = 10_000

    /// Runs `load` with the secondary indexes and foreign keys of `tasks` and `task_tags` set
    /// aside when the import is large next to what is stored, then builds them again from their
    /// own definitions, as PostgreSQL's manual advises for populating a database: one sort per
    /// index and one join per foreign key instead of a million updates and checks. Unique
    /// indexes stay (they decide conflicts). It all happens in the import's transaction, so a
    /// failure leaves the schema as it was; meanwhile other clients wait for the import, readers
    /// included (dropping an index locks its table). Not in a dry run, whose rebuild would be
    /// rolled back, nor for a role that does not own the tables (only an owner may drop an
    /// index): those add to the indexes row by row.
    func bulkLoading<T>(_ count: Int, _ load: () throws -> T) throws -> T {
        guard !state.isRollingBack, count >= Self.bulkLoadTasks else { return try load() }
        let (stored, owner) = try server.first("""
            SELECT (SELECT coalesce(sum(open_count + done_count), 0)::bigint FROM lists),
                   (SELECT bool_and(pg_has_role(current_user, relowner, 'USAGE')) FROM pg_class WHERE oid IN ('tasks'::regclass, 'task_tags'::regclass))
            """) { (try $0.int64(0), try $0.bool(1)) } ?? (0, false)
        guard owner, Int64(count) >= stored else { return try load() }
        let setAside = try server.rows("""
            SELECT format('DROP INDEX %s', i.indexrelid::regclass), pg_get_indexdef(i.indexrelid)
            FROM pg_index AS i WHERE i.indrelid IN ('tasks'::regclass, 'task_tags'::regclass) AND NOT i.indisunique
            UNION ALL
            SELECT format('ALTER TABLE %s DROP CONSTRAINT %I', c.conrelid::regclass, c.conname),
                   format('ALTER TABLE %s ADD CONSTRAINT %I %s', c.conrelid::regclass, c.conname, pg_get_constraintdef(c.oid))
            FROM pg_constraint AS c WHERE c.conrelid IN ('tasks'::regclass, 'task_tags'::regclass) AND c.contype = 'f'
            """).map { (drop: try $0.text(0), build: try $0.text(1)) }
        try server.outlastAutovacuum()
        for index in setAside { try server.run(index.drop) }
        let loaded = try load()
        // Building an index sorts its keys in this much memory (the server's, not todo's).
        try server.run("SET LOCAL maintenance_work_mem = '256MB'")
        for index in setAside { try server.run(index.build) }
        // The planner's figures for the tables as they are now: until autovacuum gets to it
        // (minutes later, or not at all inside a busy hour), a query with a bound it cannot
        // guess, as a sync's "changed since", read all of a million tasks (1 s, 40 ms after).
        try server.run("ANALYZE lists, tasks, task_tags")
        return loaded
    }
}
#endif
