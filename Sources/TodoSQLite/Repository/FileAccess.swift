#if canImport(Glibc)
import Glibc
#endif

/// Whether todo may write a database file, and how to read it when it may not: a copy made
/// read-only (`chmod a-w`), a read-only folder, a read-only mount.
enum FileAccess: Equatable {
    case writable
    /// Read through SQLite's locks and its `-shm` index of the `-wal` log, which exist.
    case readOnly
    /// Read as a file nothing can change: there is no log to read, and no `-shm` file can be made.
    case immutable

    static func of(_ path: String) -> FileAccess {
        guard access(path, F_OK) == 0 else { return .writable }  // to be created
        let folder = path.contains("/") ? String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]) : "."
        let sidecars = ["-wal", "-shm"].map { path + $0 }
        let sidecarsWritable = sidecars.allSatisfy { access($0, W_OK) == 0 }
        // SQLite writes the file, and the -wal and -shm files beside it, creating them if need be.
        if access(path, W_OK) == 0, access(folder.isEmpty ? "/" : folder, W_OK) == 0 || sidecarsWritable {
            return .writable
        }
        var log = stat()
        let logHoldsChanges = stat(sidecars[0], &log) == 0 && log.st_size > 0
        return logHoldsChanges ? .readOnly : .immutable
    }

    /// How to open a file of this kind for reading.
    var connectionAccess: Connection.Access {
        switch self {
        case .writable: .readWrite(create: false)
        case .readOnly: .readOnly
        case .immutable: .immutable
        }
    }
}
