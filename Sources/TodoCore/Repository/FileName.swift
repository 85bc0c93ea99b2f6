/// Names SQLite reads as something other than a file, whatever the flags it is opened with:
/// `:memory:` is a database in memory, an empty name a temporary one deleted when closed, and
/// with Debian's build (SQLITE_USE_URI) a name that starts with `file:` is a URI
/// (`file:x.db?mode=memory` keeps nothing either). A todo database, or a backup, in one of
/// them would report success and keep nothing, so todo refuses them as locations.
public enum FileName {
    /// Why SQLite would not read `path` as the file it names; nil when it would.
    public static func specialMeaning(of path: String) -> String? {
        if path.isEmpty { return "an empty name is SQLite's temporary database, deleted when it closes" }
        if path == ":memory:" {
            return "SQLite reads it as a database in memory, which keeps nothing; for a file of that name, write ./:memory:"
        }
        if path.hasPrefix("file:") {
            return "SQLite reads a name that starts with file: as a URI, not a path; give the file's path (./\(path) for a file named so)"
        }
        return nil
    }
}
