import Testing
import TodoCore
@testable import TodoSQLite

/// `--tag` on a list of a million tasks: the tag's index finds its tasks, so the query looks at
/// the tag's ten tasks and not at the list's million.
@Suite struct TagIndexTests {
    @Test func aTagFilterOnAMillionTasksIsDrivenByTheTagsIndex() throws {
        let database = try TestDatabase()
        let repository = try database.open()
        let list = try repository.createList(named: "Everything")
        let db = try database.connection()
        try db.execute("""
            BEGIN;
            INSERT INTO tasks (list_id, title, due, created_at, updated_at)
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000000)
                SELECT \(list.id), 'task ' || i, CASE WHEN i % 3 = 0 THEN '2026-12-01' END, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z' FROM n;
            INSERT INTO task_tags (task_id, tag) SELECT id, CASE WHEN id % 100000 = 0 THEN 'rare' ELSE 'common' END FROM tasks WHERE id % 2 = 0;
            COMMIT;
            """)
        #expect(try db.integer("SELECT count(*) FROM tasks") == 1_000_000)

        let queries = [
            TaskQuery(list: list.id, tags: ["rare"]),                                       // todo list LIST --tag rare
            TaskQuery(list: list.id, includeDone: true, tags: ["rare"]),                    // … --all
            TaskQuery(list: list.id, tags: ["rare", "common"]),                             // two tags
            TaskQuery(dueBefore: try due("2026-12-08"), tags: ["rare"]),                    // todo agenda --tag rare
        ]
        for query in queries {
            let (sql, values) = SQLiteTodoRepository.statement(matching: query)
            var plan: [String] = []
            try db.prepare("EXPLAIN QUERY PLAN " + sql).bind(values).forEachRow { plan.append($0.text(3)) }
            #expect(plan.contains { $0.contains("USING COVERING INDEX task_tags_by_tag (tag=?)") }, "\(plan)")
            #expect(plan.contains("SEARCH t USING INTEGER PRIMARY KEY (rowid=?)"), "tasks found by id: \(plan)")
            #expect(!plan.contains { $0 == "SCAN t" || $0.hasPrefix("SCAN t ") || $0.hasPrefix("SCAN task_tags") || $0.contains("tasks_by_list") || $0.contains("tasks_open_by_due") }, "\(sql) \(plan)")
        }
        var found: [String] = []
        try repository.forEachTask(matching: TaskQuery(list: list.id, tags: ["RARE"])) { found.append($0.title) }
        #expect(Set(found) == Set((1...10).map { "task \($0 * 100000)" }) && found.count == 10)
    }
}
