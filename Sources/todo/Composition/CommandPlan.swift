import TodoCoordinators

/// What a subcommand asks for, in the screens' terms: the steps to take and how to print the
/// outcome. Building it touches nothing, so every command is a pure function of its arguments.
struct CommandPlan {
    enum Step: Equatable {
        /// Jump to a screen through the AppCoordinator.
        case open(DeepLink)
        /// Deliver a view event to the visible screen.
        case send(ViewEvent)
    }

    /// Whether the JSON output is one object or an array of them.
    enum Shape {
        case one, many
    }

    var steps: [Step]
    /// Writing commands run in one transaction and print only after it commits.
    var writes: Bool
    var shape: Shape
}
