import CSQLite
#if canImport(Glibc)
import Glibc
#endif

/// Which database file a write-ahead log belongs to. SQLite's `-wal` file does not name its
/// database: found beside another file (one moved into the path, as `mv backup.db todo.db` or a
/// file-syncing tool does), it is applied to that file, and the old file's pages land over the
/// new one's: a malformed database, or the old tasks back without a word. todo keeps the log
/// between commands (`configureForShortProcesses`), so the logs it writes are marked: the
/// database file carries a random id in an extended attribute (`user.todo.file`), and its log
/// the id of the file it was written for (`user.todo.log-of`). A log marked for another file
/// than the one at the path is set aside, unapplied, before a command opens the file; what
/// only looks (`db check`, `db backup`, completion) stops there instead, changing nothing. A copy made
/// with its attributes (`cp -a`, `rsync -X`) carries both marks, so it still matches; where a
/// file system keeps no extended attributes nothing is marked, and nothing is checked.
/// (A file copied over the old one in place, `cp backup.db todo.db`, keeps the old file's mark:
/// that case this cannot see, and the manual says to remove the `-wal` file first.)
enum LogOwner {
    private static let fileKey = "user.todo.file", logKey = "user.todo.log-of"

    /// Whether the log beside `path` holds frames and is marked for another file.
    static func isForeign(logOf path: String) -> Bool {
        var info = stat()
        guard stat(path + "-wal", &info) == 0, info.st_size > 0, let owner = attribute(logKey, of: path + "-wal") else { return false }
        return attribute(fileKey, of: path) != owner
    }

    /// Renames the log beside `path` to `<path>-wal.unapplied-<time>` and returns that name.
    /// Throws when it cannot be moved: applied, it would damage the file.
    static func setAside(logOf path: String, time: String) throws -> String {
        let aside = path + "-wal.unapplied-" + time.filter { $0 != ":" && $0 != "-" }
        guard rename(path + "-wal", aside) == 0 else {
            throw StorageError.cannotOpen(path: path, reason: "its write-ahead log \(path)-wal is another file's, which was at this path, and cannot be"
                + " moved aside (\(String(cString: strerror(errno)))); applied, it would damage the database: move it away, then run todo again")
        }
        return aside
    }

    /// Why what only looks (`db check`, `db backup`, completion) stops at another file's log:
    /// moving it is a change, and reading through it would read the other file's pages.
    static func refusal(of path: String) -> StorageError {
        .cannotOpen(path: path, reason: "its write-ahead log \(path)-wal is another file's, which was at this path before; any todo command"
            + " that reads or writes the database sets it aside unapplied (this one changes nothing)")
    }

    /// After a write to `path`: marks the file (once) and its log for it, where they are not yet.
    static func mark(_ path: String) {
        var id = attribute(fileKey, of: path)
        if id == nil {
            let made = String(UInt64.random(in: .min ... .max), radix: 16) + String(UInt64.random(in: .min ... .max), radix: 16)
            guard set(fileKey, made, on: path) else { return }
            id = made
        }
        if let id, attribute(logKey, of: path + "-wal") != id { _ = set(logKey, id, on: path + "-wal") }
    }

    private static func attribute(_ key: String, of path: String) -> String? {
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = getxattr(path, key, &buffer, buffer.count)
        return count > 0 ? String(decoding: buffer.prefix(count), as: UTF8.self) : nil
    }

    private static func set(_ key: String, _ value: String, on path: String) -> Bool {
        let bytes = Array(value.utf8)
        return setxattr(path, key, bytes, bytes.count, 0) == 0
    }
}
