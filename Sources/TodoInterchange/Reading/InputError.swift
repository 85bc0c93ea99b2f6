import TodoCore

/// An input file (for `todo import`) that cannot be read at all; a record in it that is not
/// valid is `TodoError.invalidRecord` instead.
public struct InputError: ReportedError, Equatable, Sendable {
    public let path: String
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "cannot read \(path): \(reason)" }
}
