import ArgumentParser

/// Options every command accepts.
struct GlobalOptions: ParsableArguments, DeclaresOptions {
    static let database = OptionSpec.value("--db")
    static let optionSpecs: [OptionSpec] = [database, .flag("--json"), .value("--color"), .flag("--no-color")]

    @Option(name: .long, help: ArgumentHelp("The database file (else $TODO_DB, TODO_DB in ./.env, then $XDG_DATA_HOME/todo/todo.db).", valueName: "path"))
    var db: String?

    @Flag(name: .long, help: "Print JSON for scripts instead of text.")
    var json = false

    @Option(name: .long, help: ArgumentHelp("When to colour text output: auto (a terminal, and NO_COLOR unset), always or never.", valueName: "when"))
    var color: ColorChoice = .auto

    @Flag(name: .customLong("no-color"), help: "Same as --color never.")
    var noColor = false

    mutating func validate() throws {
        if let db, db.isEmpty { throw ValidationError("--db needs a file path") }
    }
}

public enum ColorChoice: String, CaseIterable, ExpressibleByArgument, Sendable {
    case auto, always, never
}
