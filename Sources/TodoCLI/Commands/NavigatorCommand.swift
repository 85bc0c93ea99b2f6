import ArgumentParser
import TodoCore

struct NavigatorCommand: InvokingCommand {
    static let configuration = CommandConfiguration(
        commandName: "ui",
        abstract: "Open the full-screen navigator: lists, then a list's tasks, then a task's form.",
        discussion: """
            Keys: ↑/↓ or k/j move, Enter opens, a adds, space marks done, e edits or renames, \
            D deletes (asks y), / filters, u undoes, Esc goes back, ? shows the keys, q quits. \
            It needs a terminal on stdin and stdout (exit 64 without one). What other processes \
            write shows within a second.
            """
    )
    static let optionSpecs: [OptionSpec] = GlobalOptions.optionSpecs

    @OptionGroup var global: GlobalOptions

    func invocation(at now: Due) throws -> Invocation {
        if global.json { throw ValidationError("todo ui shows a screen, not JSON: --json cannot be used with it") }
        return .navigator(global.settings)
    }
}
