import TodoCore

/// A setting from the environment or `.env` that todo cannot use. A value that is not what the
/// setting takes is a usage error (exit 64); a location todo will not open, or a `.env` it cannot
/// read, is exit 1, as any database that cannot be opened.
public enum SettingError: ReportedError, Equatable {
    case invalid(name: String, value: String, expected: String)
    /// Bytes that are not UTF-8, which todo will not repair into another path.
    case notUTF8(name: String)
    /// A database location todo refuses (`:memory:`, no home folder to put the file in).
    case refusedLocation(path: String, reason: String)
    /// A `.env` that is there but cannot be read as one.
    case unreadableDotEnv(path: String, reason: String)

    public var description: String {
        switch self {
        case .invalid(let name, let value, let expected):
            "\(name) must be \(expected), not '\(value)'"
        case .notUTF8(let name):
            // A path (TODO_DB, XDG_DATA_HOME) or a name (TODO_DEFAULT_LIST): either is taken exactly.
            "\(name) is not valid UTF-8; todo takes it exactly as given, so it will not guess what it means"
        case .refusedLocation(let path, let reason):
            "cannot open the database \(path): \(reason)"
        case .unreadableDotEnv(let path, let reason):
            "cannot read \(path): \(reason)"
        }
    }

    public var exitStatus: Int32 {
        switch self {
        case .invalid, .notUTF8: ExitStatus.usage
        case .refusedLocation, .unreadableDotEnv: ExitStatus.failure
        }
    }
}
