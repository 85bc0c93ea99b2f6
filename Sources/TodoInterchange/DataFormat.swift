/// Formats for moving tasks in and out.
public enum DataFormat: String, CaseIterable, Sendable {
    /// One task object per line (the default).
    case ndjson
    /// One array of task objects.
    case json
    /// A header row with the task keys, RFC 4180 quoting, an empty field for null.
    case csv
    /// What Taskwarrior's `task export` prints (import only).
    case taskwarrior
    /// todo.txt lines (import only).
    case todotxt

    /// Whether todo writes it too (the other tools' formats are read only).
    public var isExported: Bool { self != .taskwarrior && self != .todotxt }

    /// Whether its records carry todo's own ids (for `--keep-ids`).
    public var carriesIDs: Bool { isExported }
}
