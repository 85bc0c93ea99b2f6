import TodoCLI
import TodoConfiguration
import TodoCoordinators
import TodoInterchange
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
            try TaskEditing.run(task, json: settings.json, read: { try readTask(settings, $0) }, save: { try run(settings, $0) })
        }
    }

    static func run(_ settings: Settings, _ plan: CommandPlan) throws {
        let configuration = try Configuration.resolve(databaseFlag: settings.db)
        let location = configuration.location
        // Output is held back until the command succeeded (for writes, until their transaction
        // committed), so a failure prints nothing; only listings stream.
        let output = StandardOutput(holdUntilFlushed: !plan.streams)
        // A reading command on a file that does not exist creates nothing (a mistyped --db must
        // not leave a new file behind): it reads an empty database instead, and says so. Nor do
        // undo and redo, which only revert what a database holds, nor a dry run, which changes nothing.
        let createsDatabase = plan.writes && plan.recordsChange && !plan.dryRun
        let missing = location.server == nil && !createsDatabase && access(location.path, F_OK) != 0 ? location.path : nil
        let renderer = plan.renderer(settings, output: output, forbidsColour: configuration.forbidsColour, missingDatabase: missing)

        // Read before the command: a setting it cannot use stops it before it changes anything.
        let autoSync = plan.writes && !plan.dryRun && location.server == nil ? try configuration.syncSettings().auto : false
        let repository = try repository(configuration, onlyReads: !plan.writes, missing: missing != nil)
        let app = AppCoordinator(display: renderer, repository: repository, today: { LocalClock().today() })
        app.start()

        do {
            try plan.carryOut(on: repository, app)
        } catch let error as TodoError where missing != nil && error.exitStatus == ExitStatus.failure {  // not a bad record
            throw CommandFailure.noDatabase(path: location.path, because: error.description)
        }
        // The command is over: leave every screen, so each coordinator finishes.
        app.finish()
        do {
            try renderer.finish()
            try output.flush()
        } catch var failure as OutputFailed {
            failure.changeWasMade = plan.writes && !plan.dryRun
            throw failure
        }
        // What an import could not carry over, once it is in (or, in a dry run, would be).
        for message in plan.notices?.messages ?? [] { StandardError.write("todo: " + TerminalText.safe(message) + "\n") }
        if autoSync { syncAfterwards(configuration, repository) }
    }
}

extension CompositionRoot {
    /// The repository of the configured database: a server's, a file's, or (for a file that is
    /// `missing`, which nothing here creates) an empty one in memory.
    static func repository(_ configuration: Configuration, onlyReads: Bool, missing: Bool) throws -> any TodoRepository {
        if let server = configuration.location.server { return try openServer(server, configuration) }
        return try missing ? SQLiteTodoRepository.openEmpty() : open(configuration, onlyReads: onlyReads)
    }

    /// One task, read from the database the settings name: what `todo edit ID` gives the editor.
    static func readTask(_ settings: Settings, _ reference: TaskReference) throws -> TodoTask {
        let configuration = try Configuration.resolve(databaseFlag: settings.db), location = configuration.location
        let missing = location.server == nil && access(location.path, F_OK) != 0
        do {
            return try repository(configuration, onlyReads: true, missing: missing).existingTask(reference)
        } catch let error as TodoError where missing {
            throw CommandFailure.noDatabase(path: location.path, because: error.description)
        }
    }

    /// Opens the one repository, and says on stderr where the file was saved if opening it had to
    /// upgrade its schema first (stdout stays the command's).
    static func open(_ configuration: Configuration, onlyReads: Bool) throws -> SQLiteTodoRepository {
        var options = SQLiteTodoRepository.Options(try configuration.fileSettings())
        options.onlyReads = onlyReads
        let repository = try SQLiteTodoRepository.open(path: configuration.location.path, options: options)
        if let backup = repository.migrationBackup {
            StandardError.write("todo: upgraded the database's schema; the file as it was is saved at \(TerminalText.safe(backup))\n")
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
