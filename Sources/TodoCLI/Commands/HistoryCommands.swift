import ArgumentParser
import TodoCoordinators
import TodoCore
import TodoTerminal

struct UndoCommand: PlannedCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Revert the most recent change not undone yet, and say what it was.",
        discussion: """
            A change is one whole command. Undo first checks that every list and task the change \
            touched is still as it left it; if something else changed one since (another command, \
            or sqlite3), it refuses (exit 1) and changes nothing.
            """
    )
    static let optionSpecs: [OptionSpec] = GlobalOptions.optionSpecs + WriteOptions.optionSpecs

    @OptionGroup var global: GlobalOptions
    @OptionGroup var write: WriteOptions

    func plan(at now: Due) throws -> CommandPlan { .history(.undo, write.writing) }
}

struct RedoCommand: PlannedCommand {
    static let configuration = CommandConfiguration(
        commandName: "redo",
        abstract: "Make the most recently undone change again.",
        discussion: "A new change after an undo drops what could have been redone."
    )
    static let optionSpecs: [OptionSpec] = GlobalOptions.optionSpecs + WriteOptions.optionSpecs

    @OptionGroup var global: GlobalOptions
    @OptionGroup var write: WriteOptions

    func plan(at now: Due) throws -> CommandPlan { .history(.redo, write.writing) }
}

struct HistoryCommand: PlannedCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Show the changes that can be undone or redone, newest first."
    )
    static let optionSpecs: [OptionSpec] = GlobalOptions.optionSpecs + [.value("--limit")]

    @OptionGroup var global: GlobalOptions

    @Option(parsing: .unconditional, help: "Show at most this many changes (0 or more).")
    var limit = 20

    func plan(at now: Due) throws -> CommandPlan {
        guard limit >= 0 else { throw ValidationError("--limit must be 0 or more") }
        return .listing([.send(.showHistory(limit: limit))])
    }
}

extension CommandPlan {
    /// Undo or redo: a write, but not a change of its own in the history.
    static func history(_ event: ViewEvent, _ writing: Writing) -> CommandPlan {
        var plan = CommandPlan(steps: [.send(event)], shape: .one, writing)
        plan.recordsChange = false
        return plan
    }
}
