import Testing
@testable import TodoCLI

/// Options every command takes, typed before the command, are moved after it.
@Suite struct LeadingOptionsTests {
    @Test(arguments: [
        (["--db", "x.db", "add", "Inbox", "t"], ["add", "--db", "x.db", "Inbox", "t"]),
        (["--json", "--color=never", "list", "Inbox"], ["list", "--json", "--color=never", "Inbox"]),
        (["--json", "db", "check"], ["db", "check", "--json"]),
        (["--no-color", "db"], ["db", "--no-color"]),
        (["--db", "x.db", "show", "1", "--", "2"], ["show", "--db", "x.db", "1", "--", "2"]),
    ])
    func leadingOptionsFollowTheCommand(typed: [String], parsed: [String]) {
        #expect(LeadingOptions.moved(typed) == parsed)
    }

    @Test(arguments: [
        ["list", "--json"], ["--json"], ["--json", "Groceries"], ["--db", "x.db", "--help", "list"],
        ["--bogus", "list"], ["--db"], ["-q", "add", "L", "t"], [],
    ])
    func everythingElseIsLeftAsTyped(typed: [String]) {
        #expect(LeadingOptions.moved(typed) == typed)
    }
}
