import ArgumentParser
import TodoCoordinators
import TodoCore

struct AgendaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "agenda",
        abstract: "Open tasks with a due date across every list: overdue, today, and the days ahead."
    )

    @OptionGroup var global: GlobalOptions

    @Option(help: "How many days after today to include.")
    var days = 7

    mutating func validate() throws {
        guard (0...36_500).contains(days) else { throw ValidationError("--days must be between 0 and 36500") }
    }

    func run() throws {
        let today = LocalClock().today()
        let lastDay = today.adding(days: days) ?? today
        try CompositionRoot.run(global, CommandPlan(steps: [.send(.showAgenda(through: lastDay))], writes: false, shape: .many))
    }
}
