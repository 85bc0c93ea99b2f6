import TodoCore

/// Failures the composition root itself reports (exit status 1).
enum CommandFailure: ReportedError {
    /// A reading command found nothing because its database file does not exist.
    case noDatabase(path: String, because: String)
    /// `todo db check` found problems; each finding is one line after the first.
    case checkFailed(path: String, findings: [String])

    var description: String {
        switch self {
        case .noDatabase(let path, let reason):
            "\(reason): there is no database at \(path) yet (a command that writes creates it)"
        case .checkFailed(let path, let findings):
            "\(path) has \(findings.count) problem\(findings.count == 1 ? "" : "s"):"
        }
    }

    var details: [String] {
        if case .checkFailed(_, let findings) = self { return findings }
        return []
    }
}

/// A setting from the environment or `.env` that todo cannot use: a usage error (exit 64).
enum SettingError: ReportedError {
    case invalid(name: String, value: String, expected: String)
    /// Bytes that are not UTF-8, which todo will not repair into another path.
    case notUTF8(name: String)

    var description: String {
        switch self {
        case .invalid(let name, let value, let expected):
            "\(name) must be \(expected), not '\(value)'"
        case .notUTF8(let name):
            "\(name) is not valid UTF-8; todo takes a path exactly as given, so it will not guess which file this one means"
        }
    }

    var exitStatus: Int32 { ExitStatus.usage }
}
