import TodoCore

/// Failures of a command as a whole, which the composition root reports (exit status 1).
public enum CommandFailure: ReportedError {
    /// A reading command found nothing because its database file does not exist.
    case noDatabase(path: String, because: String)
    /// `todo db check` found problems; each finding is one line after the first.
    case checkFailed(path: String, findings: [String])
    /// What was written in the editor could not be saved; the text is kept at `path`.
    case editedTextKept(because: String, path: String)

    public var description: String {
        switch self {
        case .noDatabase(let path, let reason):
            "\(reason): there is no database at \(path) yet (a command that writes creates it)"
        case .checkFailed(let path, let findings):
            "\(path) has \(findings.count) problem\(findings.count == 1 ? "" : "s"):"
        case .editedTextKept(let reason, let path):
            "\(reason); what you wrote is kept in \(path)"
        }
    }

    public var details: [String] {
        if case .checkFailed(_, let findings) = self { return findings }
        return []
    }
}

