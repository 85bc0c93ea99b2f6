import Foundation
import Testing
import TodoTestSupport

/// A database location is always a path to a file. SQLite reads `:memory:` as a database in
/// memory and (as Debian builds it) `file:...` as a URI: todo used to say `Added 1` there and
/// keep nothing, and `file:/x/y.db` made the folders `./file:/x/`.
@Suite struct SpecialNameTests {
    static let specialNames = [":memory:", "file:/x/y.db?mode=memory", "file:todo.db", "file::memory:?cache=shared"]

    @Test(arguments: specialNames)
    func aNameSQLiteReadsAsNoFileIsRefusedFromEverySource(_ name: String) throws {
        let todo = try TodoRunner()
        let work = todo.directory.path("work")
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let sources: [(arguments: [String], environment: [String: String?])] = [
            (["--db", name], [:]), ([], ["TODO_DB": name]), ([], ["TODO_DB": nil, "DOTENV": "1"]),
        ]
        for (arguments, environment) in sources {
            if environment["DOTENV"] != nil {
                try "TODO_DB=\(name)\n".write(toFile: work + "/.env", atomically: false, encoding: .utf8)
            }
            for command in [["add", "Work", "kept?"], ["list"], ["db", "path"], ["import"]] {
                let result = try todo.run(command + arguments, stdin: Data("{\"list\":\"L\",\"title\":\"t\"}\n".utf8),
                                          environment: environment.filter { $0.key != "DOTENV" }, in: work)
                #expect(result.failedCleanly(with: 1, oneLine: true), "\(result.summary)")
                #expect(result.stderr.contains("SQLite reads"), "\(result.summary)")
            }
        }
        // Nothing was made: no file, no `file:` folder.
        #expect(try FileManager.default.contentsOfDirectory(atPath: work) == [".env"])
    }

    @Test func aFileNamedSoIsReachedThroughItsPath() throws {
        let todo = try TodoRunner()
        let work = todo.directory.path("work")
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let added = try todo.run(["add", "Work", "kept", "--db", "./:memory:"], in: work)
        #expect(added.status == 0, "\(added.summary)")
        let listed = try todo.run(["list", "Work", "--json", "--db", work + "/:memory:"])
        #expect(try listed.jsonArray().map { $0["title"] as? String } == ["kept"])
    }

    @Test(arguments: specialNames)
    func aBackupIsNeverWrittenWhereItWouldNotBeKept(_ name: String) throws {
        let todo = try TodoRunner()
        try todo.add("Work", "kept")
        let work = todo.directory.path("work")
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let result = try todo.run(["db", "backup", "--db", todo.databasePath, name], in: work)
        #expect(result.failedCleanly(with: 1, oneLine: true), "\(result.summary)")
        #expect(result.stderr.contains("SQLite reads"), "\(result.summary)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: work) == [])
    }
}
