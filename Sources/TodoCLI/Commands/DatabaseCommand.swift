import ArgumentParser
import TodoCore

/// `todo db ...`: looking after the database file itself.
struct DatabaseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "db",
        abstract: "Look after the database file: where it is, whether it is sound, a backup.",
        subcommands: [DatabasePathCommand.self, DatabaseCheckCommand.self, DatabaseBackupCommand.self]
    )
}

struct DatabasePathCommand: InvokingCommand {
    static let configuration = CommandConfiguration(
        commandName: "path",
        abstract: "Print which database file is in use (first line) and why (second line).",
        discussion: "It does not open or create the file. With --json: {\"path\": ..., \"source\": ..., \"exists\": ...}."
    )
    static let optionSpecs: [OptionSpec] = GlobalOptions.optionSpecs

    @OptionGroup var global: GlobalOptions

    func invocation(at now: Due) throws -> Invocation { .databasePath(global.settings) }
}

struct DatabaseCheckCommand: InvokingCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the database: integrity, foreign keys, migrations, schema, values, counts and search index.",
        discussion: "Exit status 0 when all is well; 1 with one line per problem on stderr otherwise. It never changes the file, unless --repair."
    )
    static let optionSpecs: [OptionSpec] = GlobalOptions.optionSpecs + [.flag("--repair")]

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Recount the lists and rebuild the search index when they are out of step with the tasks (after hand edits).")
    var repair = false

    func invocation(at now: Due) throws -> Invocation { .checkDatabase(global.settings, repair: repair) }
}

struct DatabaseBackupCommand: InvokingCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Write a consistent copy of the database to a new FILE, even while other todo processes write.",
        discussion: "From a PostgreSQL database, FILE is a new SQLite file with every list and task (ids kept), read at one moment; the history stays on the server."
    )
    static let positionalCount = 1
    static let optionSpecs: [OptionSpec] = GlobalOptions.optionSpecs

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The new file to write (an existing file is never overwritten).", completion: .file())
    var file: String

    mutating func validate() throws {
        guard !file.isEmpty else { throw ValidationError("give a file to write the backup to") }
    }

    func invocation(at now: Due) throws -> Invocation { .backUpDatabase(global.settings, to: file) }
}
