import Foundation
import Testing
import TodoTestSupport

/// The history keeps at most 4 KiB of a command line, and counts the rest: `todo done` of
/// 100,000 ids was 590 KB in every listing of the history and in the file for each change kept.
@Suite struct LongCommandHistoryTests {
    @Test func aLongCommandIsKeptToItsFirstWordsAndTheRestCounted() throws {
        let todo = try TodoRunner()
        let imported = try todo.run(["import"], stdin: Data((1...3000).map { #"{"list":"L","title":"t \#($0)"}"# }.joined(separator: "\n").utf8))
        #expect(imported.status == 0, "\(imported.summary)")
        try todo.succeed(["done", "-q"] + (1...3000).map(String.init))
        let entry = try #require(try todo.jsonArray(["history", "--limit", "1"]).first)
        let command = try #require(entry["command"] as? String)
        #expect(command.hasPrefix("done 1 2 3 "), "\(command.prefix(40))")
        #expect(command.utf8.count <= 4096 + 40, "\(command.utf8.count) bytes")
        let kept = command.split(separator: " ").count - 5  // "done", then the ids, then "…", "(N", "more", "arguments)"
        #expect(command.hasSuffix(" … (\(3000 - kept) more arguments)"), "\(command.suffix(60))")
        #expect(entry["summary"] as? String == "marked 3000 tasks done")
    }
}
