#if canImport(Glibc)
import Glibc
#endif
import TodoCore

/// A file written whole beside where it goes and then put in place (a backup): never over a
/// file that is there, never into a folder that is not, never half-written at its name.
enum NewFile {
    /// Why a new file cannot be made at `path`, or nil when it can.
    static func refusal(for path: String) -> String? {
        if let meaning = FileName.specialMeaning(of: path) { return meaning }
        if path.hasSuffix("/") { return "it names a folder; give a file name" }
        if access(path, F_OK) == 0 { return "it already exists; choose a new file" }
        let folder = path.contains("/") ? String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]) : "."
        let shown = folder.isEmpty ? "/" : folder
        if access(shown, F_OK) != 0 { return "its folder \(shown) does not exist" }
        if access(shown, W_OK) != 0 { return "its folder \(shown) cannot be written (\(String(cString: strerror(errno))))" }
        return nil
    }

    /// Where the file is written before it is put in place: named for this process, so two
    /// backups to one name, or a file of the user's called `FILE.partial`, never meet.
    static func partial(for path: String) -> String {
        path + ".partial-\(getpid())"
    }

    /// The partial file and what SQLite may have made beside it.
    static func written(_ partial: String) -> [String] {
        ["", "-wal", "-shm", "-journal"].map { partial + $0 }
    }

    /// Puts `partial` at `path` unless something has appeared there meanwhile: a hard link,
    /// which fails rather than replace (a rename would not), then the partial name removed.
    /// Returns why it could not.
    static func place(_ partial: String, at path: String) -> String? {
        if link(partial, path) != 0 {
            if errno == EEXIST { return "it already exists; choose a new file" }
            // A file system without hard links: a rename, after one more look.
            guard access(path, F_OK) != 0 else { return "it already exists; choose a new file" }
            guard rename(partial, path) == 0 else { return "cannot move the new file into place: \(String(cString: strerror(errno)))" }
            return nil
        }
        unlink(partial)
        return nil
    }
}
