import Foundation
import Testing
import TodoTestSupport

/// A PostgreSQL URL where a file is expected: this build has no driver, so every command refuses
/// it with one line (exit 1), shows it without its password, and never takes it for a path.
@Suite struct ServerURLTests {
    static let url = "postgres://ann:s3cret@db.example:5432/todo?sslmode=require"

    @Test(arguments: [["list"], ["add", "Inbox", "t"], ["db", "check"], ["db", "backup", "copy.db"], ["ui"], ["export"]])
    func everyCommandRefusesItWithoutShowingThePassword(arguments: [String]) throws {
        let todo = try TodoRunner()
        for result in [try todo.run(["--db", Self.url] + arguments), try todo.run(arguments, environment: ["TODO_DB": "postgresql://ann:s3cret@h/todo"])] {
            #expect(result.failedCleanly(with: 1, oneLine: true), "\(result.summary)")
            #expect(result.stderr.contains("cannot open a PostgreSQL database"), "\(result.stderr)")
            #expect(!result.stderr.contains("s3cret"))
        }
        let made = try FileManager.default.contentsOfDirectory(atPath: todo.directory.path).filter { !$0.hasPrefix(".") && $0 != "home" }
        #expect(made.isEmpty, "nothing was created for it: \(made)")
    }

    @Test func dbPathShowsItWithoutThePassword() throws {
        let todo = try TodoRunner()
        let text = try todo.run(["db", "path", "--db", Self.url])
        #expect(text.status == 0)
        #expect(text.stdout == "postgres://ann@db.example:5432/todo?sslmode=require\nchosen by --db; a PostgreSQL URL, which this todo cannot open yet\n")
        let json = try todo.jsonObject(["db", "path", "--db", "postgres://bob@h/x"])
        #expect(json["path"] as? String == "postgres://bob@h/x" && json["exists"] is NSNull)
    }
}
