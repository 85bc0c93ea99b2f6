import TodoCore

#if canImport(Glibc)
import Glibc
#endif

/// Which file a path named when the database was opened (device and inode), so that a file
/// deleted or replaced under a running todo (`rm`, `mv`) is noticed: SQLite goes on writing into
/// the open file, which no path names any more, and a command would report success for a
/// change nobody will ever see.
struct FileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64

    /// What `path` names now; nil when nothing is there.
    static func of(_ path: String) -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// Throws `TodoError.databaseGone` when `path` no longer names this file.
    func check(_ path: String) throws {
        let now = Self.of(path)
        if now != self { throw TodoError.databaseGone(path: path, replaced: now != nil) }
    }
}
