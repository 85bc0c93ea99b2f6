import TodoCoordinators
import TodoCore
import TodoSQLite

/// The one place that names concrete types, as the seeds' SceneDelegate does: it resolves the
/// configuration, opens the one repository, builds the navigator and the AppCoordinator, and
/// carries a command's plan out.
enum CompositionRoot {
    static func run(_ options: GlobalOptions, _ plan: CommandPlan) throws {
        let environment = Environment.process
        let location = try DatabaseLocation.resolve(flag: options.db, environment: environment)
        // Writes are held back until their transaction commits, so a failure prints nothing.
        let output = StandardOutput(holdUntilFlushed: plan.writes)
        let renderer: any Renderer = options.json
            ? JSONRenderer(output: output, shape: plan.shape)
            : HumanRenderer(output: output, style: Style(options, environment: environment, output: output))

        let repository = try SQLiteTodoRepository.open(path: location.path)
        let navigator = Navigator(display: renderer)
        let app = AppCoordinator(navigator: navigator, repository: repository)
        app.start()

        let perform = {
            for step in plan.steps {
                switch step {
                case .open(let link): try app.open(link)
                case .send(let event): try navigator.send(event)
                }
            }
        }
        if plan.writes {
            try repository.write(perform)
        } else {
            try perform()
        }
        // The command is over: leave every screen, so each coordinator finishes.
        navigator.unwindToRoot()
        try renderer.finish()
        try output.flush()
    }
}
