import ArgumentParser
import TodoCore

/// What a command line asks for, once read: a plan for the screens, or work on the database file
/// itself. The composition root carries it out.
public enum Invocation: Equatable {
    case plan(Settings, CommandPlan)
    /// `todo db path`
    case databasePath(Settings)
    /// `todo db check [--repair]`
    case checkDatabase(Settings, repair: Bool)
    /// `todo db backup FILE`
    case backUpDatabase(Settings, to: String)
    /// `todo ui`
    case navigator(Settings)
    /// `todo edit ID` alone, on a terminal: the task in the person's editor.
    case editInEditor(Settings, TaskReference)
    /// `todo sync …`
    case sync(Settings, SyncRequest)
}

/// A command that turns into an invocation.
protocol InvokingCommand: ParsableCommand, DeclaresOptions {
    /// How many positional values it takes (`Int.max`: any number), so that `DashArguments` knows
    /// where a value that starts with `-` is a value. `OptionSpecTests` checks it against
    /// ArgumentParser's definitions.
    static var positionalCount: Int { get }

    func invocation(at now: Due) throws -> Invocation
}

extension InvokingCommand {
    static var positionalCount: Int { 0 }
}

/// Reading a command line: the quick parser for the lines people type most, ArgumentParser for
/// the rest.
public enum TodoCommandLine {
    /// The names of the lists in the database a command line would use (its `--db`, else the
    /// usual lookup), one at a time, read without creating or changing anything: for completing
    /// list names and for telling a list from a mistyped command. Set by the composition root
    /// before reading.
    nonisolated(unsafe) public static var forEachListName: (_ databaseFlag: String?, _ body: (String) -> Void) -> Void = { _, _ in }

    /// The list `todo add TITLE` adds to (TODO_DEFAULT_LIST, else Inbox), asked only then. Set
    /// by the composition root before reading.
    nonisolated(unsafe) public static var defaultList: () throws -> String = { "Inbox" }

    /// What `arguments` (without the program's name) ask for, `now` being the local date and time
    /// relative dates are read against. Throws ArgumentParser's own errors (help, the version,
    /// usage: see `Report.exitForParsingOutcome`) and `UsageError`.
    public static func read(_ arguments: [String], at now: Due) throws -> Invocation {
        let invocation = try invocation(LeadingOptions.moved(arguments), at: now)
        guard case .plan(let settings, var plan) = invocation else { return invocation }
        plan.commandLine = CommandLineText.forHistory(arguments)
        return .plan(settings, plan)
    }

    private static func invocation(_ arguments: [String], at now: Due) throws -> Invocation {
        if let (settings, plan) = QuickParser.plan(arguments, at: now) { return .plan(settings, plan) }
        if let mistake = MistypedCommand.find(in: arguments) { throw MistypedCommand.error(mistake.typed, mistake.meant) }
        var command = try TodoCommand.parseAsRoot(DashArguments.separated(arguments))
        guard let invoking = command as? any InvokingCommand else {
            // `todo db` alone: ArgumentParser's own run shows the command's help.
            try command.run()
            throw CleanExit.message("")
        }
        return try invoking.invocation(at: now)
    }
}
