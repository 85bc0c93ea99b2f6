/// An error that says how the program ends with it: one `Error:` line (its description), the
/// lines that follow it (`todo db check`'s findings), and the exit status the manual gives. The
/// program's `main` reports every one of them the same way, whatever module it comes from, as
/// Hummingbird's `HTTPResponseError` says its own status.
public protocol ReportedError: Error, CustomStringConvertible {
    var exitStatus: Int32 { get }
    var details: [String] { get }
}

extension ReportedError {
    /// The command could not be carried out: the usual failure.
    public var exitStatus: Int32 { ExitStatus.failure }
    public var details: [String] { [] }
}

/// The manual's exit statuses.
public enum ExitStatus {
    public static let success: Int32 = 0
    /// The command could not be carried out: no such task or list, a conflict, storage.
    public static let failure: Int32 = 1
    /// Usage: an unknown option, a bad value (EX_USAGE, ArgumentParser's validation code).
    public static let usage: Int32 = 64
    /// A record in an input file is invalid (EX_DATAERR).
    public static let invalidRecord: Int32 = 65
}

extension TodoError: ReportedError {
    public var exitStatus: Int32 {
        switch self {
        case .invalidRecord: ExitStatus.invalidRecord
        // Asked for by the command line: a repeating task without a due date, text longer
        // than todo keeps.
        case .repeatNeedsDue, .tooLong: ExitStatus.usage
        default: ExitStatus.failure
        }
    }
}
