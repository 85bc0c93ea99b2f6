import TodoCore

/// What can go wrong with the SQLite file itself, as one line a user can act on. The command line
/// maps each to exit status 1.
public enum StorageError: ReportedError, Equatable, Sendable {
    /// Another process held the database for longer than the busy timeout.
    case busy(path: String, waitedMilliseconds: Int)
    /// The file is not an SQLite database at all (random bytes, truncated, a directory ...).
    case notADatabase(path: String, reason: String)
    /// An SQLite database, but one some other program made.
    case foreignDatabase(path: String)
    /// Written by a newer `todo`: it has migrations this binary does not know.
    case newerDatabase(path: String, version: Int, known: Int)
    /// A migration recorded in the database differs from the one this binary carries.
    case migrationChanged(version: Int, name: String)
    case cannotOpen(path: String, reason: String)
    /// A new file (a backup) that cannot be made where asked.
    case cannotCreate(path: String, reason: String)
    /// A command that writes met a database todo cannot write.
    case readOnly(path: String)
    /// A read-only database made by an older todo, which would need migrating to be read.
    case readOnlyNeedsUpgrade(path: String, migration: String)
    /// Any other failure, in SQLite's own words.
    case failure(String)

    public var description: String {
        switch self {
        case .busy(let path, let waited):
            "the database \(path) is busy: another process held it for more than \(waited) ms; try again"
        case .notADatabase(let path, let reason):
            "\(path) is not a todo database (\(reason))"
        case .foreignDatabase(let path):
            "\(path) is an SQLite database of another program, not a todo database; it was left untouched"
        case .newerDatabase(let path, let version, let known):
            "\(path) was written by a newer todo (schema version \(version), this todo knows up to \(known)); upgrade todo. The file was left untouched"
        case .migrationChanged(let version, let name):
            "migration \(Migration.fileName(version: version, name: name)) differs from the one applied to this database; refusing to use it"
        case .cannotOpen(let path, let reason):
            "cannot open the database \(path): \(reason)"
        case .cannotCreate(let path, let reason):
            "cannot write \(path): \(reason)"
        case .readOnly(let path):
            "the database \(path) is read-only, and this command would change it"
        case .readOnlyNeedsUpgrade(let path, let migration):
            "the database \(path) is read-only, and this todo can only read it once upgraded (first: \(migration)); open it once where it can be written"
        case .failure(let message):
            "storage failure: \(message)"
        }
    }
}
