import Testing
import TodoTestSupport
@testable import TodoSQLite

@Suite struct TransactionTests {
    let directory: TemporaryDirectory
    let path: String
    let db: Connection

    init() throws {
        directory = try TemporaryDirectory()
        path = directory.path("t.db")
        db = try Connection(path: path)
        try db.execute("PRAGMA journal_mode = WAL; CREATE TABLE t (x INTEGER UNIQUE)")
    }

    private func insert(_ x: Int) throws { try db.run("INSERT INTO t (x) VALUES (?)", x) }

    /// What another connection sees: only committed rows.
    private func committedRows() throws -> [String] {
        try Connection(path: path).strings("SELECT x FROM t ORDER BY x")
    }

    @Test func commitsAndReturnsTheBodysValue() throws {
        let value = try db.transaction {
            try insert(1)
            #expect(!db.isAutocommit)
            return "done"
        }
        #expect(value == "done")
        #expect(db.isAutocommit)
        #expect(try committedRows() == ["1"])
    }

    @Test func rollsBackAndRethrowsWhenTheBodyThrows() throws {
        try insert(1)
        #expect(throws: TestFailure.first) {
            try db.transaction {
                try insert(2)
                throw TestFailure.first
            }
        }
        #expect(db.isAutocommit)
        #expect(try committedRows() == ["1"])
        #expect(try db.strings("SELECT x FROM t") == ["1"])
    }

    @Test func rethrowsTheFirstSQLiteErrorUnchanged() throws {
        try insert(1)
        let error = #expect(throws: SQLiteError.self) {
            try db.transaction {
                try insert(2)
                try insert(1)  // UNIQUE violation
            }
        }
        #expect(error?.code == ResultCode.constraintUnique)
        #expect(error?.sql == "INSERT INTO t (x) VALUES (?)")
        #expect(try db.strings("SELECT x FROM t") == ["1"])
    }

    @Test func rethrowsTheBodysErrorEvenWhenTheRollbackFails() throws {
        // The body ends the savepoint itself, so rolling back to it fails; that must not replace its error.
        try db.transaction {
            try insert(1)
            #expect(throws: TestFailure.second) {
                try db.transaction {
                    try insert(2)
                    try db.execute("RELEASE nested")
                    throw TestFailure.second
                }
            }
        }
        #expect(db.isAutocommit)
        #expect(try committedRows() == ["1", "2"])
    }

    @Test func rollsBackWhenAskedAndStillReturnsTheValue() throws {
        let value = try db.transaction(rollback: true) {
            try insert(1)
            return try db.integer("SELECT count(*) FROM t")
        }
        #expect(value == 1)
        #expect(db.isAutocommit)
        #expect(try db.strings("SELECT x FROM t").isEmpty)
    }

    @Test func aFailedCommitRollsBackAndThrows() throws {
        // A deferred foreign key is only checked at COMMIT, so the commit itself fails.
        try db.execute("""
            PRAGMA foreign_keys = ON;
            CREATE TABLE parent (id INTEGER PRIMARY KEY);
            CREATE TABLE child (parent_id INTEGER REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED)
            """)
        let error = #expect(throws: SQLiteError.self) {
            try db.transaction {
                try insert(1)
                try db.run("INSERT INTO child VALUES (?)", 99)
            }
        }
        #expect(error?.code == ResultCode.constraintForeignKey)
        #expect(db.isAutocommit)
        #expect(try db.strings("SELECT x FROM t").isEmpty)
        #expect(try db.integer("SELECT count(*) FROM child") == 0)
    }

    @Test func aCaughtInnerFailureRollsBackOnlyTheInnerPart() throws {
        try db.transaction {
            try insert(1)
            #expect(throws: TestFailure.first) {
                try db.transaction {
                    try insert(2)
                    throw TestFailure.first
                }
            }
            #expect(!db.isAutocommit)  // still inside the outer transaction
            try insert(3)
        }
        #expect(try committedRows() == ["1", "3"])
    }

    @Test func anInnerRollbackRequestUndoesOnlyTheInnerPart() throws {
        try db.transaction {
            try insert(1)
            try db.transaction(rollback: true) { try insert(2) }
            try insert(3)
        }
        #expect(try committedRows() == ["1", "3"])
    }

    @Test func savepointsNestSeveralLevelsDeep() throws {
        try db.transaction {
            try insert(1)
            try db.transaction {
                try insert(2)
                #expect(throws: TestFailure.first) {
                    try db.transaction {
                        try insert(3)
                        throw TestFailure.first
                    }
                }
                try insert(4)
            }
            try insert(5)
        }
        #expect(try committedRows() == ["1", "2", "4", "5"])
    }

    @Test func anOuterThrowRollsBackEverythingIncludingFinishedInnerParts() throws {
        #expect(throws: TestFailure.second) {
            try db.transaction {
                try insert(1)
                try db.transaction { try insert(2) }
                throw TestFailure.second
            }
        }
        #expect(db.isAutocommit)
        #expect(try committedRows().isEmpty)
    }

    @Test func innerCommitIsNotVisibleToOthersUntilTheOuterCommits() throws {
        try db.transaction {
            try db.transaction { try insert(1) }
            #expect(try committedRows().isEmpty)
        }
        #expect(try committedRows() == ["1"])
    }

    @Test func writesTakeTheWriteLockUpFront() throws {
        let other = try Connection(path: path)
        other.setBusyTimeout(milliseconds: 0)
        try db.transaction {
            // Nothing written yet, yet the lock is already held: BEGIN IMMEDIATE, not a deferred BEGIN.
            var bodyRan = false
            let error = #expect(throws: SQLiteError.self) {
                try other.transaction { bodyRan = true }
            }
            #expect(error?.isBusy == true)
            #expect(error?.primaryCode == ResultCode.busy)
            #expect(!bodyRan)
            #expect(other.isAutocommit)
            // Readers are not blocked (WAL).
            #expect(try other.integer("SELECT count(*) FROM t") == 0)
            try insert(1)
        }
        // Once the first commits, the second can write.
        try other.transaction { try other.run("INSERT INTO t (x) VALUES (?)", 2) }
        #expect(try committedRows() == ["1", "2"])
    }
}
