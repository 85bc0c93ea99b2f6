import Foundation
import Testing
import TodoTestSupport

/// What marking a repeating task done prints: with `-q` nothing at all (docs/manual.md: `-q` prints
/// nothing but `add`'s id; the next task's id used to come out), and a schedule that has run past
/// 9999-12-31 is said, never passed over in silence.
@Suite struct RepetitionOutputTests {
    @Test(arguments: Store.all) func quietPrintsNothingWhenTheNextTaskIsAdded(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let first = try todo.add("Home", "water", ["--due", "2026-01-05", "--repeat", "weekly"])
        let second = try todo.add("Home", "feed", ["--due", "2026-01-05", "--repeat", "2d"])
        let done = try todo.run(["done", String(first), "-q"])
        let edited = try todo.run(["edit", String(second), "--done", "-q"])
        for result in [done, edited] {
            #expect(result.status == 0 && result.stdoutBytes.isEmpty && result.stderrBytes.isEmpty, "\(result.summary)")
        }
        #expect(try todo.jsonArray(["list", "Home"]).count == 2, "each made its next task")
    }

    @Test(arguments: Store.all) func aScheduleThatRunsPastTheLastDayIsSaidAndTheTaskIsDone(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let last = try todo.add("Home", "last", ["--due", "9999-12-20", "--repeat", "1m"])
        let done = try todo.run(["done", String(last), "--json"])
        #expect(done.status == 0, "\(done.summary)")
        let tasks = try done.jsonArray()
        #expect(tasks.count == 1 && tasks.first?["done"] as? Bool == true, "\(done.stdout)")
        #expect(tasks.first?["repeat_ended"] as? Bool == true, "\(done.stdout)")
        #expect(done.stderr == "todo: task \(last) repeats no more: its next due date would be after 9999-12-31, so no next task was made\n")

        // Every form of output says it on stderr, edit --done as well as done.
        let others = try (1...3).map { _ in try todo.add("Home", "yearly", ["--due", "9999-06-01", "--repeat", "1y"]) }
        let human = try todo.run(["done", String(others[0])])
        #expect(human.status == 0 && human.stdout.hasPrefix("Done \(others[0])"), "\(human.summary)")
        #expect(human.stderr.contains("task \(others[0]) repeats no more"), "\(human.summary)")
        let quiet = try todo.run(["edit", String(others[1]), "--done", "-q"])
        #expect(quiet.status == 0 && quiet.stdoutBytes.isEmpty && quiet.stderr.contains("repeats no more"), "\(quiet.summary)")
        let edited = try todo.run(["edit", String(others[2]), "--done", "--json"])
        #expect(try edited.jsonObject()["repeat_ended"] as? Bool == true, "\(edited.summary)")
        #expect(try todo.jsonArray(["list", "Home"]).isEmpty, "no next task anywhere")
        // The field is only in the output of the command that marked it done.
        #expect(try todo.jsonArray(["show", String(last)]).first?["repeat_ended"] == nil)
    }
}
