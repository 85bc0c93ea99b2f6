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
            try "# settings\nexport TODO_DB=\"\(files["dotenv"]!)\"\nOTHER=1\n".write(toFile: work + "/.env", atomically: true, encoding: .utf8)
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

    @Test func missingParentDirectoriesAreCreated() throws {
        let todo = try TodoRunner()
        let path = todo.directory.path("a/b/c/todo.db")
        #expect(try todo.run(["list", "--db", path]).status == 0)
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test func anUncreatableParentIsOneClearError() throws {
        let todo = try TodoRunner()
        let blocker = todo.directory.path("file")
        _ = FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8))
        let result = try todo.run(["list", "--db", blocker + "/sub/todo.db"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("Error: cannot open the database"))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    }
}
