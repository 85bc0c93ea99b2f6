import Foundation
import Testing
import TodoTestSupport

/// Imports merge by uuid (issue 29, item 2): a record whose uuid a task here has updates that
/// task where it differs and leaves it alone where it does not; the rest are added. One change
/// in the history, undone and redone as one; a dry run says the same numbers.
@Suite struct MergeImportTests {
    /// The records of an export, one per line, as dictionaries.
    private func records(_ todo: TodoRunner) throws -> [[String: Any]] {
        try todo.jsonArray(["export", "--json"])
    }

    private func ndjson(_ records: [[String: Any]]) throws -> Data {
        var out = Data()
        for record in records {
            out += try JSONSerialization.data(withJSONObject: record, options: [.sortedKeys])
            out += Data("\n".utf8)
        }
        return out
    }

    /// A record that names no list (Taskwarrior's without a project, a VTODO without todo's
    /// list) merges into its task where it is: the import failed with "no task with id 1" for a
    /// task outside the default list, while its dry run said it worked, and an unchanged record
    /// made the default list.
    @Test(arguments: Store.all) func aRecordNamingNoListMergesIntoItsTaskWhereItIs(_ store: Store) throws {
        let todo = try TodoRunner(store)
        try todo.add("Work", "call bob")
        let uuid = try #require(try records(todo).first?["uuid"] as? String)
        let changed = Data(#"[{"description":"call bob today","status":"pending","uuid":"\#(uuid)"}]"#.utf8)
        for dryRun in [["--dry-run"], []] {
            let result = try todo.run(["import", "--format", "taskwarrior"] + dryRun, stdin: changed)
            #expect(result.status == 0 && result.stdout.hasPrefix("Imported 1 task: 0 new, 1 updated, 0 unchanged (0 new lists)."), "\(dryRun): \(result.summary)")
        }
        let titles = { try records(todo).map { "\($0["list"] ?? "") \($0["title"] ?? "")" } }
        #expect(try titles() == ["Work call bob today"])
        #expect(try todo.run(["undo"]).status == 0)
        #expect(try titles() == ["Work call bob"])
        #expect(try todo.run(["redo"]).status == 0)
        let unchanged = try todo.run(["import", "--format", "taskwarrior"], stdin: changed)
        #expect(unchanged.status == 0 && unchanged.stdout.hasPrefix("Imported 1 task: 0 new, 0 updated, 1 unchanged (0 new lists)."), "\(unchanged.summary)")
        #expect(try todo.jsonArray(["list"]).compactMap { $0["name"] as? String } == ["Work"], "no default list made")
        #expect(try titles() == ["Work call bob today"])
    }

    /// A month series' kept day (`1m@31`) is not in an export (`1m`): the task's own export
    /// imported again leaves it, where it made the series lose its day ("1 updated").
    @Test(arguments: Store.all) func anExportImportedAgainKeepsTheDayAMonthSeriesKeeps(_ store: Store) throws {
        let todo = try TodoRunner(store)
        try todo.add("Bills", "rent", ["--due", "2027-01-31", "--repeat", "monthly"])
        try todo.succeed(["done", "1"])
        let export = try todo.succeed(["export"]).stdout
        let again = try todo.run(["import"], stdin: Data(export.utf8))
        #expect(again.status == 0 && again.stdout.hasPrefix("Imported 2 tasks: 0 new, 0 updated, 2 unchanged (0 new lists)."), "\(again.summary)")
        #expect(try rows(todo, "SELECT repeat FROM tasks WHERE id = 2") == ["1m@31"])
        #expect(try todo.jsonArray(["done", "2"]).last?["due"] as? String == "2027-03-31", "the next task keeps the 31st")
    }

    @Test(arguments: Store.all) func aRecordUpdatesItsTaskLeavesAnUnchangedOneAndAddsANewOne(_ store: Store) throws {
        let todo = try TodoRunner(store)
        _ = try todo.add("Home", "water the ferns", ["-t", "plants", "--due", "2027-01-05"])
        _ = try todo.add("Home", "call mum")
        _ = try todo.add("Work", "slides", ["-p", "high"])
        var file = try records(todo)
        let before = file

        // The first changed in every field a record carries, the second as it is, the third in
        // its title alone; and one record new to this database.
        file[0]["title"] = "water the palms"
        file[0]["notes"] = "twice a week"
        file[0]["due"] = "2027-02-01T08:30"
        file[0]["priority"] = "medium"
        file[0]["tags"] = ["garden"]
        file[0]["list"] = "Garden"
        file[0]["done"] = true
        file[0]["completed_at"] = "2027-01-03T10:00:00Z"
        file[0]["updated_at"] = "2027-01-03T10:00:00Z"
        file[2]["title"] = "slides, final"
        file[2]["updated_at"] = NSNull()
        file.append(["list": "Work", "title": "book the room", "uuid": "0193b5c4-8f1e-7a2b-9c3d-4e5f6a7b8c9d"])
        let data = try ndjson(file)

        let dry = try todo.run(["import", "--dry-run", "--format", "ndjson"], stdin: data)
        #expect(dry.status == 0 && dry.stdout.contains("Imported 4 tasks: 1 new, 2 updated, 1 unchanged (1 new list)."), "\(dry.summary)")
        #expect(try records(todo).map { $0["title"] as? String } == before.map { $0["title"] as? String }, "a dry run changes nothing")

        let result = try todo.run(["import", "--format", "ndjson", "--json"], stdin: data)
        #expect(result.status == 0, "\(result.summary)")
        let summary = try result.jsonObject()
        #expect(summary["imported"] as? Int == 4 && summary["new"] as? Int == 1 && summary["updated"] as? Int == 2
                && summary["unchanged"] as? Int == 1 && summary["lists_created"] as? Int == 1, "\(summary)")

        let after = try records(todo)
        #expect(after.count == 4, "nothing doubled")
        let palms = after[0]
        #expect(palms["id"] as? Int == 1 && palms["uuid"] as? String == before[0]["uuid"] as? String, "the same task")
        #expect(palms["title"] as? String == "water the palms" && palms["notes"] as? String == "twice a week")
        #expect(palms["due"] as? String == "2027-02-01T08:30" && palms["priority"] as? String == "medium")
        #expect(palms["tags"] as? [String] == ["garden"] && palms["list"] as? String == "Garden" && palms["done"] as? Bool == true)
        #expect(palms["completed_at"] as? String == "2027-01-03T10:00:00Z" && palms["updated_at"] as? String == "2027-01-03T10:00:00Z",
                "updated_at from the record")
        #expect(palms["created_at"] as? String == before[0]["created_at"] as? String)
        #expect(after[1]["updated_at"] as? String == before[1]["updated_at"] as? String, "an unchanged task is left alone")
        #expect(after[2]["title"] as? String == "slides, final" && after[2]["priority"] as? String == "high")
        #expect(after[2]["updated_at"] as? String != nil, "no updated_at in the record: now")
        #expect(after[3]["uuid"] as? String == "0193b5c4-8f1e-7a2b-9c3d-4e5f6a7b8c9d" && after[3]["id"] as? Int == 4)

