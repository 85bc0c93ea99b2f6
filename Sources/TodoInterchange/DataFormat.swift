/// Formats for moving tasks in and out.
public enum DataFormat: String, CaseIterable, Sendable {
    /// One task object per line (the default).
    case ndjson
    /// One array of task objects.
    case json
    /// A header row with the task keys, RFC 4180 quoting, an empty field for null.
    case csv
}
