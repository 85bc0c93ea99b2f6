import Testing
@testable import TodoCLI

/// Values that start with `-` are values where a value is expected, and never a bundle of
/// short flags; anything else that starts with `-` and is not an option is a usage error.
@Suite struct DashArgumentsTests {
    @Test(arguments: [
        (["add", "Work", "-5 pushups"], ["add", "--", "Work", "-5 pushups"]),
        (["add", "-q", "Work", "-think about health"], ["add", "-q", "--", "Work", "-think about health"]),
        (["add", "-x", "-y", "--json"], ["add", "--json", "--", "-x", "-y"]),
        (["add", "W", "t", "--notes", "-n", "--tag", "-t"], ["add", "--notes=-n", "--tag=-t", "W", "t"]),
        (["list", "Work", "--due-before", "-3d"], ["list", "--due-before=-3d", "Work"]),
        (["done", "-5", "7"], ["done", "--", "-5", "7"]),
        (["search", "-foo", "--all"], ["search", "--all", "--", "-foo"]),
        (["-groceries"], ["list", "--", "-groceries"]),
        (["db", "backup", "-x.db"], ["db", "backup", "--", "-x.db"]),
    ])
    func valuesThatStartWithADashAreValues(typed: [String], parsed: [String]) throws {
        #expect(try DashArguments.separated(typed) == parsed)
    }

    @Test(arguments: [
        ["add", "Work", "title"], ["add", "Work", "t", "--notes", "n"], ["--json"], ["list", "-h"],
        ["add", "Work", "-h"], ["help", "add"], ["--version"], ["db"], [], ["add", "W", "t", "--notes"],
        ["add", "W", "t", "--db=x.db"], ["import", "-"], ["rename-list", "Work", "--", "--x"],
    ])
    func everythingElseIsLeftAsTyped(typed: [String]) throws {
        #expect(try DashArguments.separated(typed) == typed)
    }

    @Test(arguments: [
        (["new-list", "Work", "-x"], "Unknown option '-x'. (A value that starts with '-' goes after '--'.)"),
        (["agenda", "-5"], "Unknown option '-5'. (A value that starts with '-' goes after '--'.)"),
        (["add", "Work", "--prioirty", "high"], "Unknown option '--prioirty'. Did you mean '--priority'? (A value that starts with '-' goes after '--'.)"),
        (["add", "--title", "Work", "x"], "Unknown option '--title'. (A value that starts with '-' goes after '--'.)"),
        (["tags", "-qj"], "Unknown option '-qj'. (A value that starts with '-' goes after '--'.)"),
    ])
    func anythingElseThatStartsWithADashIsAUsageError(typed: [String], message: String) {
        #expect(throws: UsageError.self) { try DashArguments.separated(typed) }
        do {
            _ = try DashArguments.separated(typed)
        } catch {
            #expect(error.message == message)
        }
    }
}
