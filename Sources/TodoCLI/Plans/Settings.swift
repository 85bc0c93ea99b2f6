import ArgumentParser
import TodoCore

/// What every command is told besides its own arguments: which database, and how to print.
/// Plain values, so both ways of reading a command line (ArgumentParser and the quick parser)
/// end in the same thing.
public struct Settings: Equatable, Sendable {
    public var db: String?
    public var json = false
    /// `--no-color` is folded in as `.never`.
    public var color: ColorChoice = .auto

    public init(db: String? = nil, json: Bool = false, color: ColorChoice = .auto) {
        self.db = db
        self.json = json
        self.color = color
    }

    /// Whether to print in colour, as the manual says: `--color always`, or `auto` on a terminal
    /// with no `NO_COLOR`. One rule for a command's output and for `todo ui`.
    public func colour(onTerminal: Bool, forbidden: Bool) -> Bool {
        switch color {
        case .always: true
        case .never: false
        case .auto: onTerminal && !forbidden
        }
    }
}

extension GlobalOptions {
    var settings: Settings {
        Settings(db: db, json: json, color: noColor ? .never : color)
    }
}

/// A subcommand whose work is a plan carried out through the screens.
protocol PlannedCommand: InvokingCommand {
    var global: GlobalOptions { get }
    /// The plan for this command line, `now` being the local date and time it runs at (relative
    /// due dates and `--overdue` are read against it).
    func plan(at now: Due) throws -> CommandPlan
}

extension PlannedCommand {
    /// The plan's own rules are checked here rather than in `validate()`, which ArgumentParser
    /// runs before it looks for unknown options: `todo edit 13 --priorty high` must be told
    /// about `--priorty`, not that there is nothing to change.
    func invocation(at now: Due) throws -> Invocation {
        try planned(at: now)
    }

    /// The plan as an invocation, a broken rule as this command's usage error.
    func planned(at now: Due) throws -> Invocation {
        do {
            return .plan(global.settings, try plan(at: now))
        } catch let error as ValidationError {
            throw UsageError(message: error.message, command: Self.self)
        }
    }
}

/// A rule a command line broke, found once ArgumentParser had read the whole line; reported
/// as ArgumentParser reports its own (exit 64, with the command's usage when there is one).
public struct UsageError: Error, Equatable {
    public let message: String
    let command: (any ParsableCommand.Type)?

    public static func == (lhs: UsageError, rhs: UsageError) -> Bool {
        lhs.message == rhs.message && lhs.command.map(ObjectIdentifier.init) == rhs.command.map(ObjectIdentifier.init)
    }
}
