import TodoCoordinators

/// A display the CLI can finish once the command is over (closing a JSON array, say).
public protocol Renderer: Display {
    func finish() throws
}

/// Whether a command's JSON output is one object or an array of them.
public enum OutputShape: Equatable, Sendable {
    case one, many
}
