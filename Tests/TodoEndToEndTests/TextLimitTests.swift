import Foundation
import Testing
import TodoTestSupport

/// Every task todo keeps can be exported and imported again: a title of 100,000 control
/// characters used to be accepted and then refused by `export | import --keep-ids` (each one
/// takes six bytes in JSON, so the record passed 1 MiB). todo keeps at most 163,840 bytes of a
/// task's title, notes and tags, and 1,024 of a list's name (docs/manual.md), which any export fits.
@Suite struct TextLimitTests {
    static let limit = 160 << 10
    /// The largest title and notes todo accepts, every byte one JSON escapes to six.
    static let title = String(repeating: "\u{1}", count: 100_000)
    static let notes = String(repeating: "\u{1B}", count: limit - 100_000)

    @Test(arguments: Store.all)
    func theLargestTaskTodoKeepsGoesOutAndBackExactly(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let id = try todo.add("L", Self.title, ["--notes", Self.notes])
        let exported = try todo.succeed(["export"])
        #expect(exported.stdoutBytes.count > 900_000, "each byte escaped: \(exported.stdoutBytes.count)")
        let copy = try TodoRunner()
        let imported = try copy.run(["import", "--keep-ids"], stdin: exported.stdoutBytes)
        #expect(imported.status == 0, "\(imported.summary)")
        let task = try #require(try copy.jsonArray(["show", String(id)]).first)
        #expect(task["title"] as? String == Self.title && task["notes"] as? String == Self.notes)
        try copy.succeed(["db", "check"])
    }

    @Test(arguments: Store.all)
    func oneByteMoreIsRefusedWhereverItComesFrom(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let id = try todo.add("L", Self.title, ["--notes", String(Self.notes.dropFirst())])
        let before = try databaseSnapshot(todo)
        let refused: [[String]] = [
            ["add", "L", Self.title, "--notes", Self.notes + "x"],
            ["add", "L", Self.title, "--notes", Self.notes, "--tag", "t"],
            ["edit", String(id), "--notes", Self.notes + "x"],
            ["edit", String(id), "--tag", "ab"],
            ["new-list", String(repeating: "n", count: 1025)],
            ["rename-list", "L", String(repeating: "é", count: 513)],
            ["add", String(repeating: "n", count: 1025), "t"],
        ]
        for arguments in refused {
            let result = try todo.run(arguments)
            #expect(result.failedCleanly(with: 64, oneLine: arguments[0] == "edit"), "\(result.summary)")
            #expect(result.stderr.contains("hold"), "\(result.summary)")
        }
        #expect(try databaseSnapshot(todo) == before)
        // Exactly at the limit is kept.
        try todo.succeed(["edit", String(id), "--notes", Self.notes])
        try todo.succeed(["new-list", String(repeating: "n", count: 1024)])
        // Written past it by hand: db check says so.
        try editByHand(todo, "UPDATE tasks SET notes = notes || 'xx' WHERE id = \(id)")
        let check = try todo.run(["db", "check"])
        #expect(check.status == 1 && check.stderr.contains("task \(id): its title, notes and tags have 163842 bytes"), "\(check.summary)")
    }

    @Test(arguments: Store.all)
    func anImportRecordWithMoreIsRefusedNamingItsLine(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let long = String(repeating: "a", count: Self.limit + 1)
        let records = [
            #"{"list":"L","title":"fine"}"#,
            #"{"list":"L","title":"\#(long)"}"#,
        ]
        let result = try todo.run(["import"], stdin: Data((records.joined(separator: "\n") + "\n").utf8))
        #expect(result.failedCleanly(with: 65, oneLine: true), "\(result.summary)")
        #expect(result.stderr.hasPrefix("Error: line 2: a task's title, notes and tags hold at most 163840 bytes"), "\(result.summary)")
        let list = #"{"list":"\#(String(repeating: "l", count: 1025))","title":"t"}"# + "\n"
        let refused = try todo.run(["import"], stdin: Data(list.utf8))
        #expect(refused.failedCleanly(with: 65, oneLine: true) && refused.stderr.contains("list's name"), "\(refused.summary)")
    }
}
