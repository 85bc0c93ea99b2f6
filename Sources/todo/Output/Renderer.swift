import TodoCoordinators

/// A display the CLI can finish once the command is over (closing a JSON array, say).
protocol Renderer: Display {
    func finish() throws
}
