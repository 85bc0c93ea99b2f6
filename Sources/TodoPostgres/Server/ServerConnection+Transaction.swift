#if PostgreSQL

/// Transactions on the server, as on a SQLite file: a write holds the write lock for all of it.
extension ServerConnection {
    /// Runs `body` in one transaction holding the write lock: all of it or, when it throws or
    /// `rollback` is set, none. Inside another transaction it becomes a savepoint, so an inner
    /// failure undoes only itself, as on a SQLite file; or, `joining`, it simply joins it (see
    /// `SQLRepository.transaction`).
    func transaction<T>(rollback: Bool = false, joining: Bool = false, _ body: () throws -> T) throws -> T {
        if depth > 0 && joining && !rollback { return try body() }
        let nested = depth > 0
        let savepoint = "s\(depth)"
        if nested {
            try run("SAVEPOINT " + savepoint)
        } else {
            // The wait for the writers' turn is bounded by lock_timeout, each statement by
            // statement_timeout: an answer is due within that, and a little more for the network.
            if statementTimeout > 0 { answerLimit = statementTimeout + min(statementTimeout, 5) }
            try run("BEGIN")
        }
        depth += 1
        defer {
            depth -= 1
            if depth == 0 { answerLimit = nil }
        }
        do {
            // The write's statement limit, set in the same round trip as the turn is taken
            // (the wait for the turn itself is bounded by lock_timeout).
            if !nested {
                try run("SELECT set_config('statement_timeout', $1, true), pg_advisory_xact_lock($2)", ["\(statementTimeout)s", Self.writeLock])
            }
            let value = try body()
            if rollback {
                try run(nested ? "ROLLBACK TO SAVEPOINT " + savepoint : "ROLLBACK")
                if nested { try run("RELEASE SAVEPOINT " + savepoint) }
            } else if nested {
                try run("RELEASE SAVEPOINT " + savepoint)
            } else {
                do {
                    try run("COMMIT")
                } catch let error as ServerError where error.isConnectionGone {
                    throw ServerError.lostWhileCommitting(address: shown)
                }
            }
            return value
        } catch {
            // Secondary to the error that brought us here (a lost connection has rolled back
            // already, and says so itself).
            if nested {
                _ = try? run("ROLLBACK TO SAVEPOINT " + savepoint)
                _ = try? run("RELEASE SAVEPOINT " + savepoint)
            } else {
                _ = try? run("ROLLBACK")
            }
            throw error
        }
    }

    /// Lifts the write's statement limit for the rest of its transaction, for work the size of
    /// an import (the import itself, and undoing or redoing one), which lasts as long as the
    /// rows take; waiting for a lock is still bounded.
    func liftStatementLimit() throws {
        try run("SET LOCAL statement_timeout = 0")
        answerLimit = nil
    }

    /// Lets the rest of this transaction's lock waits outlast autovacuum, which gives way to a
    /// lock it holds up only once the waiter has waited `deadlock_timeout` (1 s unless set): at
    /// least that plus a second, however short `TODO_PG_STATEMENT_TIMEOUT`. For what must lock
    /// whole tables right after large deletes (an import, its rebuild of the indexes), which a
    /// limit of 1 s failed on autovacuum's account, no user's.
    func outlastAutovacuum() throws {
        try run("""
            SELECT set_config('lock_timeout',
                CASE WHEN w.setting::bigint = 0 THEN '0' ELSE greatest(w.setting::bigint, d.setting::bigint + 1000)::text END, true)
            FROM pg_settings AS w, pg_settings AS d WHERE w.name = 'lock_timeout' AND d.name = 'deadlock_timeout'
            """)
    }

    /// Runs `body` in one read-only transaction that sees the database at one moment while
    /// others go on writing (REPEATABLE READ). As every read, its statements have no time limit
    /// (reading a whole database may take longer than any one command should); waiting for a
    /// lock still has.
    func readingOneMoment<T>(_ body: () throws -> T) throws -> T {
        try run("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
        // After a failure the transaction is over already, or this ends it.
        defer { _ = try? run("COMMIT") }
        return try body()
    }

    /// Nothing more is sent on this connection.
    func markLost() {
        isLost = true
    }
}
#endif
