import ArgumentParser
import TodoCore

/// What `todo sync …` asks for (docs/manual.md, "Several machines").
public enum SyncRequest: Equatable, Sendable {
    /// `todo sync`
    case run
    /// `todo sync init URL`
    case link(hub: String)
    case status
    /// `todo sync conflicts [--dismiss ID...]`
    case conflicts(dismiss: [Int64])
    case unlink

    /// Whether it only reads the file (the status, the conflicts' list), and so works on a
    /// read-only one.
    var onlyReads: Bool { self == .status || self == .conflicts(dismiss: []) }
}

/// `todo sync`: this file and its hub, a PostgreSQL database, exchange what changed on each.
struct SyncCommand: InvokingCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Send what changed in this file to its hub, and receive what changed there.",
        discussion: "The file keeps working offline; each sync merges field by field, and a field changed on both sides keeps the hub's value and lists this file's under todo sync conflicts. With --json: {\"sent\": N, \"received\": M, \"conflicts\": [...]}.",
        subcommands: [SyncInitCommand.self, SyncStatusCommand.self, SyncConflictsCommand.self, SyncUnlinkCommand.self]
    )
    static let optionSpecs: [OptionSpec] = GlobalOptions.optionSpecs

    @OptionGroup var global: GlobalOptions

    func invocation(at now: Due) throws -> Invocation { .sync(global.settings, .run) }
}

struct SyncInitCommand: InvokingCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Link this file to a hub (a PostgreSQL database, set up if empty) and sync with it for the first time.",
        discussion: "The hub's tasks come in and this file's go out, one task per uuid. If the hub has tasks already, this file's other tasks take ids the hub hands out, printed as OLD → NEW. The password is never stored: later syncs take it from TODO_SYNC_URL, PGPASSWORD or ~/.pgpass."
    )
    static let positionalCount = 1
    static let optionSpecs: [OptionSpec] = GlobalOptions.optionSpecs

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The hub: postgres://user@host/database.", valueName: "url"))
    var url: String

    func invocation(at now: Due) throws -> Invocation { .sync(global.settings, .link(hub: url)) }
}

struct SyncStatusCommand: InvokingCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the hub, the last sync, the changes waiting to be sent and the ids left for offline use.",
        discussion: "It does not reach the hub. With --json: {\"hub\", \"last_sync\", \"waiting\", \"ids_left\"}."
    )
    static let optionSpecs: [OptionSpec] = GlobalOptions.optionSpecs

    @OptionGroup var global: GlobalOptions

    func invocation(at now: Due) throws -> Invocation { .sync(global.settings, .status) }
}

struct SyncConflictsCommand: InvokingCommand {
    static let configuration = CommandConfiguration(
        commandName: "conflicts",
        abstract: "List the conflicts syncs found and not yet dismissed: the value kept, and this file's.",
        discussion: "With --json: an array of {\"id\", \"task\", \"uuid\", \"field\", \"kept\", \"yours\", \"at\"}."
    )
    static let optionSpecs: [OptionSpec] = GlobalOptions.optionSpecs + [.value("--dismiss")]

    @OptionGroup var global: GlobalOptions

    @Option(parsing: .upToNextOption, help: ArgumentHelp("Dismiss these conflicts (all or none).", valueName: "id"))
    var dismiss: [Int64] = []

    func invocation(at now: Due) throws -> Invocation { .sync(global.settings, .conflicts(dismiss: dismiss)) }
}

struct SyncUnlinkCommand: InvokingCommand {
    static let configuration = CommandConfiguration(
        commandName: "unlink",
        abstract: "Make this file stand alone again: its link, the base it kept and its conflicts go; its lists and tasks stay."
    )
    static let optionSpecs: [OptionSpec] = GlobalOptions.optionSpecs

    @OptionGroup var global: GlobalOptions

    func invocation(at now: Due) throws -> Invocation { .sync(global.settings, .unlink) }
}
