import Foundation
import Testing
import TodoTestSupport

/// Tags are told apart in constant time each: one record of 90,000 tags took two minutes to
/// import and 20,000 `--tag` options 24 s (each tag compared with every one before it, and
/// ArgumentParser copying every repeat). At 100,000 a quadratic step would not finish here.
@Suite struct ManyTagsTests {
    /// `count` tags cycling through 1,000 spellings (every tenth in capitals: the same tag).
    static func tags(_ count: Int) -> [String] {
        (0..<count).map { $0 % 10 == 0 ? "TAG\($0 % 1000)" : "tag\($0 % 1000)" }
    }

    @Test func tenThousandsOfTagOptionsAreOneTagEach() throws {
        let todo = try TodoRunner()
        // As many as one command line holds (ARG_MAX): 40,000 options, 80,000 arguments.
        let options = Self.tags(40_000).flatMap { ["--tag", $0] }
        let id = try todo.add("L", "many", options)
        let tags = try #require(try todo.jsonArray(["show", String(id)]).first?["tags"] as? [String])
        #expect(tags.count == 1000 && tags.contains("TAG0") && !tags.contains("tag0"), "\(tags.prefix(5))")
        try todo.succeed(["edit", String(id)] + Self.tags(40_000).flatMap { ["--untag", $0] })
        #expect(try todo.jsonArray(["show", String(id)]).first?["tags"] as? [String] == [])
    }

    @Test func aRecordOfAHundredThousandTagsIsRead() throws {
        let todo = try TodoRunner()
        let tags = Self.tags(100_000).map { "\"\($0)\"" }.joined(separator: ",")
        let ndjson = #"{"list":"L","title":"many","tags":[\#(tags)]}"# + "\n"
        let imported = try todo.run(["import"], stdin: Data(ndjson.utf8))
        #expect(imported.status == 0, "\(imported.summary)")
        let taskwarrior = #"{"description":"many","tags":[\#(tags)]}"# + "\n"
        let fromTaskwarrior = try todo.run(["import", "--format", "taskwarrior"], stdin: Data(taskwarrior.utf8))
        #expect(fromTaskwarrior.status == 0, "\(fromTaskwarrior.summary)")
        // The @words read into tags leave the title: the line is the task "many" with its tags.
        let todoTxt = Self.tags(100_000).map { "@" + $0 }.joined(separator: " ")
        let fromTodoTxt = try todo.run(["import", "--format", "todotxt"], stdin: Data(("many " + todoTxt + "\n").utf8))
        #expect(fromTodoTxt.status == 0, "\(fromTodoTxt.summary)")
        for task in try todo.jsonArray(["list", "L"]) + todo.jsonArray(["list", "Inbox"]) {
            #expect((task["tags"] as? [String])?.count == 1000, "\(task["id"] ?? "")")
        }
    }
}
