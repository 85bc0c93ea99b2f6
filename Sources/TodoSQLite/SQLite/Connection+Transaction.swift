/// Writes take the write lock up front (`BEGIN IMMEDIATE`), so a transaction never has to
/// upgrade a read lock, the one case where SQLite gives up without waiting for the busy timeout.
extension Connection {
    /// Runs `body` in a transaction and commits it, or rolls back when it throws (rethrowing the
    /// first error) or when `rollback` is set. Inside another transaction it becomes a savepoint.
    public func transaction<T>(rollback: Bool = false, _ body: () throws -> T) throws -> T {
        let nested = !isAutocommit
        try execute(nested ? "SAVEPOINT nested" : "BEGIN IMMEDIATE")
        // However the outermost transaction ends, the log it grew is folded: a big write rolled
        // back (a dry run, a failed import) leaves its pages in the log as much as a commit does.
        defer { if !nested, let logLimit { foldLog(ifLargerThan: logLimit) } }
        let value: T
        do {
            value = try body()
        } catch {
            undo(nested: nested)
            throw error
        }
        if rollback {
            undo(nested: nested)
        } else {
            do {
                try execute(nested ? "RELEASE nested" : "COMMIT")
            } catch {
                undo(nested: nested)
                throw error
            }
            // The log this commit grew is marked as this file's (see `LogOwner`).
            if !nested, logLimit != nil { LogOwner.mark(path) }
        }
        return value
    }

    /// Rolls back; a failure here is secondary to the error that brought us here, so it is dropped.
    private func undo(nested: Bool) {
        if nested {
            try? execute("ROLLBACK TO nested; RELEASE nested")
        } else if !isAutocommit {
            try? execute("ROLLBACK")
        }
    }
}
