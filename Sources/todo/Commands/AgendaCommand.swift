import ArgumentParser
import TodoCoordinators
import TodoCore

struct AgendaCommand: PlannedCommand {
    static let configuration = CommandConfiguration(
        commandName: "agenda",
        abstract: "Open tasks with a due date across every list: overdue, today, and the days ahead."
    )

    @OptionGroup var global: GlobalOptions

    @Option(help: "How many days after today to include.")
    var days = 7

    func validate() throws { _ = try plan(at: LocalClock().nowLocal()) }

    func plan(at now: Due) throws -> CommandPlan {
        guard (0...36_500).contains(days) else { throw ValidationError("--days must be between 0 and 36500") }
        let lastDay = now.date.adding(days: days) ?? now.date
        return .listing([.send(.showAgenda(through: lastDay))])
    }
}
