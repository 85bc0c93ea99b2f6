import ArgumentParser
import TodoCoordinators
import TodoCore

struct TasksCommand: PlannedCommand {
    static let configuration = CommandConfiguration(
        commandName: "tasks",
        abstract: "Show the open tasks of every list, each with its list.",
        discussion: """
            Takes the filters of todo list LIST, and --list and --search to narrow it down. \
            --sort urgency puts first what needs doing first: overdue tasks (a date before today, \
            a date and time before now), then those due today or in the 7 days after, then the \
            rest; within each, high priority first, then by due date. -q prints only the ids, one \
            a line: todo tasks --tag x -q | xargs -r todo done.
            """
    )
    static let optionSpecs: [OptionSpec] = GlobalOptions.optionSpecs + [
        .value("-l", "--list"), .value("-t", "--tag"), .value("-p", "--priority"), .value("--due-before"), .flag("--overdue"),
        .value("--search"), .value("--sort"), .value("--limit"), .flag("--all"), .flag("-q", "--quiet"),
    ]

    @OptionGroup var global: GlobalOptions

    @Option(name: [.short, .long], help: "Only this list's tasks (repeat the option for more lists).", completion: ListNameCompletion.kind)
    var list: [String] = []

    @Option(name: [.short, .long], help: "Only tasks with this tag (repeat the option: with all of them).")
    var tag: [String] = []

    @Option(name: [.short, .long], help: "Only tasks of exactly this priority.")
    var priority: Priority?

    @Option(name: .customLong("due-before"), help: "Only tasks due strictly before this date (same forms as --due).")
    var dueBefore: String?

    @Flag(help: "Only overdue tasks: a date before today, a date and time before now.")
    var overdue = false

    @Option(help: "Only tasks whose title or notes contain every word (as todo search finds them).")
    var search: String?

    @Option(help: "Order: due (default), urgency, priority (high first), created, or title.")
    var sort: TaskQuery.Sort = .due

    @Option(parsing: .unconditional, help: "Show at most this many tasks (0 or more).")
    var limit: Int?

    @Flag(name: .long, help: "Show done tasks too.")
    var all = false

    @Flag(name: [.short, .long], help: "Print only the tasks' ids, one a line.")
    var quiet = false

    var request: TasksRequest {
        TasksRequest(lists: list, tags: tag, priority: priority, dueBefore: dueBefore, overdue: overdue, search: search, sort: sort,
                     limit: limit, all: all, quiet: quiet)
    }

    func plan(at now: Due) throws -> CommandPlan { try request.plan(at: now) }
}

/// `todo tasks ...` as plain values.
struct TasksRequest: Equatable {
    var lists: [String] = []
    var tags: [String] = []
    var priority: Priority?
    var dueBefore: String?
    var overdue = false
    var search: String?
    var sort: TaskQuery.Sort = .due
    var limit: Int?
    var all = false
    var quiet = false

    func plan(at now: Due) throws -> CommandPlan {
        if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more") }
        let words = search.map { [$0] } ?? []
        if search != nil && TaskSearch(words: words).searchableWords.isEmpty {
            throw ValidationError("--search needs at least one word with a letter or a digit")
        }
        let names = try ArgumentRules.listNames(lists)
        let query = TaskQuery(
            includeDone: all, sort: sort, limit: limit, dueBefore: try ArgumentRules.due(dueBefore, today: now.date),
            overdueAsOf: overdue ? now : nil, priority: priority, tags: try ArgumentRules.filterTags(tags), words: words, now: now)
        var plan = CommandPlan.listing([.open(.tab(.tasks)), .send(.showTasksAcrossLists(query, lists: names))])
        plan.quiet = quiet
        return plan
    }
}
