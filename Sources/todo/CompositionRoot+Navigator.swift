import TodoCLI
import TodoConfiguration
import TodoCoordinators
import TodoCore
import TodoSQLite
import TodoUI

extension CompositionRoot {
    /// `todo ui`: the same repository, navigator and AppCoordinator as a command, driven by keys
    /// on the real terminal until the user quits. The terminal is put back on every way out.
    static func runNavigator(_ settings: Settings) throws {
        let configuration = try Configuration.resolve(databaseFlag: settings.db)
        let location = configuration.location
        // Colour as for every command; the terminal is known to be one here.
        let colour = settings.colour(onTerminal: true, forbidden: configuration.forbidsColour)
        // A build that cannot open the URL says so before anything else.
        if let server = location.server, !opensServers { throw ServerRefusal.notThisBuild(server) }
        guard let terminal = RawTerminal(colour: colour) else { throw TerminalFailure.notATerminal }
        var repository = try location.server.map { try openServer($0, configuration) } ?? open(configuration, onlyReads: false)

        try terminal.enter()
        defer { terminal.restore() }
        var message: String?
        // Another file put at the database's path while the view is open (`mv other.db todo.db`)
        // is opened in place of the old one, with the screens built anew over it.
        while true {
            let display = NavigatorDisplay()
            let today: Today = { LocalClock().today() }
            let app = AppCoordinator(display: display, repository: repository, today: today)
            app.start()
            let navigatorApp = NavigatorApp(terminal: terminal, app: app, display: display, today: today, defaultList: Environment.process.defaultList)
            try navigatorApp.run(saying: message)
            guard navigatorApp.reopens else { return }
            // What opening has to say goes on the status line: stderr would write over the view.
            var said = ["Another database file was put at the path: this is it"]
            repository = try open(configuration, onlyReads: false) { said.append($0) }
            message = said.joined(separator: "; ")
        }
    }
}
