import Foundation
import Testing
import TodoTestSupport

/// Another database file put at the path (`mv backup.db todo.db`, as the manual's "put that file
/// back" and file-syncing tools do) while the old file's write-ahead log, which todo keeps
/// between commands, stays beside it. SQLite applied that log to the new file: the old file's
/// pages over the new one's, a malformed database or the old tasks back without a word (found
/// by a helper's sweep). The log is now set aside unapplied, and said once.
@Suite struct ReplacedFileTests {
    @Test func anotherFilesLogIsSetAsideUnapplied() throws {
        let todo = try TodoRunner()
        for number in 1...30 { try todo.add("Old", "old task \(number)") }
        #expect(sidecarFiles(of: todo.databasePath).contains(todo.databasePath + "-wal"), "the log stays between commands")
        let other = try TodoRunner()
        try other.add("New", "only this")
        let copy = other.directory.path("copy.db")
        try other.succeed(["db", "backup", copy])
        #expect(rename(copy, todo.databasePath) == 0)

        // What only looks changes nothing, the log's place included: it stops, saying why.
        for looking in [["db", "check"], ["db", "backup", todo.directory.path("backup.db")]] {
            let refused = try todo.run(looking)
            #expect(refused.failedCleanly(with: 1, oneLine: true) && refused.stderr.contains("-wal is another file's"), "\(refused.summary)")
            #expect(sidecarFiles(of: todo.databasePath).contains(todo.databasePath + "-wal"), "\(looking): the log is where it was")
        }
        let listed = try todo.run(["list", "--json"])
        #expect(listed.status == 0, "\(listed.summary)")
        #expect(listed.stderrLines.count == 1 && listed.stderr.contains("todo: the write-ahead log beside the database was another file's"),
                "\(listed.stderr)")
        #expect(try listed.jsonArray().map { $0["name"] as? String } == ["New"])
        let kept = try FileManager.default.contentsOfDirectory(atPath: todo.directory.path).filter { $0.contains(".db-wal.unapplied-") }
        #expect(kept.count == 1, "the old file's log is kept, not deleted: \(kept)")
        #expect(try todo.succeed(["db", "check"]).stdout.hasSuffix(": ok\n"))
        let again = try todo.run(["add", "New", "next"])
        #expect(again.status == 0 && again.stderr.isEmpty, "said once: \(again.summary)")
        #expect(try todo.jsonArray(["list", "New"]).map { $0["title"] as? String } == ["only this", "next"])
    }

    /// What must not be taken for another file's log: a log sqlite3 wrote and removed between
    /// todo's commands, and a copy made with the log and its marks (`cp -a`).
    @Test func theFilesOwnLogIsAlwaysApplied() throws {
        let todo = try TodoRunner()
        for number in 1...5 { try todo.add("Home", "task \(number)") }
        #expect(try todo.shell("sqlite3 todo.db \"UPDATE tasks SET title = 'by sqlite3' WHERE id = 1\"").status == 0)
        try todo.add("Home", "task 6")
        let moved = todo.directory.path("moved")
        try FileManager.default.createDirectory(atPath: moved, withIntermediateDirectories: true)
        let copy = try todo.shell("cp -a todo.db todo.db-wal moved/ && todo list Home --db moved/todo.db")
        #expect(copy.status == 0 && copy.stderr.isEmpty, "\(copy.summary)")
        #expect(copy.stdout.contains("by sqlite3") && copy.stdout.contains("task 6"), "\(copy.stdout)")
        let here = try todo.run(["list", "Home"])
        #expect(here.status == 0 && here.stderr.isEmpty && here.stdout.contains("task 6"), "\(here.summary)")
    }
}
