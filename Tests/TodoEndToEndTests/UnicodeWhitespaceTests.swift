import Foundation
import Testing
import TodoCore
import TodoTestSupport

/// Whitespace in names and tags is Unicode's, in every importer as in every command: a word
/// ends at a no-break space, U+3000, U+0085, a vertical tab or a form feed as it does at a
/// space, so no import makes a list or tag that `todo db check` reports or an export cannot
/// bring back.
@Suite struct UnicodeWhitespaceTests {
    static let spaces: [Unicode.Scalar] = ["\u{A0}", "\u{3000}", "\u{85}", "\u{0B}", "\u{0C}", "\u{2003}", "\u{202F}"]

    static func exact(_ texts: [Any?]) -> [ExactText?] {
        texts.map { ($0 as? String).map(ExactText.init) }
    }

    @Test(arguments: Store.all, spaces)
    func aTodoTxtWordEndsAtEverySpace(_ store: Store, _ space: Unicode.Scalar) throws {
        let lines = [
            "call +\(space)mum @\(space)phone",  // `+` and `@` alone: no list, no tag
            "buy +Work\(space)milk @home\(space)now",  // the list Work and the tag home
            "x +\(space)+Home done",  // the first +project that has a name
        ]
        let todo = try TodoRunner(store)
        let result = try todo.run(["import", "--format", "todotxt"], stdin: Data(lines.joined(separator: "\n").utf8))
        #expect(result.status == 0, "\(result.summary)")

        let tasks = try todo.jsonArray(["export"])
        // The words read into the list and the tag leave the title, each with the space after it.
        #expect(Self.exact(tasks.map { $0["title"] }) == Self.exact([lines[0], "buy milk now", "+\(space)done"]),
                "titles are kept exactly but for the words read")
        #expect(Self.exact(tasks.map { $0["list"] }) == [ExactText("Inbox"), ExactText("Work"), ExactText("Home")])
        #expect(tasks.map { ($0["tags"] as? [Any]).map(Self.exact) } == [[], [ExactText("home")], []])
        try HistoryCommandTests.expectHealthy(todo)

        let copy = try TodoRunner(store)
        let imported = try copy.run(["import", "--keep-ids"], stdin: try todo.succeed(["export"]).stdoutBytes)
        #expect(imported.status == 0, "an export always imports back: \(imported.summary)")
    }

    @Test(arguments: Store.all, spaces)
    func csvTagsAreSeparatedByEverySpace(_ store: Store, _ space: Unicode.Scalar) throws {
        let todo = try TodoRunner(store)
        let csv = "list,title,tags\nHome,stamps,errand\(space)post\n"
        let result = try todo.run(["import", "--format", "csv"], stdin: Data(csv.utf8))
        #expect(result.status == 0, "\(result.summary)")
        #expect(try todo.jsonArray(["export"]).map { ($0["tags"] as? [Any]).map(Self.exact) } == [[ExactText("errand"), ExactText("post")]])
        try HistoryCommandTests.expectHealthy(todo)
    }
}
