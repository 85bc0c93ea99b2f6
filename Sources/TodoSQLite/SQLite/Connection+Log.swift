import CSQLite

#if canImport(Glibc)
import Glibc
#endif

extension Connection {
    /// Size in bytes of the write-ahead log file beside the database (0 when there is none).
    public var logFileSize: Int {
        var info = stat()
        return stat(path + "-wal", &info) == 0 ? Int(info.st_size) : 0
    }

    /// Folds the write-ahead log into the database file and empties it (a TRUNCATE checkpoint)
    /// when the file is larger than `limit` bytes. It never waits: while another process reads
    /// or writes the log it cannot be emptied, and it is left for the next commit to fold.
    ///
    /// Why this is needed: a process that opens the file when no other has it open rebuilds its
    /// index of the log by reading the whole `-wal` file, and forgets what earlier processes
    /// already folded, so SQLite never starts the log over on its own when every command is its
    /// own process. Only a truncated log stays small for the next process.
    @discardableResult
    public func foldLog(ifLargerThan limit: Int) -> Bool {
        guard logFileSize > limit else { return false }
        let waited = busyTimeout
        sqlite3_busy_timeout(handle, 0)
        defer { sqlite3_busy_timeout(handle, waited) }
        return sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_TRUNCATE, nil, nil) == SQLITE_OK
    }
}
