import Foundation
import Testing
import TodoTestSupport

/// A PostgreSQL URL for the database. A build without the PostgreSQL trait refuses it on every
/// command with one line (exit 1) saying how to get a build that opens it; a build with it
/// cannot reach this one (nothing listens on port 1) and says so in one line. Either way the
/// password is never shown and the URL is never taken for a file path.
@Suite struct ServerURLTests {
    static let url = "postgres://ann:s3cret@127.0.0.1:1/todo?sslmode=disable"

    #if PostgreSQL
    static let expected = "cannot connect to postgres://ann@127.0.0.1:1/todo?sslmode=disable: nothing is listening there"
    static let commands = [["list"], ["add", "Inbox", "t"], ["export"], ["db", "check"], ["db", "backup", "copy.db"]]
    #else
    static let expected = "this todo cannot open a PostgreSQL database (postgres://ann@127.0.0.1:1/todo?sslmode=disable): it was built for SQLite files only; build it with `swift build -c release --traits PostgreSQL`"
    static let commands = [["list"], ["add", "Inbox", "t"], ["ui"], ["export"], ["db", "check"], ["db", "backup", "copy.db"]]
    #endif

    @Test(arguments: commands)
    func everyCommandRefusesItInOneLineWithoutThePassword(arguments: [String]) throws {
        let todo = try TodoRunner()
        for result in [try todo.run(["--db", Self.url] + arguments), try todo.run(arguments, environment: ["TODO_DB": Self.url])] {
            #expect(result.failedCleanly(with: 1, oneLine: true), "\(result.summary)")
            #expect(result.stderr.contains(Self.expected), "\(result.stderr)")
            #expect(!result.stderr.contains("s3cret"))
        }
        let made = try FileManager.default.contentsOfDirectory(atPath: todo.directory.path).filter { !$0.hasPrefix(".") && $0 != "home" }
        #expect(made.isEmpty, "nothing was created for it: \(made)")
    }

    @Test func dbPathShowsItWithoutThePassword() throws {
        let todo = try TodoRunner()
        let text = try todo.run(["db", "path", "--db", "postgres://ann:s3cret@db.example:5432/todo?sslmode=require"])
        #expect(text.status == 0)
        #if PostgreSQL
        let note = "; a PostgreSQL database"
        #else
        let note = "; a PostgreSQL database, which this todo cannot open (built without PostgreSQL)"
        #endif
        #expect(text.stdout == "postgres://ann@db.example:5432/todo?sslmode=require\nchosen by --db\(note)\n")
        // libpq takes the password as a parameter too; it is not shown either.
        for parameter in ["password=s3cret", "pass%77ord=s3cret"] {
            let given = try todo.run(["db", "path", "--db", "postgres://ann@db.example/todo?sslmode=require&\(parameter)&connect_timeout=5"])
            #expect(given.stdout.hasPrefix("postgres://ann@db.example/todo?sslmode=require&connect_timeout=5\n"), "\(given.summary)")
            let alone = try todo.run(["list", "--db", "postgres://ann@127.0.0.1:1/todo?\(parameter)"])
            #expect(alone.failedCleanly(with: 1, oneLine: true) && !alone.stderr.contains("s3cret"), "\(alone.summary)")
            #expect(alone.stderr.contains("postgres://ann@127.0.0.1:1/todo:") || alone.stderr.contains("(postgres://ann@127.0.0.1:1/todo)"), "\(alone.summary)")
        }
        let json = try todo.jsonObject(["db", "path", "--db", "postgres://bob@h/x"])
        #expect(json["path"] as? String == "postgres://bob@h/x" && json["exists"] is NSNull)
    }
}
