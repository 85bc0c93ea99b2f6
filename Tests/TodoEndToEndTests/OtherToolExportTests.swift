import Foundation
import Testing
import TodoTestSupport

/// `todo export --format taskwarrior` and `--format todotxt`, read by the real tools (Taskwarrior
/// 2.6's `task import`, todo.txt's own `todo.sh`, Debian's `todo-txt`) and brought back into todo
/// field by field, in a time zone with daylight saving so due dates have to be converted.
@Suite struct OtherToolExportTests {
    static let newYork = ["TZ": "America/New_York"]
    static let hasTaskwarrior = FileManager.default.isExecutableFile(atPath: "/usr/bin/task")
    static let hasTodoTxt = FileManager.default.isExecutableFile(atPath: "/usr/bin/todo-txt")
    static let onCI = ProcessInfo.processInfo.environment["CI"] != nil

    /// Tasks with every field either format keeps, and some it cannot.
    private func sample(_ todo: TodoRunner) throws -> [String: Int] {
        var ids: [String: Int] = [:]
        ids["rent"] = try todo.add("Home", "Pay rent", ["--due", "2026-12-01", "-p", "h", "-t", "bills", "-t", "money",
                                                        "--notes", "transfer, not cheque\nref 42"])
        ids["call"] = try todo.add("Work", "Call the bank", ["--due", "2026-12-02 09:30", "-p", "m"])
        ids["sync"] = try todo.add("Work", "Weekly sync", ["--due", "2026-12-07", "--repeat", "1w"])
        ids["quotes"] = try todo.add("Home Stuff", #"say "hi" \ back"#, ["-p", "l"])
        ids["done"] = try todo.add("Home", "Old chore", ["-p", "h"])
        let done = try todo.run(["done", String(ids["done"] ?? 0)])
        #expect(done.status == 0, "\(done.summary)")
        return ids
    }

    @Test(.enabled(if: hasTaskwarrior || onCI, "needs taskwarrior"), arguments: Store.all)
    func taskwarriorImportsTheExportAndTodoReadsItsExportBack(_ store: Store) throws {
        let todo = try TodoRunner(store, environment: Self.newYork)
        _ = try sample(todo)
        let before = try todo.jsonArray(["export"])
        let export = try todo.run(["export", "--format", "taskwarrior"])
        #expect(export.status == 0, "\(export.summary)")
        let records = try #require(try JSONSerialization.jsonObject(with: export.stdoutBytes) as? [[String: Any]])
        #expect(records.count == 5 && records.allSatisfy { $0["id"] == nil && $0["status"] != nil })
        #expect(records.allSatisfy { ($0["entry"] as? String)?.count == 16 }, "moments in Taskwarrior's form")
        #expect(export.stderr.contains("repeats from") == false, "a rule from the due date is Taskwarrior's own")
        try export.stdoutBytes.write(to: todo.directory.url.appendingPathComponent("todo.json"))

        // The real Taskwarrior, in a folder of its own: import, then export.
        let rc = "data.location=\(todo.directory.path("taskdata"))\nconfirmation=off\nverbose=nothing\n"
        try rc.write(toFile: todo.directory.path("taskrc"), atomically: false, encoding: .utf8)
        // Imported twice: Taskwarrior finds its tasks by the uuids todo gave, so nothing doubles,
        // the repeating one's instance included.
        let task = try todo.shell("""
            export TASKRC=taskrc TZ=America/New_York; task import todo.json && task import todo.json && task export > back.json \
            && task status:pending count
            """)
        #expect(task.status == 0 && task.stdout.hasSuffix("\n4\n"), "rent, call, quotes and one instance of sync; sync's template is not pending: \(task.summary)")

        let back = try TodoRunner(.file, environment: Self.newYork)
        let imported = try back.run(["import", "--format", "taskwarrior", todo.directory.path("back.json")])
        #expect(imported.status == 0 && imported.stdout.hasPrefix("Imported 5 tasks"), "\(imported.summary)")
        let after = try back.jsonArray(["export"])
        for field in ["uuid", "list", "title", "notes", "due", "priority", "tags", "done", "created_at", "completed_at", "repeat"] {
            func values(_ tasks: [[String: Any]]) -> [String] {
                tasks.map { "\($0[field] ?? "none")" }.sorted()
            }
            #expect(values(after) == values(before), "\(field) came back as it left")
        }
    }

    @Test(.enabled(if: hasTodoTxt || onCI, "needs todo.txt's todo.sh (Debian's todotxt-cli)"), arguments: Store.all)
    func todoTxtsOwnToolReadsTheExportAndTodoReadsItBack(_ store: Store) throws {
        let todo = try TodoRunner(store, environment: Self.newYork)
        let ids = try sample(todo)
        let before = try todo.jsonArray(["export"])
        let export = try todo.run(["export", "--format", "todotxt"])
        #expect(export.status == 0, "\(export.summary)")
        #expect(export.stdout.split(separator: "\n").count == 5, "a line a task")
        for notice in ["left out its notes (todo.txt has none): 1 task (id \(ids["rent"] ?? 0))",
                       "left out its due time (todo.txt has dates only): 1 task (id \(ids["call"] ?? 0))",
                       "its list is written with _ for spaces: 1 task (id \(ids["quotes"] ?? 0))"] {
            #expect(export.stderr.contains("todo: " + notice), "\(export.stderr)")
        }
        try export.stdoutBytes.write(to: todo.directory.url.appendingPathComponent("todo.txt"))

        // todo.sh reads the file as todo.txt: its priorities, projects and contexts.
        let config = "export TODO_DIR=\(todo.directory.path)\nexport TODO_FILE=$TODO_DIR/todo.txt\nexport DONE_FILE=$TODO_DIR/done.txt\n"
            + "export REPORT_FILE=$TODO_DIR/report.txt\nexport TODOTXT_AUTO_ARCHIVE=0\n"
        try config.write(toFile: todo.directory.path("config"), atomically: false, encoding: .utf8)
        func todoSh(_ arguments: String) throws -> String {
            let result = try todo.shell("todo-txt -d config -p \(arguments)")
            #expect(result.status == 0, "\(result.summary)")
            return result.stdout
        }
        #expect(try todoSh("listproj") == "+Home\n+Home_Stuff\n+Work\n")
        #expect(try todoSh("listcon") == "@bills\n@money\n")
        let priority = try todoSh("listpri A")
        #expect(priority.contains("(A) ") && priority.contains("Pay rent") && !priority.contains("Old chore"), "a done task's priority is not on its front")
        #expect(try todoSh("ls").contains("TODO: 5 of 5 tasks shown"))

        // And todo reads the file back: what todo.txt holds, as it was.
        let back = try TodoRunner(.file, environment: Self.newYork)
        let imported = try back.run(["import", "--format", "todotxt", todo.directory.path("todo.txt")])
        #expect(imported.status == 0 && imported.stdout.hasPrefix("Imported 5 tasks"), "\(imported.summary)")
        let after = try back.jsonArray(["export"])
        func values(_ tasks: [[String: Any]], _ field: String) -> [String] { tasks.map { "\($0[field] ?? "none")" }.sorted() }
        for field in ["title", "priority", "tags", "done", "repeat", "repeat_from"] {
            #expect(values(after, field) == values(before, field), "\(field) came back as it left")
        }
        #expect(values(after, "list") == ["Home", "Home", "Home_Stuff", "Work", "Work"])
        #expect(values(after, "due").contains("2026-12-02") && values(after, "due").contains("2026-12-01"), "dates, without their time")
    }

    @Test func theFormatsAsWrittenAndWhatTheyCannotHold() throws {
        let todo = try TodoRunner(.file, environment: Self.newYork)
        let empty = try todo.run(["export", "--format", "taskwarrior"])
        #expect(empty.status == 0 && empty.stdout == "[\n]\n", "an empty export is still an array")
        #expect(try todo.run(["export", "--format", "todotxt"]).stdout == "")

        let id = try todo.add("Home", "two\nlines", ["--due", "2026-12-01T18:00", "--repeat", "2w", "--repeat-from", "done"])
        let text = try todo.run(["export", "--format", "todotxt"])
        #expect(text.stdout.hasSuffix(" two lines +Home due:2026-12-01 rec:2w\n"), "\(text.stdout)")
        #expect(text.stderr.contains("its title's line breaks are written as spaces: 1 task (id \(id))"))
        let tw = try todo.run(["export", "--format", "taskwarrior"])
        #expect(tw.stdout.contains(#""description":"two\nlines","due":"20261201T230000Z""#), "18:00 EST is 23:00 UTC: \(tw.stdout)")
        #expect(tw.stdout.contains(#""recur":"2weeks""#) && tw.stdout.contains(#""status":"recurring""#), "a template in Taskwarrior")
        #expect(tw.stderr.contains("repeats from its due date in Taskwarrior, not from when it is done: 1 task (id \(id))"))

        // What Taskwarrior would read back otherwise is said, each by the task's id.
        let midnight = try todo.add("Home", "at midnight", ["--due", "2026-12-01T00:00"])
        let skipped = try todo.add("Home", "in the skipped hour", ["--due", "2027-03-14T02:30"])
        let blank = try todo.add("Home", "blank note line", ["--notes", "one\n\nthree", "-t", "a,b"])
        // A comma a combining mark follows, and CRLF line ends: Taskwarrior reads bytes.
        let combining = try todo.add("Home", "combining comma", ["--notes", "c\r\nd", "-t", "e,\u{301}"])
        let monthEnd = try todo.add("Home", "month end", ["--due", "2026-10-31", "--repeat", "4m"])
        // Never on a short month: nothing to say (Nov 29 by 2m, Jan 30 by 3m, Jan 31 by 12m).
        for (due, rule) in [("2026-11-29", "2m"), ("2027-01-30", "3m"), ("2027-01-31", "12m")] {
            _ = try todo.add("Home", "no shorter day \(rule)", ["--due", due, "--repeat", rule])
        }
        let yearly = try todo.add("Home", "every other year", ["--due", "2026-12-01", "--repeat", "2y"])
        let doneRepeating = try todo.add("Home", "done repeating", ["--due", "2026-11-20", "--repeat", "1w"])
        #expect(try todo.run(["done", String(doneRepeating)]).status == 0)
        // Done on Feb 29, it makes one due Feb 28 that keeps the 29th: Taskwarrior would not.
        let leap = try todo.add("Home", "leap", ["--due", "2028-02-29", "--repeat", "1y"])
        let leapNext = try #require(try todo.jsonArray(["done", String(leap)]).last?["id"] as? Int)
        let notices = try todo.run(["export", "--format", "taskwarrior"])
        for (notice, ids) in [("its due reads back otherwise from Taskwarrior", [midnight, skipped]),
                              ("left out the blank lines of its notes", [blank]),
                              ("its tags with a comma become several in Taskwarrior", [blank, combining]),
                              ("repeats on a shorter day for good after a short month in Taskwarrior", [monthEnd, leapNext]),
                              ("ends its series in Taskwarrior (an instance Taskwarrior made of it before stays pending there)", [doneRepeating, leap])] {
            let line = notices.stderrLines.first { $0.contains(notice) }
            #expect(line?.hasSuffix("(id\(ids.count == 1 ? "" : "s") \(ids.map(String.init).joined(separator: ", ")))") == true,
                    "\(notice): \(notices.stderr)")
        }
        #expect(notices.stdout.contains(#""annotations":[{"entry":"#) && notices.stdout.contains(#""description":"one"},{"entry":"#))
        #expect(notices.stdout.contains(#""description":"c\r"},{"entry":"#) && notices.stdout.contains(#""description":"d"}]"#),
                "a line each at CRLF too, its \\r kept so the import joins them back exactly")
        #expect(notices.stdout.contains(#""recur":"4m""#) && notices.stdout.contains(#""recur":"2y""#), "months and years by the calendar")
        _ = yearly

