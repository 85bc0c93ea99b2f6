import Foundation
import Testing
import TodoTestSupport

/// A file linked to a hub, without the hub (issue 30, rule 7): new tasks take the ids the hub
/// reserved for the file, and past them adding is refused, whatever the build. The link is
/// written with sqlite3 here, as `todo sync init` leaves it.
@Suite struct LinkedFileTests {
    private func linkedFile(next: Int, last: Int) throws -> TodoRunner {
        let todo = try TodoRunner()
        try todo.add("Home", "before the link")
        try sqlite3(todo.databasePath, """
            INSERT INTO sync_link (id, hub, hub_identity, holder, next_id, last_id)
            VALUES (1, 'postgres://ann@hub/todo', '1/2', 'laptop', \(next), \(last))
            """)
        return todo
    }

    @Test func newTasksTakeTheReservedIdsAndPastThemAddingIsRefused() throws {
        let todo = try linkedFile(next: 500, last: 504)
        #expect(try todo.add("Home", "offline") == 500)
        let records = (1...3).map { "{\"list\":\"Home\",\"title\":\"imported \($0)\"}" }.joined(separator: "\n")
        #expect(try todo.run(["import"], stdin: Data(records.utf8)).status == 0)
        #expect(try todo.jsonArray(["list", "Home"]).compactMap { $0["id"] as? Int }.sorted() == [1, 500, 501, 502, 503])
        #expect(try todo.add("Home", "the last one") == 504)
        // None left: refused, one line, nothing added, until a sync reserves more.
        let refused = try todo.run(["add", "Home", "one too many"])
        #expect(refused.failedCleanly(with: 1, oneLine: true) && refused.stderr.contains("todo sync"), "\(refused.summary)")
        let importing = try todo.run(["import"], stdin: Data("{\"list\":\"Home\",\"title\":\"x\"}".utf8))
        #expect(importing.failedCleanly(with: 1, oneLine: true), "\(importing.summary)")
        #expect(try todo.jsonArray(["list", "Home"]).count == 6)
    }

    @Test func anImportLargerThanWhatIsLeftAddsNothing() throws {
        let todo = try linkedFile(next: 10, last: 11)
        let records = (1...3).map { "{\"list\":\"Home\",\"title\":\"imported \($0)\"}" }.joined(separator: "\n")
        #expect(try todo.run(["import"], stdin: Data(records.utf8)).failedCleanly(with: 1, oneLine: true))
        #expect(try todo.run(["import", "--keep-ids"], stdin: Data("{\"id\":90,\"list\":\"Home\",\"title\":\"x\"}".utf8)).failedCleanly(with: 1, oneLine: true))
        #expect(try todo.jsonArray(["list", "Home"]).count == 1)
        #expect(try todo.jsonObject(["sync", "status"])["ids_left"] as? Int == 2)
    }

    @Test func theFilesOwnSyncCommandsWorkInEveryBuild() throws {
        let todo = try linkedFile(next: 7, last: 9)
        let status = try todo.jsonObject(["sync", "status"])
        #expect(status["hub"] as? String == "postgres://ann@hub/todo" && status["ids_left"] as? Int == 3)
        #expect(status["waiting"] as? Int == 2, "the list and the task, never sent")
        #expect(try todo.jsonArray(["sync", "conflicts"]).isEmpty)
        try todo.succeed(["sync", "unlink"])
        #expect(try todo.run(["sync", "status"]).failedCleanly(with: 1, oneLine: true))
        // Unlinked, the file numbers its tasks itself again.
        #expect(try todo.add("Home", "after") == 2)
        // Nothing to link or sync: no file is made for it.
        let elsewhere = try todo.run(["sync", "status"], environment: ["TODO_DB": todo.directory.path("none.db")])
        #expect(elsewhere.failedCleanly(with: 1, oneLine: true))
        #expect(!FileManager.default.fileExists(atPath: todo.directory.path("none.db")))
    }

    #if !PostgreSQL
    @Test func aBuildWithoutPostgreSQLSaysHowToGetOne() throws {
        let todo = try TodoRunner()
        let result = try todo.run(["sync", "init", "postgres://ann@hub/todo"])
        #expect(result.failedCleanly(with: 1, oneLine: true) && result.stderr.contains("--traits PostgreSQL"), "\(result.summary)")
    }
    #endif
}
