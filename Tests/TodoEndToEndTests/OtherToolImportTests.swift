import Foundation
import Testing
import TodoTestSupport

/// `todo import --format taskwarrior` and `--format todotxt`, on samples written by hand from
/// each format's documentation (`task export`; todo.txt's format rules and its `due:`/`rec:`
/// add-on conventions), in a time zone with daylight saving so UTC times have to be converted.
@Suite struct OtherToolImportTests {
    static let newYork = ["TZ": "America/New_York"]

    /// What `task export` prints: an array of objects, one per line, with every status.
    static let taskwarrior = """
        [
        {"id":1,"description":"Pay rent","entry":"20261101T120000Z","modified":"20261102T080000Z","project":"Home","priority":"H","due":"20261201T050000Z","status":"pending","tags":["bills","Money"],"uuid":"A1A1A1A1-0000-4000-8000-0000000000A1","urgency":9.1,"annotations":[{"entry":"20261101T120500Z","description":"transfer, not cheque"},{"entry":"20261101T121000Z","description":"ref 42"}]},
        {"id":0,"description":"Old thing","entry":"20250101T000000Z","end":"20250301T143000Z","modified":"20250301T143000Z","status":"completed","priority":"L","uuid":"a2a2a2a2-0000-4000-8000-0000000000a2"},
        {"id":0,"description":"Gone","entry":"20250101T000000Z","end":"20250102T000000Z","status":"deleted","uuid":"a3a3a3a3-0000-4000-8000-0000000000a3"},
        {"id":0,"description":"Water plants","entry":"20261101T000000Z","due":"20261103T140000Z","recur":"weekly","status":"recurring","mask":"--+","uuid":"0a0a0a0a-0000-4000-8000-0000000000b1","project":"Garden"},
        {"id":0,"description":"Water plants","entry":"20261103T000000Z","due":"20261110T140000Z","end":"20261110T150000Z","recur":"weekly","status":"completed","parent":"0a0a0a0a-0000-4000-8000-0000000000b1","imask":1,"uuid":"c1c1c1c1-0000-4000-8000-0000000000c1","project":"Garden"},
        {"id":5,"description":"Water plants","entry":"20261110T000000Z","due":"20261124T140000Z","recur":"weekly","status":"pending","parent":"0a0a0a0a-0000-4000-8000-0000000000b1","imask":3,"uuid":"c3c3c3c3-0000-4000-8000-0000000000c3","project":"Garden"},
        {"id":6,"description":"Summer time","entry":"20260601T000000Z","due":"20260715T040000Z","status":"waiting","wait":"20260710T000000Z","uuid":"51515151-0000-4000-8000-000000000051","priority":"M"},
        {"id":7,"description":"Every workday","entry":"20260601T000000Z","due":"20261201T133000Z","status":"pending","recur":"weekdays","uuid":"91919191-0000-4000-8000-000000000091"}
        ]

        """

