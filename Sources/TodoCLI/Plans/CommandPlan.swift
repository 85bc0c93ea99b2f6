import TodoCore
import TodoCoordinators
import TodoInterchange
import TodoTerminal

/// What a subcommand asks for, in the screens' terms: the steps to take and how to print the
/// outcome. Building it touches no database, so a command line maps to one plan (only `import`
/// opens its input file while planning).
public struct CommandPlan: Equatable {
    public enum Step: Equatable {
        /// Jump to a screen through the AppCoordinator.
        case open(DeepLink)
        /// Deliver a view event to the visible screen.
        case send(ViewEvent)
        /// For each task, in order: open its list (or its EditTask), then send it the event
        /// `action` makes for it. One step for any number of ids: `todo done $(seq 100000)` as two steps an id held
        /// 26 MB of view events before the first was sent.
        case eachTask([TaskReference], TaskAction)
    }

    /// What `eachTask` does to each task.
    public enum TaskAction: Equatable, Sendable {
        case setDone(Bool), delete, show
        /// The same changes to each (`todo edit 3 4 5 --tag x`).
        case edit(TaskChanges)

        /// Where the task's event goes: its list, or its EditTask over it.
        public func link(_ id: Int64) -> DeepLink {
            if case .edit = self { return .editTask(id) }
            return .listOfTask(id)
        }

        public func event(_ id: Int64) -> ViewEvent {
            switch self {
            case .setDone(let done): .setDone(id, done)
            case .delete: .deleteTask(id)
            case .show: .showTask(id)
            case .edit(let changes): .save(changes)
            }
        }
    }

    public internal(set) var steps: [Step]
    /// Writing commands run in one transaction and print only after it commits.
    public internal(set) var writes: Bool
    /// Whether the JSON output is one object or an array of them.
    public internal(set) var shape: OutputShape
    /// Roll the transaction back at the end, whatever happened.
    public internal(set) var dryRun = false
    /// Print nothing but the id of an added task.
    public internal(set) var quiet = false
    /// A data format that replaces the usual text or JSON output (`todo export`).
    public internal(set) var format: DataFormat?
    /// Listings of any length (list, search, agenda, export) write as they read, in constant
    /// memory; everything else prints only once it has succeeded, so a failure prints nothing.
    public internal(set) var streams = false
    /// A write that is one change of the history (every write but undo and redo).
    public internal(set) var recordsChange = true
    /// The command line as the history shows it: what was typed after `todo`, without the
    /// options every command has.
    public internal(set) var commandLine = ""
    /// What an import read but could not carry over, for stderr once it succeeded.
    public internal(set) var notices: Notices?

    init(steps: [Step], writes: Bool, shape: OutputShape) {
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
    init(steps: [Step], shape: OutputShape, _ writing: Writing) {
        self.init(steps: steps, writes: true, shape: shape)
        dryRun = writing.dryRun
        quiet = writing.quiet
    }
}