        // One change: undone as one, and redone.
        let history = try todo.jsonArray(["history", "--json"])
        #expect(history.count == 4 && (history.first?["summary"] as? String)?.contains("imported 4 tasks") == true, "\(history)")
        try todo.succeed(["undo"])
        let undone = try records(todo)
        #expect(undone.count == 3)
        for (was, now) in zip(before, undone) {
            for key in ["id", "uuid", "list", "title", "notes", "due", "priority", "done", "tags", "created_at", "updated_at", "completed_at"] {
                #expect("\(was[key] ?? "none")" == "\(now[key] ?? "none")", "\(key) put back")
            }
        }
        #expect(try todo.jsonArray(["list", "--json"]).map { $0["name"] as? String } == ["Home", "Work"], "the list it made is gone")
        try todo.succeed(["redo"])
        #expect(try records(todo).map { "\($0["title"] ?? "") \($0["list"] ?? "")" } == after.map { "\($0["title"] ?? "") \($0["list"] ?? "")" })
        #expect(try todo.run(["db", "check"]).status == 0)
    }

    @Test(arguments: Store.all) func importingTheSameExportAgainChangesNothing(_ store: Store) throws {
        let todo = try TodoRunner(store)
        _ = try todo.add("Home", "water the ferns", ["-t", "Plants", "--repeat", "weekly", "--due", "2027-01-05"])
        _ = try todo.add("Home", "call mum")
        try todo.succeed(["done", "2"])
        let exported = try todo.run(["export"]).stdoutBytes
        for format in [["--format", "ndjson"], ["--format", "csv"]] {
            let file = format[1] == "csv" ? try todo.run(["export", "--format", "csv"]).stdoutBytes : exported
            let again = try todo.run(["import"] + format, stdin: file)
            #expect(again.status == 0 && again.stdout == "Imported 2 tasks: 0 new, 0 updated, 2 unchanged (0 new lists).\n", "\(format) \(again.summary)")
        }
        #expect(try todo.run(["export"]).stdoutBytes == exported, "every field as it was")
        // A tag in another case is the same tag.
        let shouted = String(decoding: exported, as: UTF8.self).replacingOccurrences(of: "\"Plants\"", with: "\"PLANTS\"")
        #expect(try todo.run(["import"], stdin: Data(shouted.utf8)).stdout.contains("0 updated, 2 unchanged"))
    }

    /// A tag that begins with a combining mark is one Character with the space before it, where
    /// a server keeps the records' tags as one text: split as Characters, `a` and `\u{301}x`
    /// were merged as one tag `a \u{301}x`.
    @Test(arguments: Store.all) func aTagThatBeginsWithACombiningMarkIsMergedAsOne(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let id = try todo.add("Home", "milk", ["-t", "a", "-t", "\u{301}x"])
        let exported = try todo.run(["export"]).stdoutBytes
        try todo.succeed(["edit", String(id), "--title", "oat milk"])
        let merged = try todo.run(["import"], stdin: exported)
        #expect(merged.status == 0 && merged.stdout.contains("1 updated"), "\(merged.summary)")
        let task = try #require(try todo.jsonArray(["show", String(id)]).first)
        #expect((task["tags"] as? [String])?.map { Array($0.unicodeScalars) } == [["a"], ["\u{301}", "x"]] && task["title"] as? String == "milk")
    }

    @Test(arguments: Store.all) func aFileThatNamesOneTaskTwiceOrAListsUUIDIsRefused(_ store: Store) throws {
        let todo = try TodoRunner(store)
        _ = try todo.add("Home", "water the ferns")
        let task = try #require(try records(todo).first)
        let uuid = try #require(task["uuid"] as? String)
        let twice = try ndjson([["list": "Home", "title": "one", "uuid": uuid], ["list": "Home", "title": "two", "uuid": uuid.uppercased()]])
        for dryRun in [["--dry-run"], []] {
            let result = try todo.run(["import", "--format", "ndjson"] + dryRun, stdin: twice)
            #expect(result.status == 65 && result.stderr == "Error: line 2: uuid \(uuid) appears more than once; nothing was imported\n",
                    "\(dryRun) \(result.summary)")
        }
        let listUUID = try #require(try todo.jsonArray(["list", "--json"]).first?["uuid"] as? String)
        let list = try todo.run(["import", "--format", "ndjson"], stdin: try ndjson([["list": "Home", "title": "x", "uuid": listUUID]]))
        #expect(list.status == 65 && list.stderr.hasPrefix("Error: line 1: uuid \(listUUID) is a list's here, not a task's"), "\(list.summary)")
        #expect(try records(todo).map { $0["title"] as? String } == ["water the ferns"], "nothing imported")
    }

    /// With `--keep-ids`, a record whose uuid is a task here is that task, whatever its id; the
    /// new ones keep theirs, above every id used here.
    @Test(arguments: Store.all) func keptIdsApplyToNewRecordsOnly(_ store: Store) throws {
        let todo = try TodoRunner(store)
        _ = try todo.add("Home", "water the ferns")
        var file = try records(todo)
        file[0]["title"] = "water the palms"
        file.append(["id": 50, "list": "Home", "title": "new"])
        let result = try todo.run(["import", "--keep-ids", "--format", "ndjson"], stdin: try ndjson(file))
        #expect(result.status == 0 && result.stdout.hasPrefix("Imported 2 tasks: 1 new, 1 updated, 0 unchanged"), "\(result.summary)")
        #expect(try records(todo).map { "\($0["id"] ?? "") \($0["title"] ?? "")" } == ["1 water the palms", "50 new"])
    }

    /// `task export | todo import --format taskwarrior` every day keeps one todo task per
    /// Taskwarrior task, and what changed in Taskwarrior changes here.
    @Test(.enabled(if: OtherToolExportTests.hasTaskwarrior || OtherToolExportTests.onCI, "needs taskwarrior"), arguments: Store.all)
    func aDailyTaskwarriorImportKeepsOneTaskPerTaskwarriorTask(_ store: Store) throws {
        let todo = try TodoRunner(store, environment: ["TZ": "UTC"])
        let rc = "data.location=\(todo.directory.path("taskdata"))\nconfirmation=off\nverbose=nothing\n"
        try rc.write(toFile: todo.directory.path("taskrc"), atomically: false, encoding: .utf8)
        func task(_ command: String) throws -> String {
            let result = try todo.shell("export TASKRC=taskrc TZ=UTC; task \(command)")
            #expect(result.status == 0, "\(result.summary)")
            return result.stdout
        }
        _ = try task("add project:Home water the ferns due:2027-01-05 +plants")
        _ = try task("add project:Home pay rent due:2027-01-01 recur:monthly")
        _ = try task("add project:Work slides priority:H")
        let first = try todo.run(["import", "--format", "taskwarrior"], stdin: Data(try task("export").utf8))
        #expect(first.status == 0 && first.stdout.hasPrefix("Imported 3 tasks: 3 new"), "\(first.summary)")

        _ = try task("/ferns/ modify priority:L")
        _ = try task("/slides/ done")
        let second = try todo.run(["import", "--format", "taskwarrior"], stdin: Data(try task("export").utf8))
        #expect(second.status == 0 && second.stdout.hasPrefix("Imported 3 tasks: 0 new, 2 updated, 1 unchanged"), "\(second.summary)")
        let tasks = try records(todo)
        #expect(tasks.count == 3, "\(tasks)")
        #expect(tasks.first { $0["title"] as? String == "water the ferns" }?["priority"] as? String == "low")
        #expect(tasks.first { $0["title"] as? String == "slides" }?["done"] as? Bool == true)
    }

    /// A repeating task done in todo goes on as a task of its own: Taskwarrior takes the export
    /// (the done one ends the series it had), and its export comes back without a second series.
    @Test(.enabled(if: OtherToolExportTests.hasTaskwarrior || OtherToolExportTests.onCI, "needs taskwarrior"), arguments: Store.all)
    func aRepeatingTaskDoneInTodoGoesToTaskwarriorAndBackWithoutDoubling(_ store: Store) throws {
        let todo = try TodoRunner(store, environment: ["TZ": "UTC"])
        let rc = "data.location=\(todo.directory.path("taskdata"))\nconfirmation=off\nverbose=nothing\nrecurrence.confirmation=no\n"
        try rc.write(toFile: todo.directory.path("taskrc"), atomically: false, encoding: .utf8)
        func toTaskwarrior() throws {
            let result = try todo.shell("export TASKRC=taskrc TZ=UTC; todo export --format taskwarrior | task import -")
            #expect(result.status == 0, "\(result.summary)")
        }
        _ = try todo.add("Home", "water the plants", ["-d", "2026-11-28", "--repeat", "weekly"])
        try toTaskwarrior()
        // Taskwarrior makes the series' pending instance when it next runs.
        #expect(try todo.shell("export TASKRC=taskrc TZ=UTC; task export > first.json").status == 0)
        try toTaskwarrior()
        try todo.succeed(["done", "1"])
        try toTaskwarrior()
        let back = try todo.shell("export TASKRC=taskrc TZ=UTC; task export > back.json")
        #expect(back.status == 0, "\(back.summary)")
        let imported = try todo.run(["import", "--format", "taskwarrior", todo.directory.path("back.json")])
        #expect(imported.status == 0 && imported.stdout.hasPrefix("Imported 2 tasks: 0 new, 0 updated, 2 unchanged"), "\(imported.summary)")
        #expect(imported.stderr.contains("left out the pending instance of a series that is done"), "\(imported.stderr)")
        #expect(try records(todo).map { "\($0["due"] ?? "") \($0["done"] ?? "")" } == ["2026-11-28 true", "2026-12-05 false"])
    }
}
