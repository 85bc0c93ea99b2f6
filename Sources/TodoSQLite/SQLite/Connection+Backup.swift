import CSQLite

#if canImport(Glibc)
import Glibc
#endif

extension Connection {
    /// Copies the whole database to a new file at `path` with SQLite's online backup API: one
    /// consistent snapshot, while other processes go on writing (WAL readers do not block them).
    /// The copy is written beside `path` and put into place, so `path` never holds half a
    /// database; an existing file there is refused rather than overwritten (`NewFile`).
    public func backup(to path: String) throws {
        if let refusal = NewFile.refusal(for: path) {
            throw SQLiteError(code: SQLITE_CANTOPEN, message: refusal)
        }
        let partial = NewFile.partial(for: path)
        do {
            let target = try Connection(path: partial)
            guard let backup = sqlite3_backup_init(target.handle, "main", handle, "main") else {
                throw SQLiteError(connection: target.handle, code: sqlite3_errcode(target.handle))
            }
            // -1: every page in one step, under one read transaction, hence one snapshot.
            let stepped = sqlite3_backup_step(backup, -1)
            let finished = sqlite3_backup_finish(backup)
            guard stepped == SQLITE_DONE, finished == SQLITE_OK else {
                throw SQLiteError(connection: target.handle, code: stepped == SQLITE_DONE ? finished : stepped)
            }
            // Fold the copy's own log into it, so the backup is one self-contained file.
            try target.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        } catch {
            for file in NewFile.written(partial) { unlink(file) }
            throw error
        }
        if let refusal = NewFile.place(partial, at: path) {
            for file in NewFile.written(partial) { unlink(file) }
            throw SQLiteError(code: SQLITE_CANTOPEN, message: refusal)
        }
        // The copy's log, empty since the checkpoint, went with its connection.
        for file in NewFile.written(partial).dropFirst() { unlink(file) }
    }
}
