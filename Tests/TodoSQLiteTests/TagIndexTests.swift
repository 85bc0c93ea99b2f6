import Testing
import TodoCore
@testable import TodoSQLite

/// `--tag` on a list of a million tasks: a rare tag's index finds its tasks, so the query looks
/// at the tag's ten tasks and not at the list's million; a common tag is checked by key on each
/// task of the list. Either way an index, never a scan.
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
            TaskQuery(lists: [list.id], tags: ["rare"]),                                       // todo list LIST --tag rare
            TaskQuery(lists: [list.id], includeDone: true, tags: ["rare"]),                    // … --all
            TaskQuery(lists: [list.id], tags: ["rare", "common"]),                             // two tags
            TaskQuery(dueBefore: try due("2026-12-08"), tags: ["rare"]),                    // todo agenda --tag rare
        ]
        for query in queries {
            #expect(try repository.tagDrives(query), "ten tasks of a million: through the tag")
            let (sql, values) = repository.taskStatement(matching: query, drivenByTag: true)
            var plan: [String] = []
            try db.prepare("EXPLAIN QUERY PLAN " + sql).bind(values.map(\.bindable)).forEachRow { plan.append($0.text(3)) }
            #expect(plan.contains { $0.contains("USING COVERING INDEX task_tags_by_tag (tag=?)") }, "\(plan)")
            #expect(plan.contains("SEARCH t USING INTEGER PRIMARY KEY (rowid=?)"), "tasks found by id: \(plan)")
            #expect(!plan.contains { $0 == "SCAN t" || $0.hasPrefix("SCAN t ") || $0.hasPrefix("SCAN task_tags") || $0.contains("tasks_by_list") || $0.contains("tasks_open_by_due") }, "\(sql) \(plan)")
        }
        // A tag on half a million tasks, asked of a list of a hundred: through the list, each
        // task's tag probed by its key.
        let small = try repository.createList(named: "Small")
        try repository.write {
            for i in 1...100 { _ = try repository.addTask(TaskDraft(title: "small \(i)", tags: ["common"]), to: small.id) }
        }
        let common = TaskQuery(lists: [small.id], tags: ["common"])
        #expect(try !repository.tagDrives(common))
        let (sql, values) = repository.taskStatement(matching: common, drivenByTag: false)
        var plan: [String] = []
        try db.prepare("EXPLAIN QUERY PLAN " + sql).bind(values.map(\.bindable)).forEachRow { plan.append($0.text(3)) }
        #expect(plan.contains { $0.contains("tasks_by_list_in_display_order (list_id=?") }, "\(plan)")
        #expect(plan.contains { $0.contains("SEARCH g USING PRIMARY KEY (task_id=? AND tag=?)") }, "\(plan)")
        #expect(!plan.contains { $0 == "SCAN t" || $0.hasPrefix("SCAN g") }, "\(plan)")
        var smallOnes = 0
        try repository.forEachTask(matching: common) { _ in smallOnes += 1 }
        #expect(smallOnes == 100)

        var found: [String] = []
        try repository.forEachTask(matching: TaskQuery(lists: [list.id], tags: ["RARE"])) { found.append($0.title) }
        #expect(Set(found) == Set((1...10).map { "task \($0 * 100000)" }) && found.count == 10)
    }
}

/// Export reads tags in one pass beside the tasks (`TagMerge`): each task must get its own.
@Suite struct TagMergeTests {
    @Test func everyTaskOfAnExportGetsItsOwnTags() throws {
        let database = try TestDatabase()
        let repository = try database.open()
        let home = try repository.createList(named: "Home")
        let work = try repository.createList(named: "Work")
        try repository.write {
            for i in 1...200 {
                let tags = (0..<(i % 4)).map { ["b\(i)", "A\(i % 7)", "c"][$0] }
                _ = try repository.addTask(TaskDraft(title: "t\(i)", tags: tags), to: i % 3 == 0 ? work.id : home.id)
            }
        }
        try repository.write { _ = try repository.deleteTask(5, in: home.id) }
        for query in [TaskQuery.everything, { var q = TaskQuery.everything; q.lists = [work.id]; return q }()] {
            var exported: [TodoTask] = []
            try repository.forEachTask(matching: query) { exported.append($0) }
            #expect(exported.count == (query.lists.isEmpty ? 199 : 66))
            for task in exported { #expect(task.tags == (try repository.task(task.id))?.tags, "task \(task.id)") }
            #expect(exported.contains { $0.tags.count == 3 })
        }
    }
}
