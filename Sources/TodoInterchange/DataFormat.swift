/// Formats for moving tasks in and out.
public enum DataFormat: String, CaseIterable, Sendable {
    /// One task object per line (the default).
    case ndjson
    /// One array of task objects.
    case json
    /// A header row with the task keys, RFC 4180 quoting, an empty field for null.
    case csv
    /// What Taskwarrior's `task export` prints, and `task import` reads.
    case taskwarrior
    /// todo.txt lines.
    case todotxt
    /// One iCalendar object of VTODOs (RFC 5545), what calendars and todoman read.
    case ics

    /// Whether its records carry todo's own ids (for `--keep-ids`): todo's formats, not the
    /// other tools'.
    public var carriesIDs: Bool { self == .ndjson || self == .json || self == .csv }
}