        let refused = try todo.run(["export", "--format", "todotxt", "--json"])
        #expect(refused.failedCleanly(with: 64), "\(refused.summary)")
    }

    /// A task with no creation date to write first (one edited by hand) whose title begins as a
    /// done mark, a priority or a date is said; `x` then a space a combining mark follows too
    /// (one Character, but a done mark to a reader of bytes).
    @Test func aTitleThatStartsLikeAFieldIsSaid() throws {
        let todo = try TodoRunner()
        let titles = ["x \u{301}later", "(A) first", "2026-01-02 dated", "x\u{301} fine"]
        let ids = try titles.map { try todo.add("Home", $0) }
        try sqlite3(todo.databasePath, "UPDATE tasks SET created_at = 'someday';")
        let export = try todo.run(["export", "--format", "todotxt"])
        let line = export.stderrLines.first { $0.contains("its title has words todo.txt reads as fields") }
        #expect(line?.hasSuffix("(ids \(ids.dropLast().map(String.init).joined(separator: ", ")))") == true, "\(export.stderr)")
    }

    /// A done task keeps its priority as `pri:A` at the end of its line, and todo reads it.
    @Test func aDoneTasksPriorityComesBackFromTodoTxt() throws {
        let todo = try TodoRunner(.file, environment: Self.newYork)
        let id = try todo.add("Home", "Old chore", ["-p", "h"])
        #expect(try todo.run(["done", String(id)]).status == 0)
        let line = try todo.run(["export", "--format", "todotxt"]).stdout
        #expect(line.hasPrefix("x ") && line.hasSuffix(" Old chore +Home pri:A\n"), "\(line)")

        let back = try TodoRunner(.file)
        #expect(try back.run(["import", "--format", "todotxt"], stdin: Data(line.utf8)).status == 0)
        let task = try #require(try back.jsonArray(["export"]).first)
        #expect((task["title"] as? String, task["priority"] as? String, task["done"] as? Bool) == ("Old chore", "high", true))
    }
}
