import Foundation
import Testing
import TodoSQLite
import TodoTestSupport

/// `todo undo`, `todo redo` and `todo history`, run through the binary: every command that
/// writes comes undone to the very bytes it found and redone to the very bytes it made.
@Suite struct HistoryCommandTests {
    /// Every command that writes, each run on the same starting database.
    enum Command: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case add, editEveryField, editMoving, done, undone, rm, newList, renameList, deleteList, importTasks

        var testDescription: String { rawValue }

        var arguments: [String] {
            switch self {
            case .add: ["add", "Home", "new task", "--notes", "n", "--due", "2027-01-02T09:30", "--priority", "low"]
            case .editEveryField: ["edit", "1", "--title", "oat milk x2", "--notes", "", "--no-due", "--priority", "low", "--list", "Work", "--done"]
            case .editMoving: ["edit", "2", "--list", "Someday", "--due", "2027-02-03"]
            case .done: ["done", "1", "2", "4"]
            case .undone: ["undone", "3", "5"]
            case .rm: ["rm", "2", "3"]
            case .newList: ["new-list", "Errands"]
            case .renameList: ["rename-list", "home", "House"]
            case .deleteList: ["delete-list", "Home", "--force"]
            case .importTasks: ["import"]
            }
        }

        var stdin: Data {
            guard self == .importTasks else { return Data() }
            return Data("""
                {"list": "Imported", "title": "from elsewhere", "notes": "kept", "due": "2027-03-04", "priority": "high", "done": true, "created_at": "2025-01-01T00:00:00Z", "updated_at": "2025-01-02T00:00:00Z", "completed_at": "2025-01-03T00:00:00Z"}
                {"list": "home", "title": "into an existing list"}

                """.utf8)
        }
    }

    /// Home: tasks 1-5 (3 and 5 done, every field used somewhere); Work: task 6, all made by todo.
    static func prepared(_ store: Store) throws -> TodoRunner {
        let todo = try TodoRunner(store)
        try todo.add("Home", "buy oat milk", ["--notes", "the barista one", "--due", "2026-12-01", "--priority", "high"])
        try todo.add("Home", "call mum", ["--due", "2026-12-02T18:30"])
        try todo.add("Home", "fix the shelf", ["--priority", "medium"])
        try todo.add("Home", "water plants")
        try todo.add("Home", "pay rent", ["--notes", "by transfer"])
        try todo.add("Work", "report")
        try todo.succeed(["done", "3", "5"])
        return todo
    }

    /// Every user-visible column of every list and task, as the database stores it: on a file
    /// `quote()` shows each value's type and exact bytes, on a server a row's text shows each
    /// value exactly.
    static func userRows(_ todo: TodoRunner) throws -> [String] {
        guard todo.store == .file else {
            // Every column but changed_in: the transaction that last wrote the row is undo's own
            // once it undid the change (what a hub's syncing files read).
            return try rows(todo, "SELECT 'lists: ' || (to_jsonb(l) - 'changed_in')::text FROM lists AS l ORDER BY id")
                + rows(todo, "SELECT 'tasks: ' || (to_jsonb(t) - 'changed_in')::text FROM tasks AS t ORDER BY id")
        }
        let db = try Connection(path: todo.databasePath, create: false, readOnly: true)
        var rows: [String] = []
        for table in ["lists", "tasks"] {
            var columns: [String] = []
            try db.prepare("SELECT name FROM pragma_table_info(?)").bind([table]).forEachRow { columns.append($0.text(0)) }
            let quoted = columns.map { "quote(\($0))" }.joined(separator: " || '|' || ")
            try db.prepare("SELECT \(quoted) FROM \(table) ORDER BY id").bind([]).forEachRow { rows.append(table + ": " + $0.text(0)) }
        }
        return rows
    }

    static func expectHealthy(_ todo: TodoRunner, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let check = try todo.run(["db", "check"])
        #expect(check.status == 0 && check.stdout.hasSuffix(": ok\n"), "\(check.summary)", sourceLocation: sourceLocation)
    }

    @Test(arguments: Store.all, Command.allCases)
    func undoRestoresEveryColumnAndRedoRemakesTheChange(_ store: Store, command: Command) throws {
        let todo = try Self.prepared(store)
        let before = try Self.userRows(todo)
        let change = try todo.run(command.arguments, stdin: command.stdin)
        #expect(change.status == 0, "\(change.summary)")
        let after = try Self.userRows(todo)
        #expect(after != before)

        let undo = try todo.run(["undo"])
        #expect(undo.status == 0, "\(undo.summary)")
        #expect(undo.stdout.hasPrefix("Undid "))
        #expect(undo.stdout.contains("(todo \(command.arguments.joined(separator: " ").prefix(8))"), "\(undo.stdout)")
        #expect(try Self.userRows(todo) == before)
        try Self.expectHealthy(todo)

        let redo = try todo.run(["redo"])
        #expect(redo.status == 0 && redo.stdout.hasPrefix("Redid "), "\(redo.summary)")
        #expect(try Self.userRows(todo) == after)
        try Self.expectHealthy(todo)
    }

    @Test(arguments: Store.all) func historyListsChangesNewestFirstInTheContractsShape(_ store: Store) throws {
        let todo = try TodoRunner(store)
        try todo.add("Home", "oat milk")
        try todo.add("Home", "bread")
        try todo.succeed(["done", "1", "2", "--db", todo.databasePath, "--no-color"])
        try todo.succeed(["rename-list", "Home", "Groceries"])

        let entries = try todo.jsonArray(["history"])
        #expect(entries.map { $0["command"] as? String } == ["rename-list Home Groceries", "done 1 2", "add Home bread", "add Home 'oat milk'"])
        #expect(entries.map { $0["summary"] as? String } == [
            "renamed list 'Home' to 'Groceries'", "marked 2 tasks done", "added task 2", "added task 1, created list 'Home'",
        ])
        #expect(entries.map { $0["id"] as? Int } == [4, 3, 2, 1])
        #expect(entries.allSatisfy { ($0["undone"] as? Bool) == false })
        #expect(entries.allSatisfy { Set($0.keys) == ["id", "at", "command", "summary", "undone"] })
        let at = try #require(entries.first?["at"] as? String)
        #expect(at.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/) != nil, "\(at)")

        #expect(try todo.jsonArray(["history", "--limit", "2"]).count == 2)
        #expect(try todo.jsonArray(["history", "--limit", "0"]).isEmpty)
        let text = try todo.succeed(["history"]).stdout
        #expect(text.contains("marked 2 tasks done  (todo done 1 2)"), "\(text)")
        #expect(try todo.run(["history", "--limit", "-1"]).failedCleanly(with: 64))
        #expect(try todo.run(["history", "--limit", "x"]).failedCleanly(with: 64))
    }

    @Test(arguments: Store.all) func undoAndRedoAnswerInJSONWithTheEntryAsItIsAfterwards(_ store: Store) throws {
        let todo = try TodoRunner(store)
        try todo.add("Home", "oat milk")
        let undone = try todo.jsonObject(["undo"])
        #expect(undone["id"] as? Int == 1 && undone["undone"] as? Bool == true)
        #expect(undone["command"] as? String == "add Home 'oat milk'")
        #expect(try todo.jsonArray(["history"]).first?["undone"] as? Bool == true)
        let redone = try todo.jsonObject(["redo"])
        #expect(redone["id"] as? Int == 1 && redone["undone"] as? Bool == false)
        #expect(try todo.jsonArray(["list", "Home"]).map { $0["title"] as? String } == ["oat milk"])
    }

    @Test(arguments: Store.all) func dryRunAndQuietUndoAsThoseFlagsPromise(_ store: Store) throws {
        let todo = try TodoRunner(store)
        try todo.add("Home", "oat milk")
        let before = try databaseSnapshot(todo)
        let dry = try todo.run(["undo", "--dry-run"])
        #expect(dry.status == 0 && dry.stdout.contains("Undid 1") && dry.stdout.contains("Dry run"), "\(dry.summary)")
        #expect(try databaseSnapshot(todo) == before)
        let quiet = try todo.run(["undo", "-q"])
        #expect(quiet.status == 0 && quiet.stdout.isEmpty && quiet.stderr.isEmpty, "\(quiet.summary)")
        #expect(try todo.jsonArray(["list"]).isEmpty)
        let redoDry = try todo.run(["redo", "--dry-run", "--json"])
        #expect(redoDry.status == 0)
        #expect(try redoDry.jsonObject()["undone"] as? Bool == false)
        #expect(try todo.jsonArray(["list"]).isEmpty)
        // A dry run of a change records nothing either.
        try todo.succeed(["add", "Home", "bread", "--dry-run"])
        #expect(try todo.jsonArray(["history"]).count == 1)
    }

    @Test(arguments: Store.all) func nothingToUndoOrRedoExitsOneAndChangesNothing(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let empty = try todo.run(["undo"])
        #expect(empty.failedCleanly(with: 1, oneLine: true), "\(empty.summary)")
        #expect(empty.stderr.hasPrefix("Error: there is nothing to undo"))
        try todo.add("Home", "oat milk")
        let redo = try todo.run(["redo"])
        #expect(redo.failedCleanly(with: 1, oneLine: true) && redo.stderr.hasPrefix("Error: there is nothing to redo"), "\(redo.summary)")
        try todo.succeed(["undo"])
        let again = try todo.run(["undo"])
        #expect(again.failedCleanly(with: 1, oneLine: true), "\(again.summary)")
        // A new change after an undo drops what could have been redone.
        try todo.succeed(["redo"])
        try todo.succeed(["undo"])
        try todo.add("Work", "report")
        #expect(try todo.run(["redo"]).failedCleanly(with: 1, oneLine: true))
        #expect(try todo.jsonArray(["history"]).map { $0["command"] as? String } == ["add Work report"])
    }

    @Test func undoAndHistoryOnAMissingDatabaseCreateNothing() throws {
        let todo = try TodoRunner()
        for command in [["undo"], ["redo"], ["undo", "--dry-run"]] {
            let result = try todo.run(command)
            #expect(result.failedCleanly(with: 1, oneLine: true), "\(result.summary)")
            #expect(result.stderr.contains("there is no database at \(todo.databasePath) yet"), "\(result.stderr)")
        }
        #expect(try todo.jsonArray(["history"]).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: todo.databasePath))
    }

    @Test(arguments: Store.all) func undoRefusesATaskChangedByHandAndNamesIt(_ store: Store) throws {
        let todo = try TodoRunner(store)
        try todo.add("Home", "oat milk")
        try todo.add("Home", "bread")
        try todo.succeed(["done", "1", "2"])
        try editByHand(todo, "UPDATE tasks SET notes = 'by hand' WHERE id = 2")
        let before = try databaseSnapshot(todo)
        let undo = try todo.run(["undo"])
        #expect(undo.failedCleanly(with: 1, oneLine: true), "\(undo.summary)")
        #expect(undo.stderr == "Error: cannot undo change 3 (done 1 2): task 2 was changed or deleted since; nothing was changed\n", "\(undo.stderr)")
        #expect(try databaseSnapshot(todo) == before)

        // An undone add whose id someone editing by hand took since cannot be redone over it.
        try todo.add("Home", "cheese")
        try todo.succeed(["undo"])
        try editByHand(todo, """
            INSERT INTO tasks (id, list_id, title, created_at, updated_at) VALUES (3, 1, 'by hand', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')
            """)
        let redo = try todo.run(["redo"])
        #expect(redo.failedCleanly(with: 1, oneLine: true) && redo.stderr.hasPrefix("Error: cannot redo change 4 (add Home cheese): a task with id 3 exists again"), "\(redo.summary)")
        #expect(try todo.jsonArray(["show", "3"]).first?["title"] as? String == "by hand")
    }

    @Test(arguments: Store.all) func todoHistoryLimitBoundsTheHistory(_ store: Store) throws {
        let todo = try TodoRunner(store, environment: ["TODO_HISTORY_LIMIT": "2"])
        for name in ["A", "B", "C", "D"] { try todo.succeed(["new-list", name]) }
        #expect(try todo.jsonArray(["history"]).map { $0["command"] as? String } == ["new-list D", "new-list C"])
        try todo.succeed(["undo"])
        try todo.succeed(["undo"])
        #expect(try todo.run(["undo"]).failedCleanly(with: 1, oneLine: true))
        #expect(try todo.jsonArray(["list"]).map { $0["name"] as? String } == ["A", "B"])

        try todo.succeed(["new-list", "E"], environment: ["TODO_HISTORY_LIMIT": "0"])
        #expect(try todo.jsonArray(["history"]).map { $0["command"] as? String } == [])
        for bad in ["-1", "ten", "5s", "1000001", " 3"] {
            let result = try todo.run(["new-list", "F"], environment: ["TODO_HISTORY_LIMIT": bad])
            #expect(result.failedCleanly(with: 64, oneLine: true), "\(bad): \(result.summary)")
            #expect(result.stderr.hasPrefix("Error: TODO_HISTORY_LIMIT must be a whole number of changes"), "\(result.stderr)")
        }
        #expect(try todo.jsonArray(["list"]).count == 3)
    }

    @Test(arguments: Store.all) func aLargeImportIsOneChangeUndoneAndRedoneWhole(_ store: Store) throws {
        let todo = try TodoRunner(store)
        try todo.add("Home", "before the import")
        let count = 30_000
        var lines = ""
        for index in 1...count { lines += #"{"list": "Bulk \#(index % 3)", "title": "task \#(index)", "notes": "n \#(index)"}"# + "\n" }
        try todo.run(["import"], stdin: Data(lines.utf8)).expectSuccess()
        let after = try Self.userRows(todo)
        #expect(after.count == 4 + 1 + count)

        let undo = try todo.succeed(["undo"]).stdout
        #expect(undo.contains("imported 30000 tasks (3 new lists)"), "\(undo)")
        #expect(try todo.jsonArray(["list"]).map { $0["name"] as? String } == ["Home"])
        #expect(try todo.jsonArray(["search", "task"]).isEmpty)
        try Self.expectHealthy(todo)
        try todo.succeed(["redo"])
        #expect(try Self.userRows(todo) == after)
        #expect(try todo.jsonArray(["search", "task", "29999"]).count == 1)
        try Self.expectHealthy(todo)
        // The history keeps the import as its range, not its rows.
        #expect(try rows(todo, "SELECT count(*) FROM history_tasks") == ["1"])
        // And the next new task's id is past every id the import took.
        try todo.succeed(["undo"])
        #expect(try todo.add("Home", "after") == count + 2)
    }

    /// A list of 60,001 tasks (past a slice of 50,000, and past the count from which both
    /// backends set their indexes aside) is deleted, undone and redone whole: every column and
    /// tag comes back, the search finds the tasks again, and a task in the way stops either.
    @Test(arguments: Store.all) func aBigListDeletedWithItsTasksIsUndoneAndRedoneWhole(_ store: Store) throws {
        let todo = try TodoRunner(store)
        try todo.add("Small", "stays", ["--tag", "Errand"])
        let count = 60_000
        var lines = ""
        for index in 1...count {
            let tags = index % 3 == 0 ? #"["errand", "phone"]"# : index % 3 == 1 ? #"["phone"]"# : "[]"
            let done = index % 4 == 0 ? #", "done": true, "completed_at": "2025-01-03T00:00:00Z""# : ""
            lines += #"{"list": "Big", "title": "big task \#(index)", "notes": "n \#(index)", "tags": \#(tags)\#(done)}"# + "\n"
        }
        try todo.run(["import"], stdin: Data(lines.utf8)).expectSuccess()
        // And the largest id an import takes, far from the others: slices must not walk the gap.
        try todo.run(["import", "--keep-ids"], stdin: Data(#"{"id": 9007199254740991, "list": "Big", "title": "far away"}"#.utf8)).expectSuccess()
        let tagRows = "SELECT task_id || ' ' || tag FROM task_tags ORDER BY task_id, tag"
        let before = try Self.userRows(todo) + rows(todo, tagRows)
        #expect(before.count == 2 + (2 + count) + (1 + count), "2 lists, the tasks, a tag for each but a third, two for a third")

        #expect(try todo.succeed(["delete-list", "Big", "--force"]).stdout == "Deleted list Big and its \(count + 1) tasks\n")
        let deleted = try Self.userRows(todo) + rows(todo, tagRows)
        #expect(deleted.count == 3)
        try Self.expectHealthy(todo)

        try todo.succeed(["undo"])
        #expect(try Self.userRows(todo) + rows(todo, tagRows) == before)
        #expect(try todo.jsonArray(["search", "big", "task", "59999"]).map { $0["id"] as? Int } == [60_000])
        #expect(try todo.jsonArray(["list"]).map { $0["open"] as? Int } == [count - count / 4 + 1, 1])
        try Self.expectHealthy(todo)
        try todo.succeed(["redo"])
        #expect(try Self.userRows(todo) + rows(todo, tagRows) == deleted)
        try Self.expectHealthy(todo)

        // A task written by hand with one of their ids stops the undo; once it is gone, a task
        // changed by hand stops the redo. Neither changes a row.
        try editByHand(todo, "INSERT INTO tasks (id, list_id, title, created_at, updated_at) VALUES (30000, 1, 'by hand', \(HandWrittenRowTests.byHand))")
        var unchanged = try databaseSnapshot(todo)
        let undo = try todo.run(["undo"])
        #expect(undo.failedCleanly(with: 1, oneLine: true) && undo.stderr.contains(": a task with id 30000 exists again; nothing was changed"), "\(undo.summary)")
        #expect(try databaseSnapshot(todo) == unchanged)
        try editByHand(todo, "DELETE FROM tasks WHERE id = 30000")
        try todo.succeed(["undo"])
        try editByHand(todo, "UPDATE tasks SET notes = 'by hand' WHERE id = 45000")
        unchanged = try databaseSnapshot(todo)
        let redo = try todo.run(["redo"])
        #expect(redo.failedCleanly(with: 1, oneLine: true) && redo.stderr.contains(": task 45000 was changed or deleted since; nothing was changed"), "\(redo.summary)")
        #expect(try databaseSnapshot(todo) == unchanged)
    }
}

extension RunResult {
    func expectSuccess(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(status == 0, "\(summary)", sourceLocation: sourceLocation)
    }
}
