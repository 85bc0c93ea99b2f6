#if PostgreSQL
import Foundation
import Testing
import TodoTestSupport

/// Work the size of an import lasts as long as its rows take, past `TODO_PG_STATEMENT_TIMEOUT`,
/// from its first statement that reads them: on a busy server a limit lifted one statement late
/// cut off a CI run's undo of 100,000 tasks. Here every read of `tasks` by a member of the team
/// is slowed on purpose (a row-level security policy that sleeps on one row in ten, about 2 s a
/// scan of 10,000 tasks), so a statement that still runs under the 1 s limit fails every time.
@Suite(.enabled(if: PostgresTestServer.url != nil, Comment(rawValue: PostgresTestServer.skipped)))
struct PostgresStatementLimitTests {
    static let tasks = 10_000

    /// A database with `tasks` tasks imported in list Bulk, whose reads of tasks are slow for the
    /// member who then runs the commands (a superuser such as the tests' owner is never slowed).
    struct SlowReads {
        let url: String
        let owner: TodoRunner
        let member: TodoRunner
        let memberURL: String
        let name: String

        init() throws {
            url = try PostgresTestServer.newDatabase()
            owner = try TodoRunner(environment: ["TODO_DB": url])
            try owner.run(["import"], stdin: PostgresCommandTests.records(PostgresStatementLimitTests.tasks, in: "Bulk")).expectSuccess()
            name = "slowed_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(12)
            try PostgresTestServer.psql(url, """
                CREATE ROLE \(name) LOGIN PASSWORD 'secret';
                GRANT ALL ON ALL TABLES IN SCHEMA public TO \(name);
                GRANT ALL ON ALL SEQUENCES IN SCHEMA public TO \(name);
                CREATE FUNCTION slowly(id bigint) RETURNS boolean LANGUAGE plpgsql AS $$
                    BEGIN IF id % 10 = 0 THEN PERFORM pg_sleep(0.002); END IF; RETURN true; END $$;
                ALTER TABLE tasks ENABLE ROW LEVEL SECURITY;
                CREATE POLICY everyone ON tasks USING (true) WITH CHECK (true);
                CREATE POLICY slowly ON tasks AS RESTRICTIVE FOR SELECT USING (slowly(id))
                """)
            memberURL = url.replacingOccurrences(of: "://todo:todo@", with: "://\(name):secret@")
            member = try TodoRunner(environment: ["TODO_DB": memberURL, "TODO_PG_STATEMENT_TIMEOUT": "1"])
        }

        /// Proof that the slowing holds: the member's scan of the tasks under a limit of 1 s is
        /// cancelled.
        func expectAScanToPassTheLimit() {
            #expect(throws: RunnerError.self) {
                try PostgresTestServer.psql(memberURL, "SET statement_timeout = '1s'; SELECT count(*) FROM tasks")
            }
        }

        func drop() {
            _ = try? PostgresTestServer.psql(url, "DROP OWNED BY \(name); DROP ROLE \(name)")
        }
    }

    @Test func undoingAndRedoingAnImportIsNotCutOff() throws {
        let database = try SlowReads()
        defer { database.drop() }
        database.expectAScanToPassTheLimit()
        let before = try database.owner.run(["export"]).stdout
        for command in ["undo", "redo", "undo", "redo"] {
            let result = try database.member.run([command])
            #expect(result.status == 0, "\(command): \(result.summary)")
        }
        #expect(try database.owner.run(["export"]).stdout == before)
    }

    /// Deleting the list with its tasks, with the history kept or not, and its undo and redo.
    @Test func deletingAListOfThatManyTasksIsNotCutOff() throws {
        let database = try SlowReads()
        defer { database.drop() }
        database.expectAScanToPassTheLimit()
        let before = try database.owner.run(["export"]).stdout
        for command in [["delete-list", "Bulk", "--force"], ["undo"], ["redo"], ["undo"]] {
            let result = try database.member.run(command)
            #expect(result.status == 0, "\(command): \(result.summary)")
        }
        #expect(try database.owner.run(["export"]).stdout == before)
        let unrecorded = try database.member.run(["delete-list", "Bulk", "--force"], environment: ["TODO_HISTORY_LIMIT": "0"])
        #expect(unrecorded.status == 0, "\(unrecorded.summary)")
        #expect(try database.owner.jsonArray(["list"]).isEmpty)
    }
}
#endif
