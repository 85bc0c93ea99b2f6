import ArgumentParser
import TodoCoordinators
import TodoCore

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Show every list with its counts, or one list's tasks.",
        discussion: """
            Tasks are shown open first, then in the --sort order. The default, due, puts dated \
            tasks first (soonest first) and undated ones after; every order breaks ties by id.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "A list to show the tasks of.", completion: ListNameCompletion.kind)
    var list: String?

    @Flag(name: .long, help: "Show done tasks too.")
    var all = false

    @Option(help: "Order: due (default), priority (high first), created, or title.")
    var sort: TaskQuery.Sort = .due

    @Flag(help: "Only overdue tasks: a date before today, a date and time before now.")
    var overdue = false

    @Option(name: .customLong("due-before"), help: "Only tasks due strictly before this date (same forms as --due).")
    var dueBefore: String?

    @Option(help: "Only tasks of exactly this priority.")
    var priority: Priority?

    @Option(help: "Show at most this many tasks.")
    var limit: Int?

    mutating func validate() throws {
        if let list { self.list = try ArgumentRules.listName(list) }
        _ = try ArgumentRules.due(dueBefore)
        if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more") }
        let filtered = all || overdue || dueBefore != nil || priority != nil || limit != nil || sort != .due
        if filtered && list == nil {
            throw ValidationError("--all, --sort, --overdue, --due-before, --priority and --limit need a list: todo list LIST ...")
        }
    }

    func run() throws {
        guard let list else {
            return try CompositionRoot.run(global, CommandPlan(steps: [.send(.showLists)], writes: false, shape: .many))
        }
        let query = TaskQuery(
            includeDone: all, sort: sort, limit: limit, dueBefore: try ArgumentRules.due(dueBefore),
            overdueAsOf: overdue ? LocalClock().nowLocal() : nil, priority: priority)
        try CompositionRoot.run(global, CommandPlan(
            steps: [.send(.selectList(list, creating: false)), .send(.showTasks(query))], writes: false, shape: .many))
    }
}

extension TaskQuery.Sort: ExpressibleByArgument {}
