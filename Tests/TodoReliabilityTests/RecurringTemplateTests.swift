import Foundation
import Testing
import TodoTestSupport

/// Taskwarrior's recurring templates are matched with their pending instances a group at a
/// time, reading the file again for each group (a pipe copied first), never all of them held:
/// 200,000 templates took 300 MB. 60,000 series make three groups.
@Suite struct RecurringTemplateTests {
    static func export(series: Int, orphans: Int) -> Data {
        var lines: [String] = []
        for number in 0..<series {
            let uuid = String(format: "%08x-0000-4000-8000-%012x", number, number)
            // The instance first for half of them: a template may come after its instances.
            let template = #"{"uuid":"\#(uuid)","description":"series \#(number)","status":"recurring","recur":"weekly","due":"20270101T000000Z"}"#
            let instance = #"{"uuid":"\#(uuid.dropLast(4))ffff","description":"series \#(number)","status":"pending","parent":"\#(uuid)","recur":"weekly","due":"2027010\#(number % 2 == 0 ? 8 : 4)T000000Z"}"#
            lines += number % 2 == 0 ? [template, instance] : [instance, template]
        }
        for number in 0..<orphans {
            lines.append(#"{"description":"orphan \#(number)","status":"pending","parent":"no-such-template-\#(number)","due":"20270201T000000Z"}"#)
        }
        lines.append(#"{"description":"plain","status":"pending"}"#)
        return Data((lines.joined(separator: "\n") + "\n").utf8)
    }

    @Test(arguments: ["stdin", "file"])
    func manySeriesAreMatchedAGroupAtATime(_ input: String) throws {
        let todo = try TodoRunner()
        let data = Self.export(series: 60_000, orphans: 3)
        let result: RunResult
        if input == "file" {
            let path = todo.directory.path("export.json")
            try data.write(to: URL(fileURLWithPath: path))
            result = try todo.run(["import", path, "--format", "taskwarrior"])
        } else {
            result = try todo.run(["import", "--format", "taskwarrior"], stdin: data)
        }
        #expect(result.status == 0 && result.stdout == "Imported 60004 tasks: 60004 new, 0 updated, 0 unchanged (1 new list).\n", "\(result.summary)")
        let db = Database(path: todo.databasePath)
        // One task per series, repeating, due when its pending instance is; the orphans kept.
        #expect(try db.count("SELECT count(*) FROM tasks WHERE title LIKE 'series %' AND repeat = '1w'") == 60_000)
        #expect(try db.count("SELECT count(*) FROM tasks WHERE title LIKE 'series %' AND due = '2027-01-08'") == 30_000)
        #expect(try db.count("SELECT count(*) FROM tasks WHERE title LIKE 'series %' AND due = '2027-01-04'") == 30_000)
        #expect(try db.count("SELECT count(*) FROM tasks WHERE title LIKE 'orphan %' AND repeat IS NULL") == 3)
        #expect(try db.count("SELECT count(DISTINCT title) FROM tasks") == 60_004)
    }
}
