/// Everything that can stop a command once its arguments were accepted. Each case reads as one
/// line a user can act on; the CLI prints it after `Error: ` and exits with status 1.
public enum TodoError: Error, Equatable, Sendable, CustomStringConvertible {
    case listNotFound(String)
    case listExists(String)
    case listNotEmpty(String, taskCount: Int)
    case taskNotFound(TodoTask.ID)
    /// Another process held the database for longer than the busy timeout.
    case databaseBusy(path: String, waitedMilliseconds: Int)
    /// The file is not an SQLite database at all (random bytes, truncated, a directory ...).
    case notADatabase(path: String, reason: String)
    /// An SQLite database, but one some other program made.
    case foreignDatabase(path: String)
    /// Written by a newer `todo`: it has migrations this binary does not know.
    case newerDatabase(path: String, version: Int, known: Int)
    /// A migration recorded in the database differs from the one this binary carries.
    case migrationChanged(version: Int, name: String)
    case cannotOpen(path: String, reason: String)
    /// An input file (for `todo import`) that cannot be read.
    case cannotRead(path: String, reason: String)
    /// Any other failure of the storage, with the storage's own words.
    case storage(String)
    /// An environment variable with a value `todo` cannot use; a usage error (exit 64).
    case invalidSetting(name: String, value: String, expected: String)
    /// A setting (an environment variable, or one from `.env`) whose bytes are not UTF-8.
    case settingNotUTF8(name: String)
    /// `todo db check` found problems; each finding is one line.
    case checkFailed(path: String, findings: [String])
    /// A record of an import file is not valid; nothing was imported.
    case invalidRecord(line: Int, reason: String)
    /// `--keep-ids` met an id this database has handed out before.
    case idAlreadyAssigned(TodoTask.ID, line: Int)
    /// AUTOINCREMENT reached the largest id there is for this table (possible only after ids
    /// were set by hand in sqlite3), so nothing more can be added to it.
    case idsExhausted(table: String)
    /// A task holds a value the schema forbids (written with its CHECKs switched off).
    case unreadableTask(TodoTask.ID, field: String, value: String, expected: String)
    /// A command that writes met a database todo cannot write.
    case readOnly(path: String)
    /// A read-only database made by an older todo, which would need migrating to be read.
    case readOnlyNeedsUpgrade(path: String, migration: String)
    /// A reading command found nothing because its database file does not exist.
    case noDatabase(path: String, because: String)

    public var description: String {
        switch self {
        case .listNotFound(let name):
            "no list named '\(name)' (see 'todo list')"
        case .listExists(let name):
            "a list named '\(name)' already exists"
        case .listNotEmpty(let name, let count):
            "list '\(name)' still has \(count) task\(count == 1 ? "" : "s"); use --force to delete them with it"
        case .taskNotFound(let id):
            "no task with id \(id)"
        case .databaseBusy(let path, let waited):
            "the database \(path) is busy: another process held it for more than \(waited) ms; try again"
        case .notADatabase(let path, let reason):
            "\(path) is not a todo database (\(reason))"
        case .foreignDatabase(let path):
            "\(path) is an SQLite database of another program, not a todo database; it was left untouched"
        case .newerDatabase(let path, let version, let known):
            "\(path) was written by a newer todo (schema version \(version), this todo knows up to \(known)); upgrade todo. The file was left untouched"
        case .migrationChanged(let version, let name):
            "migration \(Migrations.fileName(version: version, name: name)) differs from the one applied to this database; refusing to use it"
        case .cannotOpen(let path, let reason):
            "cannot open the database \(path): \(reason)"
        case .cannotRead(let path, let reason):
            "cannot read \(path): \(reason)"
        case .storage(let message):
            "storage failure: \(message)"
        case .invalidSetting(let name, let value, let expected):
            "\(name) must be \(expected), not '\(value)'"
        case .settingNotUTF8(let name):
            "\(name) is not valid UTF-8; todo takes a path exactly as given, so it will not guess which file this one means"
        case .checkFailed(let path, let findings):
            "\(path) has \(findings.count) problem\(findings.count == 1 ? "" : "s"):"
        case .invalidRecord(let line, let reason):
            "line \(line): \(reason); nothing was imported"
        case .idsExhausted(let table):
            "\(table == "lists" ? "list" : "task") ids are exhausted: this database has handed out the largest id there is, and ids are never reused. Export it and import that (without --keep-ids) into a new database"
        case .unreadableTask(let id, let field, let value, let expected):
            "task \(id) holds \(field) '\(value)' in the database, which is not \(expected); todo will not show it as something else (see todo db check)"
        case .readOnly(let path):
            "the database \(path) is read-only, and this command would change it"
        case .readOnlyNeedsUpgrade(let path, let migration):
            "the database \(path) is read-only, and this todo can only read it once upgraded (first: \(migration)); open it once where it can be written"
        case .noDatabase(let path, let reason):
            "\(reason): there is no database at \(path) yet (a command that writes creates it)"
        case .idAlreadyAssigned(let id, let line):
            "line \(line): task id \(id) is not above the highest id this database has used, and ids are never reused; import without --keep-ids to get new ids. Nothing was imported"
        }
    }
}

/// How migration files are named: `0001_create_lists_and_tasks.sql`.
public enum Migrations {
    public static func fileName(version: Int, name: String) -> String {
        number(version) + "_" + name + ".sql"
    }

    /// A version as its four-digit file prefix: `0004`.
    public static func number(_ version: Int) -> String {
        Due.padded(version, 4)
    }
}
