import ArgumentParser
import TodoCoordinators
import TodoCore

struct AgendaCommand: PlannedCommand {
    static let configuration = CommandConfiguration(
        commandName: "agenda",
        abstract: "Open tasks with a due date across every list: overdue, today, and the days ahead."
    )
    static let optionSpecs: [OptionSpec] = GlobalOptions.optionSpecs + [.value("--days"), .value("-t", "--tag"), .flag("-q", "--quiet")]

    @OptionGroup var global: GlobalOptions

    // Unconditional, so that `--days -1` is read as a number and refused as one, not taken for
    // an unknown option.
    @Option(parsing: .unconditional, help: "How many days after today to include (0 or more).")
    var days = AcrossListsScreen.agendaDaysAhead

    @Option(name: [.short, .long], help: "Only tasks with this tag (repeat the option: with all of them).")
    var tag: [String] = []

    @Flag(name: [.short, .long], help: "Print only the tasks' ids, one a line (as todo tasks -q).")
    var quiet = false

    func plan(at now: Due) throws -> CommandPlan {
        guard days >= 0 else { throw ValidationError("--days must be 0 or more, not \(days)") }
        guard days <= 36_500 else { throw ValidationError("--days must be at most 36500 (a hundred years)") }
        let lastDay = now.date.adding(days: days) ?? now.date
        var plan = CommandPlan.listing([.open(.tab(.agenda)), .send(.showAgenda(through: lastDay, tags: try ArgumentRules.filterTags(tag)))])
        plan.quiet = quiet
        return plan
    }
}

struct TagsCommand: PlannedCommand {
    static let configuration = CommandConfiguration(
        commandName: "tags",
        abstract: "Show every tag with its number of open tasks."
    )
    static let optionSpecs: [OptionSpec] = GlobalOptions.optionSpecs

    @OptionGroup var global: GlobalOptions

    func plan(at now: Due) throws -> CommandPlan { .listing([.send(.showTags)]) }
}
