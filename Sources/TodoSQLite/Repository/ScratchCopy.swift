#if canImport(Glibc)
import Glibc
#endif

/// A copy of a database in a new private folder of the temporary folder, for work that needs to
/// write where the database itself cannot be written (FTS5 checks its index by writing). The
/// copy is deleted once `body` returns.
enum ScratchCopy {
    static func of<T>(_ db: Connection, _ body: (Connection) throws -> T) throws -> T {
        let base = (getenv("TMPDIR").flatMap { String(validatingCString: $0) }).flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base + "/todo-check-XXXXXX").utf8CString)
        guard let folder = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap(mkdtemp) }).map({ String(cString: $0) }) else {
            throw SQLiteError(code: 14, message: "cannot make a folder in \(base) for a copy of the database: \(String(cString: strerror(errno)))")
        }
        let path = folder + "/copy.db"
        defer {
            for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
            rmdir(folder)
        }
        try db.backup(to: path)
        return try body(Connection(path: path, create: false))
    }
}
