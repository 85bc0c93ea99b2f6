#if PostgreSQL
import Foundation
import Testing
import TodoTestSupport

/// The order in which changes reach a PostgreSQL database (migration `postgres/0004`), what the
/// files that sync with it (issue 30) read it by: every list and task carries the data_version
/// of the transaction that last wrote it, a deleted one leaves its uuid behind with the number
/// that deleted it, and whoever writes (todo or psql), a reader that saw a number saw every
/// change numbered below it.
@Suite(.enabled(if: PostgresTestServer.url != nil, Comment(rawValue: PostgresTestServer.skipped)))
struct HubOrderTests {
    private func version(_ url: String, _ table: String, _ id: Int) throws -> Int {
        Int(try PostgresTestServer.psql(url, "SELECT data_version FROM \(table) WHERE id = \(id)")) ?? -1
    }

    @Test func everyWriteNumbersTheRowsItWroteByWhoeverWroteThem() throws {
        let url = try PostgresTestServer.newDatabase()
        let todo = try TodoRunner(environment: ["TODO_DB": url])
        let first = try todo.add("Home", "water the ferns")
        let second = try todo.add("Home", "call mum")
        let added = try version(url, "tasks", first), next = try version(url, "tasks", second)
        #expect(added > 0 && next > added, "each add numbered after the one before")
        let list = try version(url, "lists", 1)
        #expect(list > 0 && list < added, "the list made by the first add, in the statement before its task")

        // A title changed with psql, a tag added by todo, a tag taken off by psql: each moves
        // the task past everything before it.
        try PostgresTestServer.psql(url, "UPDATE tasks SET title = 'water the palms', data_version = 0 WHERE id = \(first)")
        let edited = try version(url, "tasks", first)
        #expect(edited > next, "an UPDATE that names the column gets the transaction's number all the same")
        try todo.succeed(["edit", String(first), "-t", "plants"])
        let tagged = try version(url, "tasks", first)
        #expect(tagged > edited)
        try PostgresTestServer.psql(url, "DELETE FROM task_tags WHERE task_id = \(first)")
        #expect(try version(url, "tasks", first) > tagged, "a task's tags are the task's")
        #expect(try version(url, "tasks", second) == next, "the other task did not change")
        #expect(try version(url, "lists", 1) == list, "nor did the list: its counts follow its tasks")
        try todo.succeed(["rename-list", "Home", "House"])
        #expect(try version(url, "lists", 1) > tagged, "its name is the list's")

        // Deleted: its uuid stays behind with the number that deleted it; a list deleted with
        // its tasks leaves each of theirs.
        let uuid = try PostgresTestServer.psql(url, "SELECT uuid FROM tasks WHERE id = \(second)")
        try todo.succeed(["rm", String(second)])
        let deleted = try PostgresTestServer.psql(url, "SELECT kind || ' ' || data_version FROM deleted_rows WHERE uuid = '\(uuid)'")
        #expect(deleted.hasPrefix("task ") && (Int(deleted.dropFirst(5)) ?? 0) > tagged, "\(deleted)")
        try todo.succeed(["delete-list", "House", "--force"])
        #expect(try PostgresTestServer.psql(url, "SELECT string_agg(kind, ' ' ORDER BY kind) FROM deleted_rows") == "list task task")
        // Undone: the task is a row again, numbered after its deletion.
        try todo.succeed(["undo"])
        let back = try PostgresTestServer.psql(url, "SELECT t.data_version > d.data_version FROM tasks AS t JOIN deleted_rows AS d USING (uuid) WHERE t.id = \(first)")
        #expect(back == "t")
        #expect(try todo.run(["db", "check"]).status == 0)
    }

    /// An import numbers its tasks, tags and all, with the transaction's numbers: a million
    /// rows are not written twice to number them.
    @Test func anImportIsOneTransactionsNumbers() throws {
        let url = try PostgresTestServer.newDatabase()
        let todo = try TodoRunner(environment: ["TODO_DB": url])
        let before = try todo.add("Home", "before")
        let records = (1...300).map { #"{"list":"L\#($0 % 3)","title":"t\#($0)","tags":["a","b\#($0 % 5)"]}"# }.joined(separator: "\n")
        #expect(try todo.run(["import"], stdin: Data(records.utf8)).status == 0)
        let spread = try PostgresTestServer.psql(url, "SELECT min(data_version) > \(try version(url, "tasks", before)) AND max(data_version) - min(data_version) < 10 FROM tasks WHERE id <> \(before)")
        #expect(spread == "t", "numbered after the add, by a few statements' numbers")
    }

    /// Two writers at once: the second waits for the first's lock on data_version, so its
    /// numbers are above all of the first's, and a reader who has seen one of them has seen
    /// every change numbered below it.
    @Test func aTransactionThatCommitsLaterIsNumberedAboveOneThatCommittedBefore() throws {
        let url = try PostgresTestServer.newDatabase()
        let todo = try TodoRunner(environment: ["TODO_DB": url])
        let a = try todo.add("Home", "a"), b = try todo.add("Home", "b")
        // The first writes, then holds its transaction open; the second starts while it does.
        let slow = Process()
        slow.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        slow.arguments = ["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", url, "-c",
                          "BEGIN; UPDATE tasks SET title = 'slow' WHERE id = \(a); SELECT pg_sleep(1.5); COMMIT;"]
        slow.standardOutput = FileHandle.nullDevice
        try slow.run()
        Thread.sleep(forTimeInterval: 0.5)
        try PostgresTestServer.psql(url, "UPDATE tasks SET title = 'quick' WHERE id = \(b)")
        slow.waitUntilExit()
        #expect(slow.terminationStatus == 0)
        #expect(try version(url, "tasks", b) > version(url, "tasks", a), "the one that committed later is numbered later")
    }
}
#endif
