import TodoConfiguration
import TodoCoordinators
import TodoCore
import TodoInterchange
import TodoTerminal

#if canImport(Glibc)
import Glibc
#endif

/// How a command is carried out on whatever database the configuration names. The composition
/// root, the one place that names concrete types, gives only what does: the repository
/// (`open`) and the sync after a write (`syncAfterwards`).
package struct CommandRun {
    /// The repository of `configuration`'s database; `missing`: a file that does not exist,
    /// which nothing here creates (an empty database in memory stands for it).
    package typealias Open = (_ configuration: Configuration, _ onlyReads: Bool, _ missing: Bool) throws -> any TodoRepository

    package let settings: Settings
    package let configuration: Configuration
    package let open: Open

    package init(_ settings: Settings, open: @escaping Open) throws {
        self.settings = settings
        configuration = try Configuration.resolve(databaseFlag: settings.db)
        self.open = open
    }

    /// Carries `plan` out through the AppCoordinator; `syncAfterwards` runs once it committed,
    /// when TODO_SYNC_AUTO asks for it.
    package func carryOut(_ plan: CommandPlan, syncAfterwards: (any TodoRepository) -> Void) throws {
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
        let repository = try open(configuration, !plan.writes, missing != nil)
        let app = AppCoordinator(display: renderer, repository: repository, today: { LocalClock().today() })
        app.start()

        do {
            try plan.carryOut(on: repository, app)
        } catch let error as TodoError where missing != nil && error.exitStatus == ExitStatus.failure {  // not a bad record
            throw CommandFailure.noDatabase(path: location.path, because: error.description)
        }
        // The command is over: leave every screen, so each coordinator finishes.
        app.finish()
        try OutputFailed.writing(afterChange: plan.writes && !plan.dryRun) {
            try renderer.finish()
            try output.flush()
        }
        // What an import could not carry over, once it is in (or, in a dry run, would be).
        for message in plan.notices?.messages ?? [] { StandardError.write("todo: " + TerminalText.safe(message) + "\n") }
        if autoSync { syncAfterwards(repository) }
    }

    /// One task, as it is: what `todo edit ID` gives the editor.
    package func readTask(_ reference: TaskReference) throws -> TodoTask {
        let location = configuration.location
        let missing = location.server == nil && access(location.path, F_OK) != 0
        do {
            return try open(configuration, true, missing).existingTask(reference)
        } catch let error as TodoError where missing {
            throw CommandFailure.noDatabase(path: location.path, because: error.description)
        }
    }
}
