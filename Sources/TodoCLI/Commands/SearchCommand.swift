import ArgumentParser
import TodoCoordinators
import TodoCore

struct SearchCommand: PlannedCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find tasks whose title or notes contain every word.",
        discussion: """
            A word also matches the start of a longer word ("mil" finds "milk"), case and accents \
            are ignored, and characters such as " * - ( ) are taken literally. Open tasks of every \
            list are searched, best matches first.
            """
    )
    static let positionalCount = Int.max
    static let optionSpecs: [OptionSpec] = GlobalOptions.optionSpecs + [.value("-l", "--list"), .value("-t", "--tag"), .flag("--all")]

    @OptionGroup var global: GlobalOptions

    @Argument(help: "Words to find, as one argument or several.")
    var words: [String] = []

    @Option(name: [.short, .long], help: "Search only this list.", completion: ListNameCompletion.kind)
    var list: String?

    @Option(name: [.short, .long], help: "Only tasks with this tag (repeat the option: with all of them).")
    var tag: [String] = []

    @Flag(help: "Search done tasks too.")
    var all = false

    func plan(at now: Due) throws -> CommandPlan {
        guard !TaskSearch(words: words).searchableWords.isEmpty else {
            throw ValidationError("give at least one word with a letter or a digit to search for")
        }
        let search = ViewEvent.search(words, list: try list.map { try ArgumentRules.listName($0) }, includeDone: all,
                                      tags: try ArgumentRules.filterTags(tag))
        return .listing([.send(search)])
    }
}
