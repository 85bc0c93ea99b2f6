import Foundation
import Testing
import TodoTestSupport

/// `todo export` and `todo import`: formats, the round trip, and all-or-nothing imports.
@Suite struct ExportImportTests {
    /// A database with every field set somewhere, odd characters, done tasks and a deleted id.
    static func richDatabase(_ store: Store) throws -> TodoRunner {
        let todo = try TodoRunner(store)
        try todo.add("Groceries", "oat milk, \"barista\"", ["--notes", "line one\nline two\r\n, \"quoted\"", "--due", "2026-11-22T09:30", "--priority", "high"])
        try todo.add("Ünïcödé ☕️ 한국어", "tab\there \u{1B}[31m esc", ["--due", "2026-12-01", "--priority", "low"])
        let gone = try todo.add("Work", "deleted later")
        let done = try todo.add("Work", "finished", ["--priority", "medium", "--notes", ""])
        // A quote and a comma that a combining mark follows: one Character each, but a CSV
        // reader sees the quote and the comma.
        try todo.add("Work", "emoji 👩‍👩‍👧 and back\\slash, \"\u{301}quoted\" ,\u{301}comma")
        try todo.run(["done", String(done)])
        try todo.run(["rm", String(gone)])
        return todo
    }

    @Test(arguments: Store.all, ["ndjson", "json", "csv"])
    func exportThenImportKeepingIdsReproducesEveryField(_ store: Store, format: String) throws {
        let source = try Self.richDatabase(store)
        let exported = try source.run(["export", "--format", format])
        #expect(exported.status == 0)

        let target = try TodoRunner(store)
        let imported = try target.run(["import", "--format", format, "--keep-ids", "--json"], stdin: exported.stdoutBytes)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try imported.jsonObject()["imported"] as? Int == 4)
        #expect(try imported.jsonObject()["lists_created"] as? Int == 3)

