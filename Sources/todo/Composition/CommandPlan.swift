import TodoCoordinators

/// What a subcommand asks for, in the screens' terms: the steps to take and how to print the
/// outcome. Building it touches no database, so a command line maps to one plan (only `import`
/// opens its input file while planning).
struct CommandPlan: Equatable {
    enum Step: Equatable {
        /// Jump to a screen through the AppCoordinator.
        case open(DeepLink)
        /// Deliver a view event to the visible screen.
        case send(ViewEvent)
    }

    /// Whether the JSON output is one object or an array of them.
    enum Shape: Equatable {
        case one, many
    }

    var steps: [Step]
    /// Writing commands run in one transaction and print only after it commits.
    var writes: Bool
    var shape: Shape
    /// Roll the transaction back at the end, whatever happened.
    var dryRun = false
    /// Print nothing but the id of an added task.
    var quiet = false
    /// A data format that replaces the usual text or JSON output (`todo export`).
    var format: DataFormat?
    /// Listings of any length (list, search, agenda, export) write as they read, in constant
    /// memory; everything else prints only once it has succeeded, so a failure prints nothing.
    var streams = false

    init(steps: [Step], writes: Bool, shape: Shape) {
        self.steps = steps
        self.writes = writes
        self.shape = shape
    }

    /// A reading plan whose output may be long, so it streams.
    static func listing(_ steps: [Step]) -> CommandPlan {
        var plan = CommandPlan(steps: steps, writes: false, shape: .many)
        plan.streams = true
        return plan
    }

    /// A writing plan with `-q` and `--dry-run` applied.
    init(steps: [Step], shape: Shape, _ writing: Writing) {
        self.init(steps: steps, writes: true, shape: shape)
        dryRun = writing.dryRun
        quiet = writing.quiet
    }
}

/// Formats for moving tasks in and out.
enum DataFormat: String, CaseIterable {
    /// One task object per line (the default).
    case ndjson
    /// One array of task objects.
    case json
    /// A header row with the task keys, RFC 4180 quoting, an empty field for null.
    case csv
}
