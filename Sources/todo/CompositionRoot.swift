import TodoCLI
import TodoConfiguration
import TodoCore
import TodoSQLite
import TodoTerminal

#if canImport(Glibc)
import Glibc
#endif

/// The one place that names concrete types, as the seeds' SceneDelegate does: it resolves the
/// configuration, opens the one repository, builds the screen stack and the AppCoordinator, and
/// carries a command's plan out.
enum CompositionRoot {
    /// Carries out what a command line asked for.
    static func carryOut(_ invocation: Invocation) throws {
        switch invocation {
        case .plan(let settings, let plan): try run(settings, plan)
        case .databasePath(let settings): try showDatabasePath(settings)
        case .checkDatabase(let settings, let repair): try checkDatabase(settings, repair: repair)
        case .backUpDatabase(let settings, let file): try backUpDatabase(settings, to: file)
        case .navigator(let settings): try runNavigator(settings)
        case .sync(let settings, let request): try sync(settings, request)
        case .editInEditor(let settings, let task):
            try TaskEditing.run(task, json: settings.json, read: { try CommandRun(settings, open: repository).readTask($0) }, save: { try run(settings, $0) })
        }
    }

    static func run(_ settings: Settings, _ plan: CommandPlan) throws {
        let run = try CommandRun(settings, open: repository)
        try run.carryOut(plan) { syncRun(run.configuration).afterwards($0) }
    }
}

extension CompositionRoot {
    /// The repository of the configured database: a server's, a file's, or (for a file that is
    /// `missing`, which nothing here creates) an empty one in memory.
    static func repository(_ configuration: Configuration, onlyReads: Bool, missing: Bool) throws -> any TodoRepository {
        if let server = configuration.location.server { return try openServer(server, configuration) }
        return try missing ? SQLiteTodoRepository.openEmpty() : open(configuration, onlyReads: onlyReads)
    }

    /// Opens the one repository, and says (on stderr, unless told where) where the file was saved
    /// if opening it had to upgrade its schema first, and where it set aside another file's log.
    static func open(_ configuration: Configuration, onlyReads: Bool,
                     saying say: (String) -> Void = { StandardError.write("todo: " + $0 + "\n") }) throws -> SQLiteTodoRepository {
        var options = SQLiteTodoRepository.Options(try configuration.fileSettings())
        options.onlyReads = onlyReads
        let repository = try SQLiteTodoRepository.open(path: configuration.location.path, options: options)
        if let log = repository.unappliedLog {
            say("the write-ahead log beside the database was another file's, which was at this path before; it was not applied, and is kept as \(TerminalText.safe(log))")
        }
        if let backup = repository.migrationBackup {
            say("upgraded the database's schema; the file as it was is saved at \(TerminalText.safe(backup))")
        }
        return repository
    }

    /// List names for shell completion and for telling a list from a mistyped command, read
    /// without creating, migrating or waiting: pressing TAB must never change a database.
    static func forEachListName(databaseFlag: String?, _ body: (String) -> Void) {
        guard let configuration = try? Configuration.resolve(databaseFlag: databaseFlag) else { return }
        let location = configuration.location
        if let server = location.server { return serverForEachListName(server, configuration, body) }
        guard access(location.path, F_OK) == 0 else { return }
        try? SQLiteTodoRepository.forEachListName(path: location.path, body)
    }
}