        #expect(try target.run(["export"]).stdout == source.run(["export"]).stdout)
        #expect(try target.run(["export", "--format", format]).stdout == exported.stdout)
    }

    @Test(arguments: Store.all) func formatsHaveTheDocumentedShape(_ store: Store) throws {
        let todo = try Self.richDatabase(store)
        let ndjson = try todo.run(["export"]).stdout
        let lines = ndjson.split(separator: "\n")
        #expect(lines.count == 4)
        let ids = try lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }.map { $0?["id"] as? Int }
        #expect(ids == [1, 2, 4, 5], "every task, done ones too, in id order")

        let array = try todo.jsonArray(["export"])  // --json means --format json
        #expect(array.map { $0["id"] as? Int } == ids)
        #expect(try todo.run(["export", "--json", "--format", "csv"]).status == 64)

        let csv = try todo.run(["export", "--format", "csv"]).stdout
        #expect(csv.hasPrefix("id,uuid,list,title,notes,due,priority,done,created_at,updated_at,completed_at,tags,repeat,repeat_from\r\n"))
        #expect(csv.contains("\"oat milk, \"\"barista\"\"\""), "quotes doubled, field quoted")
        #expect(csv.contains(",\"line one\nline two\r\n, \"\"quoted\"\"\","), "line breaks kept inside quotes")

        let work = try todo.jsonArray(["export", "--list", "work", "--format", "json"])
        #expect(work.map { $0["list"] as? String } == ["Work", "Work"])
        #expect(try todo.run(["export", "--list", "Nope"]).status == 1)
    }

    @Test(arguments: Store.all) func anEmptyDatabaseExportsAnEmptyDocument(_ store: Store) throws {
        let todo = try TodoRunner(store)
        #expect(try todo.run(["export"]).stdout == "")
        #expect(try todo.run(["export", "--json"]).stdout == "[]\n")
        #expect(try todo.run(["export", "--format", "csv"]).stdout == "id,uuid,list,title,notes,due,priority,done,created_at,updated_at,completed_at,tags,repeat,repeat_from\r\n")
    }

    @Test(arguments: Store.all) func onlyListAndTitleAreRequired(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let input = "{\"list\":\" Inbox \",\"title\":\"bare\"}\n\n{\"list\":\"inbox\",\"title\":\"done one\",\"done\":true,\"future_field\":[1,{\"x\":null}]}\n"
        let result = try todo.run(["import"], stdin: Data(input.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Imported 2 tasks: 2 new, 0 updated, 0 unchanged (1 new list).\n")
        let tasks = try todo.jsonArray(["list", "Inbox", "--all"])
        #expect(tasks.map { $0["title"] as? String } == ["bare", "done one"])
        #expect(tasks[0]["priority"] as? String == "none")
        #expect(tasks[1]["completed_at"] is String)
    }

    @Test(arguments: Store.all) func aFileArgumentAndItsExtensionChooseTheFormat(_ store: Store) throws {
        let source = try Self.richDatabase(store)
        let file = source.directory.path("tasks.csv")
        try source.run(["export", "--format", "csv"]).stdoutBytes.write(to: URL(fileURLWithPath: file))
        let target = try TodoRunner(store)
        let result = try target.run(["import", file, "--keep-ids"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try target.run(["export"]).stdout == source.run(["export"]).stdout)

        let missing = try target.run(["import", source.directory.path("nope.ndjson")])
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("Error: cannot read"))
    }

    static let badRecords: [(String, String)] = [
        ("{\"list\":\"A\",\"title\":\"x\",\"due\":\"2026-02-30\"}", "\"due\""),
        ("{\"list\":\"A\",\"title\":\"x\",\"priority\":\"urgent\"}", "\"priority\""),
        ("{\"list\":\"A\"}", "\"title\" is missing"),
        ("{\"title\":\"x\"}", "\"list\" is missing"),
        ("{\"list\":\"  \",\"title\":\"x\"}", "\"list\""),
        ("{\"list\":\"A\",\"title\":\"   \"}", "\"title\""),
        ("{\"list\":\"A\",\"title\":\"x\",\"done\":\"yes\"}", "\"done\""),
        ("{\"list\":\"A\",\"title\":\"x\",\"created_at\":\"yesterday\"}", "\"created_at\""),
        ("{\"list\":\"A\",\"title\":\"x\",\"completed_at\":\"2026-11-21T09:30:00Z\"}", "\"completed_at\""),
        ("{\"list\":\"A\",\"title\":\"x\",\"id\":1.5}", "\"id\""),
        ("{\"list\":\"A\",\"title\":3}", "\"title\""),
        ("{\"list\":\"A\",\"title\":\"x\"", "not valid JSON"),
        ("[{\"list\":\"A\",\"title\":\"x\"}]", "JSON object"),
        ("{\"list\":\"A\",\"title\":\"\\ud800\"}", "surrogate"),
    ]

    @Test(arguments: Store.all, badRecords)
    func aBadRecordInTheMiddleImportsNothing(_ store: Store, _ example: (record: String, complaint: String)) throws {
        let (record, complaint) = example
        let todo = try TodoRunner(store)
        try todo.add("Existing", "keep me")
        let before = try databaseSnapshot(todo)
        let input = "{\"list\":\"A\",\"title\":\"first\"}\n{\"list\":\"B\",\"title\":\"second\"}\n\(record)\n{\"list\":\"C\",\"title\":\"last\"}\n"
        let result = try todo.run(["import"], stdin: Data(input.utf8))
        #expect(result.status == 65, "\(record): \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("Error: line 3: "), "\(result.stderr)")
        #expect(result.stderr.contains(complaint), "\(result.stderr)")
        #expect(try databaseSnapshot(todo) == before)
    }

    @Test(arguments: Store.all) func badCSVAndJSONRecordsNameTheirLine(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let csv = "list,title,due\nA,one,\nA,\"two\nlines\",\nA,three,someday\n"
        let csvResult = try todo.run(["import", "--format", "csv"], stdin: Data(csv.utf8))
        #expect(csvResult.status == 65)
        #expect(csvResult.stderr.hasPrefix("Error: line 5: \"due\""), "\(csvResult.stderr)")

        let json = "[\n  {\"list\": \"A\", \"title\": \"one\"},\n  {\"list\": \"A\",\n   \"title\": 7}\n]"
        let jsonResult = try todo.run(["import", "--format", "json"], stdin: Data(json.utf8))
        #expect(jsonResult.status == 65)
        #expect(jsonResult.stderr.hasPrefix("Error: line 3: \"title\""), "\(jsonResult.stderr)")
        #expect(try todo.jsonArray(["list"]).isEmpty)
    }

    @Test(arguments: Store.all) func keepIdsRefusesAnyIdEverAssigned(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let first = try todo.add("Inbox", "one")
        let second = try todo.add("Inbox", "two")
        try todo.run(["rm", String(second)])
        let before = try databaseSnapshot(todo)

        for id in [first, second] {
            let input = "{\"id\":\(second + 10),\"list\":\"A\",\"title\":\"fine\"}\n{\"id\":\(id),\"list\":\"A\",\"title\":\"taken\"}\n"
            let result = try todo.run(["import", "--keep-ids"], stdin: Data(input.utf8))
            #expect(result.status == 1, "id \(id): \(result.stderr)")
            #expect(result.stderr.hasPrefix("Error: line 2: task id \(id) is not above the highest id"))
            #expect(try databaseSnapshot(todo) == before)
        }

        let duplicate = "{\"id\":50,\"list\":\"A\",\"title\":\"a\"}\n{\"id\":50,\"list\":\"A\",\"title\":\"b\"}\n"
        #expect(try todo.run(["import", "--keep-ids"], stdin: Data(duplicate.utf8)).status == 65)
        #expect(try todo.run(["import", "--keep-ids"], stdin: Data("{\"list\":\"A\",\"title\":\"no id\"}\n".utf8)).status == 65)

        let fresh = "{\"id\":77,\"list\":\"A\",\"title\":\"kept\"}\n"
        #expect(try todo.run(["import", "--keep-ids"], stdin: Data(fresh.utf8)).status == 0)
        #expect(try todo.jsonArray(["show", "77"]).first?["title"] as? String == "kept")
        // Without --keep-ids the file's ids are ignored and new ones assigned.
        #expect(try todo.run(["import"], stdin: Data("{\"id\":\(first),\"list\":\"A\",\"title\":\"new id\"}\n".utf8)).status == 0)
        #expect(try todo.jsonArray(["search", "new id"]).first?["id"] as? Int == 78)
    }
}
