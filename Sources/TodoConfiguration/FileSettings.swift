/// What the environment asks of a database file; nil where it says nothing, so the repository's
/// own default holds (the manual's ENVIRONMENT).
public struct FileSettings: Equatable, Sendable {
    /// `TODO_BUSY_TIMEOUT`: how many milliseconds a command waits for another process's write
    /// before it gives up with "the database is busy".
    public var busyTimeoutMilliseconds: Int32?
    /// `TODO_HISTORY_LIMIT`: how many changes `todo undo` can reach back (0 records none).
    public var historyLimit: Int?
    /// `TODO_SYNC=full`: wait for the disk on every commit, so a power cut loses nothing
    /// (`normal`, the default, is false).
    public var syncEveryCommit = false

    public init() {}

    /// The settings `environment` gives. Anything but a whole number in range, or a `TODO_SYNC`
    /// other than `normal` or `full`, is a usage error.
    public init(_ environment: Environment) throws {
        busyTimeoutMilliseconds = try environment.wholeNumber("TODO_BUSY_TIMEOUT", upTo: Int(Int32.max), of: "milliseconds").map(Int32.init)
        historyLimit = try Self.historyLimit(environment)
        switch try environment.value("TODO_SYNC") {
        case nil, "normal": break
        case "full": syncEveryCommit = true
        case let other?: throw SettingError.invalid(name: "TODO_SYNC", value: other, expected: "normal or full")
        }
    }

    /// `TODO_HISTORY_LIMIT`, which a server reads too.
    static func historyLimit(_ environment: Environment) throws -> Int? {
        try environment.wholeNumber("TODO_HISTORY_LIMIT", upTo: maximumHistoryLimit, of: "changes")
    }

    /// A history longer than this would make each undo's pruning and `todo history` walk more
    /// than anyone reads; a million changes is far past any real need.
    public static let maximumHistoryLimit = 1_000_000
}