    @Test(arguments: Store.all) func taskwarriorFieldsMapAsTheIssueSays(_ store: Store) throws {
        let todo = try TodoRunner(store, environment: Self.newYork)
        let result = try todo.run(["import", "--format", "taskwarrior"], stdin: Data(Self.taskwarrior.utf8))
        #expect(result.status == 0, "\(result.summary)")
        #expect(result.stdout == "Imported 6 tasks: 6 new, 0 updated, 0 unchanged (3 new lists).\n")
        #expect(result.stderr.contains("left out deleted tasks: 1 record (line 4)"), "\(result.stderr)")
        #expect(result.stderr.contains("kept without its recurrence 'weekdays'"), "\(result.stderr)")
        // Every field todo does not keep is named, with its lines.
        for notice in ["left out \"wait\" (todo has no such field): 1 record (line 8)",
                       "kept annotations as notes without their times: 1 record (line 2)"] {
            #expect(result.stderr.contains(notice), "\(notice): \(result.stderr)")
        }
        #expect(!result.stderr.contains("\"urgency\"") && !result.stderr.contains("\"mask\""), "Taskwarrior's own bookkeeping")
        #expect(!result.stderr.contains("\"uuid\""), "a task's uuid is kept")

        let tasks = try todo.jsonArray(["export"])
        func task(_ title: String) throws -> [String: Any] { try #require(tasks.first { $0["title"] as? String == title }) }
        let rent = try task("Pay rent")
        #expect((rent["list"] as? String, rent["priority"] as? String, rent["due"] as? String) == ("Home", "high", "2026-12-01"),
                "05:00Z on Dec 1 is local midnight in New York: a date alone")
        #expect(rent["tags"] as? [String] == ["bills", "Money"])
        #expect(rent["uuid"] as? String == "a1a1a1a1-0000-4000-8000-0000000000a1", "Taskwarrior's uuid is the task's, in lowercase")
        #expect(rent["notes"] as? String == "transfer, not cheque\nref 42", "annotations, one line each")
        #expect((rent["created_at"] as? String, rent["updated_at"] as? String) == ("2026-11-01T12:00:00Z", "2026-11-02T08:00:00Z"))

        let old = try task("Old thing")
        #expect((old["list"] as? String, old["done"] as? Bool, old["priority"] as? String) == ("Inbox", true, "low"), "no project: Inbox")
        #expect(old["completed_at"] as? String == "2025-03-01T14:30:00Z")

        let water = tasks.filter { $0["title"] as? String == "Water plants" && $0["done"] as? Bool == false }
        #expect(water.count == 1, "the template and its pending instance are one repeating task")
        #expect(water.first?["uuid"] as? String == "0a0a0a0a-0000-4000-8000-0000000000b1", "the template's uuid: the series' own")
        let doneWater = tasks.filter { $0["title"] as? String == "Water plants" && $0["done"] as? Bool == true }
        #expect(doneWater.map { $0["repeat"] is NSNull } == [true], "a completed instance is kept as what was done, with no rule")
        #expect((water.first?["due"] as? String, water.first?["repeat"] as? String) == ("2026-11-24T09:00", "1w"),
                "due at the pending instance's, in local time (EST after the change on Nov 1)")
        #expect(try task("Summer time")["due"] as? String == "2026-07-15", "04:00Z in July is midnight EDT")
        let workday = try task("Every workday")
        #expect((workday["due"] as? String, workday["repeat"] is NSNull) == ("2026-12-01T08:30", true))
        #expect(tasks.contains { $0["title"] as? String == "Gone" } == false)
    }

    /// A pending instance whose template is not in the file is all there is of its series: it
    /// keeps its recurrence (it came in without it, and without a word).
    @Test(arguments: Store.all) func anInstanceWithoutItsTemplateKeepsItsRecurrence(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let record = #"{"description":"orphan","due":"20261124T140000Z","recur":"weekly","status":"pending","parent":"0a0a0a0a-0000-4000-8000-0000000000b1","uuid":"c3c3c3c3-0000-4000-8000-0000000000c3"}"#
        let result = try todo.run(["import", "--format", "taskwarrior"], stdin: Data((record + "\n").utf8))
        #expect(result.status == 0, "\(result.summary)")
        #expect(try todo.jsonArray(["export"]).first?["repeat"] as? String == "1w")
    }

    /// A uuid that is not one (what no Taskwarrior writes, but a hand-made file can hold) is
    /// refused, naming its line; nothing is imported.
    @Test(arguments: Store.all) func aUUIDThatIsNotOneIsRefusedNamingItsLine(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let records = [#"{"description":"fine","status":"pending","uuid":"0a0a0a0a-0000-4000-8000-0000000000b1"}"#,
                       #"{"description":"water","due":"20261103T140000Z","recur":"weekly","status":"recurring","uuid":"\u212B"}"#]
        let result = try todo.run(["import", "--format", "taskwarrior"], stdin: Data(records.joined(separator: "\n").utf8))
        #expect(result.status == 65, "\(result.summary)")
        #expect(result.stderr.hasPrefix("Error: line 2: \"uuid\" must be a uuid"), "\(result.stderr)")
        #expect(try todo.jsonArray(["export"]).isEmpty)
    }

    @Test(arguments: Store.all) func oneObjectPerLineReadsTheSame(_ store: Store) throws {
        let lines = Self.taskwarrior.split(separator: "\n").filter { $0.hasPrefix("{") }.map { $0.hasSuffix(",") ? $0.dropLast() : $0 }
        let todo = try TodoRunner(store, environment: Self.newYork)
        let array = try TodoRunner(store, environment: Self.newYork)
        #expect(try todo.run(["import", "--format", "taskwarrior"], stdin: Data((lines.joined(separator: "\n") + "\n").utf8)).status == 0)
        #expect(try array.run(["import", "--format", "taskwarrior"], stdin: Data(Self.taskwarrior.utf8)).status == 0)
        let csv = try todo.run(["export", "--format", "csv"]).stdout
        #expect(csv == (try array.run(["export", "--format", "csv"]).stdout))
        #expect(csv.split(separator: "\r\n").count == 7, "a header and six tasks")
    }

    /// todo.txt lines, from its format rules: completion, priority, dates, projects, contexts,
    /// and the `due:` and `rec:` add-ons (`+` for a strict schedule).
    static let todoTxt = """
        (A) 2026-11-20 Call Mom +Family @phone due:2026-11-25
        x 2026-11-21 2026-11-01 Buy milk +Groceries @store
        (D) Read book

        Water plants +Garden @home due:2026-11-24 rec:+1w
        x Plain done thing
        Pay bills rec:1m due:2026-12-01 +Home +Work

        """

    @Test(arguments: Store.all) func todoTxtFieldsMapAsTheIssueSays(_ store: Store) throws {
        let todo = try TodoRunner(store, environment: Self.newYork)
        let result = try todo.run(["import", "--format", "todotxt"], stdin: Data(Self.todoTxt.utf8))
        #expect(result.status == 0, "\(result.summary)")
        #expect(result.stdout == "Imported 6 tasks: 6 new, 0 updated, 0 unchanged (5 new lists).\n", "the blank line is no task")
        let tasks = try todo.jsonArray(["export"])
        #expect(tasks.map { $0["title"] as? String } == [
            "Call Mom", "Buy milk", "Read book", "Water plants", "Plain done thing", "Pay bills +Work",
        ], "the words read into fields leave the title; the rest of the line is kept exactly")
        #expect(tasks.map { $0["list"] as? String } == ["Family", "Groceries", "Inbox", "Garden", "Inbox", "Home"], "the first +project")
        #expect(tasks.map { $0["priority"] as? String } == ["high", "none", "low", "none", "none", "none"], "(D) and later are low")
        #expect(tasks.map { $0["tags"] as? [String] } == [["phone"], ["store"], [], ["home"], [], []])
        #expect(tasks.map { $0["due"] as? String } == ["2026-11-25", nil, nil, "2026-11-24", nil, "2026-12-01"])
        #expect(tasks.map { $0["done"] as? Bool } == [false, true, false, false, true, false])
        #expect(tasks.map { $0["repeat"] as? String } == [nil, nil, nil, "1w", nil, "1m"])
        #expect(tasks.map { $0["repeat_from"] as? String } == ["due", "due", "due", "due", "due", "done"], "rec:+1w is strict, rec:1m counts from done")
        #expect(tasks[0]["created_at"] as? String == "2026-11-20T05:00:00Z", "the creation date, local midnight (EST)")
        #expect((tasks[1]["created_at"] as? String, tasks[1]["completed_at"] as? String) == ("2026-11-01T04:00:00Z", "2026-11-21T05:00:00Z"),
                "Nov 1 began in EDT, Nov 21 in EST")
    }

    @Test(arguments: Store.all, [
        ("todotxt", "ok\n(A) x due:2026-02-30\n", "line 2"),
        ("todotxt", "ok\nx 2026-13-01 done\n", "line 2"),
        ("taskwarrior", "{\"description\":\"a\",\"status\":\"bogus\"}\n", "line 1"),
        ("taskwarrior", "{\"description\":\"a\",\"status\":\"pending\"}\n{\"description\":\"b\",\"status\":\"pending\",\"priority\":\"X\"}\n", "line 2"),
        ("taskwarrior", "{\"description\":\"a\",\"status\":\"pending\",\"due\":\"2026-11-01\"}\n", "line 1"),
        ("taskwarrior", "{\"status\":\"pending\"}\n", "line 1"),
        ("taskwarrior", "[{\"description\":\"a\",\"status\":\"pending\"},\n{\"description\":\"b\",\"status\":\"pending\",\"end\":\"soon\"}]\n", "line 2"),
        ("taskwarrior", "[{\"description\":\"a\"\n", "line"),
    ])
    func aBadRecordIsRefusedNamingItsLineAndNothingIsImported(_ store: Store, _ example: (format: String, input: String, line: String)) throws {
        let (format, input, line) = example
        let todo = try TodoRunner(store, environment: Self.newYork)
        try todo.add("Inbox", "already here")
        let before = try databaseSnapshot(todo)
        let result = try todo.run(["import", "--format", format], stdin: Data(input.utf8))
        #expect(result.failedCleanly(with: 65, oneLine: true), "\(result.summary)")
        #expect(result.stderr.contains(line), "\(result.stderr)")
        #expect(try databaseSnapshot(todo) == before)
    }

    @Test(arguments: Store.all, ["taskwarrior", "todotxt"])
    func aDryRunSaysWhatWouldBeImportedAndChangesNothing(_ store: Store, format: String) throws {
        let todo = try TodoRunner(store, environment: Self.newYork)
        try todo.add("Inbox", "already here")
        let before = try databaseSnapshot(todo)
        let input = format == "taskwarrior" ? Self.taskwarrior : Self.todoTxt
        let result = try todo.run(["import", "--format", format, "--dry-run", "--json"], stdin: Data(input.utf8))
        #expect(result.status == 0, "\(result.summary)")
        #expect(try result.jsonObject()["imported"] as? Int == 6)
        #expect(try databaseSnapshot(todo) == before)
    }

    /// Scheduling fields, dependencies, user-defined attributes and a project's hierarchy are said;
    /// a Taskwarrior export read as todo's own says which format it is.
    @Test func whatTaskwarriorKeepsAndTodoDoesNotIsNamed() throws {
        let todo = try TodoRunner()
        let records = """
            {"description":"a","status":"pending","scheduled":"20261201T000000Z","until":"20261231T000000Z","project":"Home.Garden"}
            {"description":"b","status":"pending","depends":"x1","estimate":"2h"}

            """
        let result = try todo.run(["import", "--format", "taskwarrior"], stdin: Data(records.utf8))
        #expect(result.status == 0, "\(result.summary)")
        for notice in ["\"scheduled\" (todo has no such field): 1 record (line 1)", "\"until\" (todo has no such field): 1 record (line 1)",
                       "\"depends\" (todo has no such field): 1 record (line 2)", "\"estimate\" (todo has no such field): 1 record (line 2)",
                       "kept a project with dots (a hierarchy) as one list of that name: 1 record (line 1)"] {
            #expect(result.stderr.contains(notice), "\(notice): \(result.stderr)")
        }
        #expect(try todo.jsonArray(["list"]).map { $0["name"] as? String } == ["Home.Garden", "Inbox"])

        let unsaid = try todo.run(["import"], stdin: Data(Self.taskwarrior.utf8))
        #expect(unsaid.failedCleanly(with: 65, oneLine: true), "\(unsaid.summary)")
        #expect(unsaid.stderr.contains("this looks like a Taskwarrior export: add --format taskwarrior"), "\(unsaid.stderr)")
    }

    /// Two fields spelt apart (`é` as one scalar, and as `e` + U+0301) are two notices, each
    /// with its own record: one notice said both, spelt as the first, "2 records".
    @Test func fieldsSpeltApartAreNoticedApart() throws {
        let todo = try TodoRunner()
        let records = "{\"description\":\"a\",\"status\":\"pending\",\"\u{E9}\":\"x\"}\n{\"description\":\"b\",\"status\":\"pending\",\"e\u{301}\":\"y\"}\n"
        let result = try todo.run(["import", "--format", "taskwarrior"], stdin: Data(records.utf8))
        #expect(result.status == 0, "\(result.summary)")
        let notices = result.stderrLines.filter { $0.contains("(todo has no such field)") }
        #expect(notices.map { Array($0.unicodeScalars) } == ["todo: left out \"\u{E9}\" (todo has no such field): 1 record (line 1)",
                                                           "todo: left out \"e\u{301}\" (todo has no such field): 1 record (line 2)"]
                    .map { Array($0.unicodeScalars) }, "\(result.stderr)")
    }

    /// A pipe is read as a file is: the recurring templates, matched on a second reading, come
    /// through `cat |` too (they were lost without a word when the copy was made too late).
    @Test(arguments: Store.all) func aTaskwarriorExportPipedInIsReadWhole(_ store: Store) throws {
        let todo = try TodoRunner(store, environment: Self.newYork)
        try Data(Self.taskwarrior.utf8).write(to: todo.directory.url.appendingPathComponent("tasks.json"))
        let piped = try todo.shell("cat tasks.json | todo import --format taskwarrior", environment: ["TZ": "America/New_York"])
        #expect(piped.status == 0 && piped.stdout == "Imported 6 tasks: 6 new, 0 updated, 0 unchanged (3 new lists).\n", "\(piped.summary)")
        let water = try todo.jsonArray(["export"]).filter { $0["title"] as? String == "Water plants" && $0["done"] as? Bool == false }
        #expect(water.map { $0["repeat"] as? String } == ["1w"], "the template, matched with its instance")
    }

    /// A pipe is copied to TMPDIR to be read twice: a TMPDIR that will not take it is one line
    /// naming it, and nothing is imported.
    @Test func aTemporaryFolderThatWillNotTakeTheCopyIsNamed() throws {
        let todo = try TodoRunner()
        try Data(Self.taskwarrior.utf8).write(to: todo.directory.url.appendingPathComponent("tasks.json"))
        let result = try todo.shell("cat tasks.json | todo import --format taskwarrior", environment: ["TMPDIR": "/nonexistent"])
        #expect(result.failedCleanly(with: 1, oneLine: true), "\(result.summary)")
        #expect(result.stderr.contains("cannot read stdin: cannot keep a copy of it to read it again in /nonexistent (TMPDIR)"), "\(result.stderr)")
        #expect(try todo.jsonArray(["export"]).isEmpty)
    }

    /// As the first `+project` is the list, the first `due:` is the due date: a second one is
    /// part of the title, not dropped.
    @Test func aSecondDueStaysInTheTitle() throws {
        let todo = try TodoRunner()
        let result = try todo.run(["import", "--format", "todotxt"], stdin: Data("due twice due:2026-12-01 due:2026-12-02\n".utf8))
        #expect(result.status == 0, "\(result.summary)")
        let task = try #require(try todo.jsonArray(["export"]).first)
        #expect((task["title"] as? String, task["due"] as? String) == ("due twice due:2026-12-02", "2026-12-01"))
    }

    /// A title that begins with a combining mark comes back from todo's own todo.txt export: the
    /// done mark, priority and dates before it are read and cut by scalar, as todo.sh reads
    /// bytes (a space and the mark are one Character: the mark was lost after `(A) `, the date
    /// and the done mark were not read).
    @Test func marksAndDatesBeforeACombiningMarkAreRead() throws {
        let todo = try TodoRunner()
        let open = try todo.add("L", "\u{301}accent first", ["--priority", "high"])
        let done = try todo.add("L", "\u{301}plain")
        try todo.succeed(["done", String(done)])
        let export = try todo.succeed(["export", "--format", "todotxt"]).stdoutBytes
        let back = try TodoRunner()
        #expect(try back.run(["import", "--format", "todotxt"], stdin: export + Data("x \u{301}done by hand +L\n".utf8)).status == 0)
        let tasks = try back.jsonArray(["export"])
        #expect(tasks.map { Array(($0["title"] as? String ?? "").unicodeScalars) }
                == ["\u{301}accent first", "\u{301}plain", "\u{301}done by hand"].map { Array($0.unicodeScalars) }, "\(tasks)")
        #expect(tasks.map { $0["done"] as? Bool } == [false, true, true] && tasks.first?["priority"] as? String == "high")
        let made = try todo.jsonArray(["show", String(open)]).first?["created_at"] as? String
        #expect(tasks.first?["created_at"] as? String == made.map { String($0.prefix(10)) + "T00:00:00Z" }, "the day it was made (TZ=UTC)")
    }

    /// A `due:` with no date after it is the title's (todo's own export writes such titles); one
    /// with a date that is not real refuses the file, naming its line.
    @Test func aDueThatIsNoDateIsTheTitlesAndABadDateRefuses() throws {
        let todo = try TodoRunner()
        let export = "mail +bob @office due:soon +Home\n"
        #expect(try todo.run(["import", "--format", "todotxt"], stdin: Data(export.utf8)).status == 0)
        let task = try #require(try todo.jsonArray(["export"]).first)
        // The first +project is the list, as the export's notice warned; the file is read whole.
        #expect((task["title"] as? String, task["list"] as? String, task["due"] is NSNull) == ("mail due:soon +Home", "bob", true), "\(task)")
        let typo = try todo.run(["import", "--format", "todotxt"], stdin: Data("pay due:2026-13-45\n".utf8))
        #expect(typo.failedCleanly(with: 65, oneLine: true) && typo.stderr.contains("line 1"), "\(typo.summary)")
    }

    /// Taskwarrior steps `1months`, `3mo`, `1year`, `2yr` by a fixed length (30 and 365 days:
    /// `1months` from Jan 31 is Mar 2) and `monthly`, `3m`, `yearly` by the calendar: each
    /// comes in as the step Taskwarrior takes, the fixed ones said.
    @Test func taskwarriorsFixedLengthRecurrencesKeepTheirSteps() throws {
        let todo = try TodoRunner()
        let recurs = ["1months", "3mo", "1year", "2yr", "monthly", "3m", "yearly"]
        let records = recurs.enumerated().map { index, recur in
            #"{"description":"r \#(recur)","status":"pending","recur":"\#(recur)","due":"20270131T120000Z","uuid":"0000000\#(index)-0000-4000-8000-000000000000"}"#
        }.joined(separator: "\n")
        let result = try todo.run(["import", "--format", "taskwarrior"], stdin: Data(records.utf8))
        #expect(result.status == 0, "\(result.summary)")
        let rules = try todo.jsonArray(["export"]).map { ($0["title"] as? String ?? "", $0["repeat"] as? String ?? "") }
        #expect(rules.map(\.1) == ["30d", "90d", "365d", "730d", "1m", "3m", "1y"], "\(rules)")
        #expect(result.stderr.contains("kept '1months' as every 30 days, the step Taskwarrior takes"), "\(result.stderr)")
        #expect(!result.stderr.contains("kept 'monthly'") && !result.stderr.contains("kept '3m'"))
    }

    /// Their records carry no todo ids (todo writes them since, see OtherToolExportTests).
    @Test(arguments: Store.all) func theseFormatsKeepNoIDs(_ store: Store) throws {
        let todo = try TodoRunner(store)
        #expect(try todo.run(["import", "--format", "todotxt", "--keep-ids"], stdin: Data("a\n".utf8)).failedCleanly(with: 64))
        #expect(try todo.run(["import", "--format", "taskwarrior", "--keep-ids"], stdin: Data("[]".utf8)).failedCleanly(with: 64))
    }

    /// The first `+project` is the list even when it names Inbox, the list a line without one
    /// goes to (a later `+project` took its place).
    @Test(arguments: Store.all) func theFirstProjectIsTheListEvenWhenItIsInbox(_ store: Store) throws {
        let todo = try TodoRunner(store)
        #expect(try todo.run(["import", "--format", "todotxt"], stdin: Data("sort out +Inbox +Work\n".utf8)).status == 0)
        #expect(try todo.jsonArray(["export"]).map { $0["list"] as? String } == ["Inbox"])
    }

    @Test(arguments: Store.all) func aTxtFileIsReadAsTodoTxt(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let file = todo.directory.path("todo.txt")
        try Data("(B) from a file +Work\n".utf8).write(to: URL(fileURLWithPath: file))
        try todo.succeed(["import", file])
        let task = try #require(try todo.jsonArray(["list", "Work"]).only)
        #expect((task["title"] as? String, task["priority"] as? String) == ("from a file", "medium"))
    }

    /// What todo has no field for stays in the title, spaced as it was; a line of nothing but
    /// fields keeps them all, so no task is left without a title.
    @Test func whatIsNotReadStaysInTheTitleExactly() throws {
        let todo = try TodoRunner()
        let lines = "+Work @home\nthink  about rec:3x  t:2026-12-01 @desk\n@a call   due:2030-01-01   bank\n"
        #expect(try todo.run(["import", "--format", "todotxt"], stdin: Data(lines.utf8)).status == 0)
        #expect(try todo.jsonArray(["export"]).map { $0["title"] as? String }
                == ["+Work @home", "think  about rec:3x  t:2026-12-01", "call   bank"])
    }
}
