import ArgumentParser
import TodoCoordinators
import TodoCore

struct ListCommand: PlannedCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Show every list with its counts, or one list's tasks.",
        discussion: """
            Tasks are shown open first, then in the --sort order. The default, due, puts dated \
            tasks first (soonest first) and undated ones after; every order breaks ties by id.
            """
    )
    static let positionalCount = 1
    static let optionSpecs: [OptionSpec] = GlobalOptions.optionSpecs + [
        .flag("--all"), .value("--sort"), .flag("--overdue"), .value("--due-before"), .value("-p", "--priority"), .value("--limit"),
        .value("-t", "--tag"),
    ]

    @OptionGroup var global: GlobalOptions

    @Argument(help: "A list to show the tasks of.", completion: ListNameCompletion.kind)
    var list: String?

    @Flag(name: .long, help: "Show done tasks too.")
    var all = false

    @Option(help: "Order: due (default), urgency (see todo tasks --help), priority (high first), created, or title.")
    var sort: TaskQuery.Sort = .due

    @Flag(help: "Only overdue tasks: a date before today, a date and time before now.")
    var overdue = false

    @Option(name: .customLong("due-before"), help: "Only tasks due strictly before this date (same forms as --due).")
    var dueBefore: String?

    @Option(name: [.short, .long], help: "Only tasks of exactly this priority.")
    var priority: Priority?

    @Option(parsing: .unconditional, help: "Show at most this many tasks (0 or more).")
    var limit: Int?

    @Option(name: [.short, .long], help: "Only tasks with this tag (repeat the option: with all of them).")
    var tag: [String] = []

    var request: ListRequest {
        ListRequest(list: list, all: all, sort: sort, overdue: overdue, dueBefore: dueBefore, priority: priority, limit: limit, tags: tag)
    }

    func plan(at now: Due) throws -> CommandPlan { try request.plan(at: now) }
}

/// `todo list [LIST ...]` as plain values.
struct ListRequest: Equatable {
    var list: String?
    var all = false
    var sort: TaskQuery.Sort = .due
    var overdue = false
    var dueBefore: String?
    var priority: Priority?
    var limit: Int?
    var tags: [String] = []

    /// The request with its names trimmed; a usage error when it breaks a rule.
    func validated(today: CivilDate) throws -> ListRequest {
        var request = self
        if let list { request.list = try ArgumentRules.listName(list) }
        _ = try ArgumentRules.due(dueBefore, today: today)
        if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more") }
        request.tags = try ArgumentRules.filterTags(tags)
        let filtered = all || overdue || dueBefore != nil || priority != nil || limit != nil || sort != .due || !tags.isEmpty
        if filtered && list == nil {
            let options = ListCommand.optionSpecs.ownOnly.map(\.name)
            throw ValidationError("\(options.dropLast().joined(separator: ", ")) and \(options.last ?? "") need a list: todo list LIST ...")
        }
        return request
    }

    func plan(at now: Due) throws -> CommandPlan {
        let request = try validated(today: now.date)
        guard let list = request.list else {
            return .listing([.send(.showLists)])
        }
        let query = TaskQuery(
            includeDone: all, sort: sort, limit: limit, dueBefore: try ArgumentRules.due(dueBefore, today: now.date),
            overdueAsOf: overdue ? now : nil, priority: priority, tags: request.tags, now: now)
        return .listing([.send(.selectList(list, creating: false)), .send(.showTasks(query))])
    }
}

extension TaskQuery.Sort: ExpressibleByArgument {}
