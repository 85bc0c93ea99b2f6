import ArgumentParser
import PropertyBased
import Testing
import TodoCore
@testable import TodoCLI

/// The quick parser may decline any line, but whatever it accepts, ArgumentParser must read into
/// the very same settings and plan: it is a shortcut, never a second meaning.
@Suite struct QuickParserTests {
    /// A fixed moment, so relative dates read the same in both parsers.
    static let now = Due(date: CivilDate(year: 2026, month: 11, day: 21)!, minuteOfDay: 9 * 60 + 30)

    /// What ArgumentParser makes of a line, or nil when it refuses it.
    static func viaArgumentParser(_ arguments: [String]) -> (Settings, CommandPlan)? {
        guard let command = try? TodoCommand.parseAsRoot(arguments) as? any PlannedCommand,
              let plan = try? command.plan(at: now)
        else { return nil }
        return (command.global.settings, plan)
    }

    static func expectSameReading(_ arguments: [String]) {
        guard let quick = QuickParser.plan(arguments, at: now) else { return }
        let slow = viaArgumentParser(arguments)
        #expect(slow != nil, "the quick parser accepted \(arguments), ArgumentParser refuses it")
        #expect(slow?.0 == quick.0, "settings differ for \(arguments)")
        #expect(slow?.1 == quick.1, "plans differ for \(arguments)")
    }

    @Test(arguments: [
        ["list"], ["list", "--json"], ["list", "Inbox"], ["list", "Inbox", "--limit", "50"],
        ["list", "  Inbox ", "--all", "--sort", "priority", "--overdue", "--due-before", "fri", "--priority", "high"],
        ["list", "--db=/tmp/x.db", "Work", "--color", "always", "--no-color"],
        ["add", "Inbox", "oat milk"], ["add", "oat milk"], ["add", "Home", "buy", "oat", "milk"], ["add", "Inbox", "oat milk", "--due", "tomorrow", "--priority", "high", "--notes", ""],
        ["add", "-q", "Inbox", "x", "--dry-run", "--json"],
        ["done", "1", "2", "2"], ["undone", "3", "--quiet"], ["rm", "4", "--dry-run"], ["show", "5", "6", "--json"],
        ["add", "L", "t", "--tag", "a", "--tag", "B", "--tag", "a"], ["list", "L", "--tag", "a", "--tag", "b"],
        ["edit", "1", "--done"], ["edit", "1", "2", "--done", "-p", "h", "-d", "fri"], ["add", "Inbox", "x", "-t", "a", "-t", "b", "-p", "L"],
        ["list", "L", "-t", "a", "-p", "high"], ["edit", "2", "--title", "new", "--tag", "x", "--untag", "y", "--untag", "z", "--no-due"],
        ["edit", "3", "--list", "Work", "--priority", "low", "--repeat", "2w", "--repeat-from", "done", "-q"],
        ["show", "1", "--", "2"], ["add", "--tag", "t", "--", "-L", "--title"], ["done", "--", "-5"],
    ])
    func commonLinesTakeTheQuickPathAndReadTheSame(arguments: [String]) throws {
        let quick = try #require(QuickParser.plan(arguments, at: Self.now), "\(arguments) should not need ArgumentParser")
        let slow = try #require(Self.viaArgumentParser(arguments))
        #expect(slow.0 == quick.0)
        #expect(slow.1 == quick.1)
    }

    @Test(arguments: [
        ["list", "--help"], ["add"], ["add", "Inbox", "  "], ["done"], ["done", "-1"], ["done", "x"],
        ["list", "--limit", "-1"], ["list", "--all"], ["list", "X", "--sort", "size"], ["add", "L", "t", "--due", "someday"],
        ["list", "--db", ""], ["add", "L", "t", "--json", "--json"], ["edit", "1"],
        ["edit", "x", "--done"], ["edit", "1", "x", "--done"], ["edit", "1", "--title", "a", "--title", "b"],
        ["list", "--version"], ["add", "L", "t", "--notes", "-x"], ["frobnicate"], [],
    ])
    func unusualLinesAreLeftToArgumentParser(arguments: [String]) {
        #expect(QuickParser.plan(arguments, at: Self.now) == nil)
    }

    /// Tokens a line is made of: words, numbers, odd spacing, every option the quick parser knows
    /// and some it does not, values good and bad.
    static let tokens = [
        "list", "add", "done", "undone", "rm", "show", "Inbox", " Inbox ", "", " ", "x", "milk run", "42", "0", "-1", "+7", "007",
        "99999999999999999999", "Été", "a=b", "-", "--", "--db", "--db=", "--db=/tmp/t.db", "/tmp/t.db", "--color", "--color=never",
        "always", "never", "auto", "sometimes", "--json", "--json=1", "--no-color", "--all", "--overdue", "--sort", "--sort=title",
        "due", "priority", "created", "title", "size", "--due-before", "--priority", "high", "none", "urgent", "--limit", "--limit=3",
        "5", "--notes", "--due", "tomorrow", "fri", "+2w", "2026-02-30", "2026-12-01T09:30", "-q", "--quiet", "--dry-run",
        "--help", "-h", "--version", "-x", "--bogus", "--tag", "t", "T", "--untag", "--title", "--list", "--done", "--undone",
        "--no-due", "--repeat", "weekly", "--no-repeat", "edit", "-d", "-p", "-t", "-l", "h", "M", "complete", "delete", "remove",
        "yesterday", "-2d", "eom",
    ]

    @Test func everyShortLineReadsTheSameAndManyTakeTheQuickPath() {
        var accepted = 0
        for name in ["list", "add", "done", "undone", "rm", "show", "edit", "complete", "delete", "remove"] {
            for first in Self.tokens {
                for line in [[name, first], [name, first, "Inbox"], [name, "--json", first]] {
                    Self.expectSameReading(line)
                    if QuickParser.plan(line, at: Self.now) != nil { accepted += 1 }
                }
            }
        }
        #expect(accepted > 100, "only \(accepted) lines took the quick path: the check above proves little")
    }

    @Test func whateverTheQuickParserAcceptsArgumentParserReadsTheSame() async {
        let word = Gen<String?>.element(of: Self.tokens).map { $0 ?? "" }
        let command = Gen<String?>.element(of: ["list", "add", "done", "undone", "rm", "show", "edit", "complete", "delete"]).map { $0 ?? "list" }
        await propertyCheck(count: 3000, input: command, word.array(of: 0...6)) { name, rest in
            Self.expectSameReading([name] + rest)
        }
    }
}
