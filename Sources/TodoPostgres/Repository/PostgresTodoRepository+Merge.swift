#if PostgreSQL
import TodoCore
import TodoHistory

/// An import's records whose uuid a task here has, merged into those tasks by the rules written
/// once for every backend (`SQLRepository.merge`), after the COPY and before the new tasks are
/// stored.
extension PostgresTodoRepository {
    /// Records merged at a time: one statement reads them, one finds their tasks.
    private static let mergedAtOnce = 500

    /// Refuses the first record (in file order) whose uuid a record before it has, or a list here.
    func refuseRepeatedUUIDs() throws {
        let repeated = try server.first("""
            SELECT line, uuid, false FROM (SELECT line, ord, uuid, row_number() OVER (PARTITION BY uuid ORDER BY ord) AS n
                                           FROM todo_import WHERE own_uuid) AS numbered WHERE n = 2
            UNION ALL
            SELECT i.line, i.uuid, true FROM todo_import AS i JOIN lists AS l ON l.uuid = i.uuid WHERE i.own_uuid
            ORDER BY 1 LIMIT 1
            """) { (try $0.int(0), try $0.text(1), try $0.bool(2)) }
        guard let (line, text, isList) = repeated, let uuid = TodoUUID(text) else { return }
        throw TodoError.invalidRecord(line: line, reason: isList ? "uuid \(uuid) is a list's here, not a task's"
                                                                 : ImportedTask.uuidRepeated(uuid))
    }

    /// Merges the records whose uuid a task has into it, in file order, a page at a time; takes
    /// them out of `todo_import` and numbers the rest again from 1 (their ids are `after + ord`).
    /// Returns how many tasks that updated and how many it found unchanged.
    func mergeByUUID(now: String) throws -> (updated: Int, unchanged: Int) {
        guard try server.first("""
            SELECT EXISTS (SELECT 1 FROM todo_import AS i JOIN tasks AS t ON t.uuid = i.uuid WHERE i.own_uuid)
            """, [], { try $0.bool(0) }) == true else { return (0, 0) }
        // Paged in file order: the pages are found through an index, not a scan each.
        try server.run("CREATE INDEX ON todo_import (ord)")
        try server.run("ANALYZE todo_import")
        var (updated, unchanged, last) = (0, 0, Int64(0))
        while true {
            var page: [(record: ImportedTask, listID: TodoList.ID, ord: Int64)] = []
            try server.forEachRow("""
                SELECT i.ord, i.line, i.list_name, i.title, i.notes, i.due, i.priority, i.done, i.created_at, i.updated_at, i.completed_at,
                       i.tags, i.repeat, i.repeat_from, i.uuid, coalesce(l.id, 0), i.list_given, i.repeat_from_given
                FROM todo_import AS i JOIN tasks AS t ON t.uuid = i.uuid LEFT JOIN lists AS l ON todo_nocase(l.name) = todo_nocase(i.list_name)
                WHERE i.own_uuid AND i.ord > $1 ORDER BY i.ord LIMIT $2
                """, [last, Int64(Self.mergedAtOnce)]) { row in
                page.append((try Self.record(row), try row.int64(15), try row.int64(0)))
            }
            guard let end = page.last?.ord else { break }
            last = end
            let tasks = try tasksToMerge(page.map(\.record))
            for (record, listID, _) in page {
                guard let uuid = record.uuid, let existing = tasks[uuid.text] else { continue }
                // In a dry run a list to be made is none yet (0): the record moves the task, as it would.
                if try merge(record, into: existing, listID: listID, now: now, writing: !state.isRollingBack) { updated += 1 } else { unchanged += 1 }
            }
        }
        guard updated + unchanged > 0, !state.isRollingBack else { return (updated, unchanged) }
        try server.run("DELETE FROM todo_import AS i USING tasks AS t WHERE i.own_uuid AND t.uuid = i.uuid")
        try server.run("""
            UPDATE todo_import AS i SET ord = n.renumbered
            FROM (SELECT ord, row_number() OVER (ORDER BY ord) AS renumbered FROM todo_import) AS n
            WHERE i.ord = n.ord AND i.ord <> n.renumbered
            """)
        return (updated, unchanged)
    }

    /// A row of `todo_import` as the record it was (its values were read and checked before).
    private static func record(_ row: ServerRow) throws -> ImportedTask {
        var record = ImportedTask(
            line: try row.int(1), uuid: TodoUUID(try row.text(14)), listName: try row.text(2), title: try row.text(3),
            notes: try row.optionalText(4), due: try row.optionalText(5).flatMap(Due.init(text:)),
            priority: Priority(rawValue: try row.text(6)) ?? .none, isDone: try row.bool(7), createdAt: try row.optionalText(8),
            updatedAt: try row.optionalText(9), completedAt: try row.optionalText(10),
            tags: try row.optionalText(11).map(Tags.splitStored) ?? [],
            repeatRule: try row.optionalText(12).flatMap(RepeatRule.init(stored:)),
            repeatFrom: RepeatFrom(rawValue: try row.text(13)) ?? .due)
        (record.listGiven, record.repeatFromGiven) = (try row.bool(16), try row.bool(17))
        return record
    }
}
#endif
