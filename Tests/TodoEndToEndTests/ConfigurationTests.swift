import Foundation
import Testing
import TodoTestSupport

/// Which database a command uses: `--db` > `TODO_DB` > `TODO_DB` in ./.env > XDG_DATA_HOME > HOME.
@Suite struct ConfigurationTests {
    /// Adds a task with the given configuration and reports which candidate file got it.
    func databaseUsed(flag: Bool, environment: Bool, dotEnv: Bool, xdg: Bool) throws -> String {
        let todo = try TodoRunner()
        let files = [
            "flag": todo.directory.path("flag/flag.db"),
            "env": todo.directory.path("env/env.db"),
            "dotenv": todo.directory.path("dotenv/dotenv.db"),
            "xdg": todo.directory.path("xdg/todo/todo.db"),
            "home": todo.directory.path("home/.local/share/todo/todo.db"),
        ]
        let work = todo.directory.path("work")
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        if dotEnv {
            try "# settings\nexport TODO_DB=\"\(files["dotenv"]!)\"\nOTHER=1\n".write(toFile: work + "/.env", atomically: false, encoding: .utf8)
        }
        let result = try todo.run(
            ["add", "Inbox", "where am I"] + (flag ? ["--db", files["flag"]!] : []),
            environment: ["TODO_DB": environment ? files["env"]! : nil, "XDG_DATA_HOME": xdg ? todo.directory.path("xdg") : nil],
            in: work)
        #expect(result.status == 0, "\(result.stderr)")
        let used = files.filter { FileManager.default.fileExists(atPath: $0.value) }.map(\.key)
        #expect(used.count == 1, "created \(used)")
        return used.first ?? "none"
    }

    @Test func theFlagWinsOverEverything() throws {
        #expect(try databaseUsed(flag: true, environment: true, dotEnv: true, xdg: true) == "flag")
    }

    @Test func theEnvironmentWinsOverDotEnv() throws {
        #expect(try databaseUsed(flag: false, environment: true, dotEnv: true, xdg: true) == "env")
    }

    @Test func dotEnvWinsOverTheDefault() throws {
        #expect(try databaseUsed(flag: false, environment: false, dotEnv: true, xdg: true) == "dotenv")
    }

    @Test func xdgDataHomeIsTheDefault() throws {
        #expect(try databaseUsed(flag: false, environment: false, dotEnv: false, xdg: true) == "xdg")
    }

    @Test func homeIsTheLastResort() throws {
        #expect(try databaseUsed(flag: false, environment: false, dotEnv: false, xdg: false) == "home")
    }

    @Test func optionsForEveryCommandMayComeBeforeTheCommand() throws {
        let todo = try TodoRunner()
        let other = todo.directory.path("other.db")
        #expect(try todo.run(["--db", other, "add", "Inbox", "x"]).status == 0)
        let lists = try todo.run(["--json", "--db=\(other)", "list"])
        #expect(try lists.jsonArray().map { $0["name"] as? String } == ["Inbox"])
        #expect(try todo.run(["--no-color", "--db", other, "--json", "db", "path"]).jsonObject()["source"] as? String == "flag")
        #expect(try todo.run(["--json", "--db", other, "Inbox"]).jsonArray().count == 1, "through the default command too")
        #expect(try todo.run(["--db", other, "--bogus", "list"]).status == 64, "anything else is ArgumentParser's to judge")
        #expect(!FileManager.default.fileExists(atPath: todo.databasePath), "the default database was never used")
    }

    /// `--option=value` whose value begins with a combining mark: `=` and the mark are one
    /// Character, so the option was not split from its value ("Unknown option '--notes=́y'").
    /// It is split by scalar, before the command and after it, and kept out of the history.
    @Test func anOptionJoinedToAValueThatBeginsWithACombiningMarkIsRead() throws {
        let todo = try TodoRunner()
        let other = todo.directory.path("\u{301}other.db")
        let added = try todo.run(["--db=\(other)", "add", "Inbox", "x", "--notes=\u{301}y"])
        #expect(added.status == 0, "\(added.summary)")
        #expect(try todo.run(["edit", "1", "--title=\u{301}z", "--db=\(other)"]).status == 0)
        let task = try #require(try todo.jsonArray(["show", "1", "--db", other]).first)
        #expect([task["title"], task["notes"]].map { Array(($0 as? String ?? "").unicodeScalars) } == [["\u{301}", "z"], ["\u{301}", "y"]])
        let history = try todo.jsonArray(["history", "--db", other]).compactMap { $0["command"] as? String }
        #expect(history.count == 2 && history.allSatisfy { !$0.contains("other.db") }, "\(history)")
        #expect(!FileManager.default.fileExists(atPath: todo.databasePath), "the default database was never used")
    }

    @Test func todoSyncIsNormalOrFull() throws {
        let todo = try TodoRunner()
        for value in ["normal", "full"] {
            #expect(try todo.run(["add", "Inbox", value], environment: ["TODO_SYNC": value]).status == 0)
        }
        let before = try databaseSnapshot(todo.databasePath)
        let refused = try todo.run(["add", "Inbox", "x"], environment: ["TODO_SYNC": "sometimes"])
        #expect(refused.status == 64)
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderr == "Error: TODO_SYNC must be normal or full, not 'sometimes'\n")
        #expect(try databaseSnapshot(todo.databasePath) == before)
    }

    @Test func missingParentDirectoriesAreCreated() throws {
        let todo = try TodoRunner()
        let path = todo.directory.path("a/b/c/todo.db")
        #expect(try todo.run(["new-list", "Inbox", "--db", path]).status == 0)
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test func anUncreatableParentIsOneClearError() throws {
        let todo = try TodoRunner()
        let blocker = todo.directory.path("file")
        _ = FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8))
        let result = try todo.run(["add", "Inbox", "x", "--db", blocker + "/sub/todo.db"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("Error: cannot open the database"))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    }
}
