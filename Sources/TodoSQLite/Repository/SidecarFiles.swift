#if canImport(Glibc)
import Glibc
#endif

/// The `-wal` and `-shm` files SQLite keeps beside a database in WAL mode.
///
/// Opening a file in WAL mode creates them. When `todo` then refuses the file (another
/// program's, a newer todo's, a damaged one), it removes the ones its own open created, so the
/// refused file is left exactly as it was found.
struct SidecarFiles {
    private static let suffixes = ["-wal", "-shm"]
    private let path: String
    private let existing: Set<String>

    init(of path: String) {
        self.path = path
        existing = Set(Self.suffixes.filter { access(path + $0, F_OK) == 0 })
    }

    /// Whether neither was there when this was made.
    var noneExisted: Bool { existing.isEmpty }

    /// Removes those that were not there when this was made. Call it only once the connection is
    /// closed.
    func removeCreated() {
        for suffix in Self.suffixes where !existing.contains(suffix) {
            unlink(path + suffix)
        }
    }
}
