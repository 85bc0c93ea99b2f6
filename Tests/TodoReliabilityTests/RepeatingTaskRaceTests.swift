import Foundation
import Testing
import TodoTestSupport

/// Taskwarrior's old bug, tried against todo: processes marking the same repeating task done at
/// once must make exactly one next task, because the second to write sees the task done already.
@Suite struct RepeatingTaskRaceTests {
    @Test(arguments: 0..<3)
    func processesDoingTheSameRepeatingTaskAtOnceMakeOneNextTask(round: Int) throws {
        let todo = try TodoRunner()
        let id = try todo.add("Home", "water", ["--due", "2099-01-05", "--repeat", "weekly"])
        let results = Locked([RunResult]())
        onThreads(4) { _ in
            if let result = try? todo.run(["done", String(id), "--json"]) { results.withLock { $0.append(result) } }
        }
        let all = results.current
        #expect(all.count == 4 && all.allSatisfy { $0.status == 0 }, "\(all.map(\.summary))")
        let db = Database(path: todo.databasePath)
        let tasks = try db.rows("SELECT id, due, done FROM tasks ORDER BY id")
        #expect(tasks == [[String(id), "2099-01-05", "1"], [String(id + 1), "2099-01-12", "0"]], "round \(round): \(tasks)")
        let made = all.map { (try? $0.jsonArray().count) ?? -1 }
        #expect(made.sorted() == [1, 1, 1, 2], "one process made the next task; the others found the task done: \(made)")
    }
}
