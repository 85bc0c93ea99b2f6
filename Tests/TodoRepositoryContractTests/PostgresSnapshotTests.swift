#if PostgreSQL
import Testing
import TodoCore
import TodoPostgres
import TodoTestSupport

/// `readingOneMoment`, through which `todo db backup` reads a server whole: what another
/// session commits meanwhile is not seen inside it, and is seen after it.
@Suite(.enabled(if: PostgresTestServer.url != nil, Comment(rawValue: PostgresTestServer.skipped)))
struct PostgresSnapshotTests {
    @Test func readsInOneMomentDoNotSeeWhatIsCommittedMeanwhile() throws {
        let url = try PostgresTestServer.newDatabase()
        let repository = try PostgresTodoRepository.open(url: url, shown: url)
        _ = try repository.write { try repository.addTask(TaskDraft(title: "one"), to: repository.listCreatingIfNeeded(named: "Home").list.id) }
        func titles() throws -> [String] {
            var titles: [String] = []
            try repository.forEachTask(matching: .everything) { titles.append($0.title) }
            return titles
        }
        let (first, second) = try repository.readingOneMoment {
            let first = try titles()
            try PostgresTestServer.psql(url, """
                INSERT INTO tasks (list_id, title, created_at, updated_at) VALUES (1, 'meanwhile', '2026-11-23T10:00:00Z', '2026-11-23T10:00:00Z')
                """)
            return (first, try titles())
        }
        #expect(first == ["one"] && second == ["one"])
        #expect(try titles() == ["one", "meanwhile"])
    }
}
#endif
