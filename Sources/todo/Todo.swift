import ArgumentParser
import TodoCoordinators
import TodoCore

#if canImport(Glibc)
import Glibc
#endif

/// `todo`: lists and tasks in one SQLite file.
@main
struct Todo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "todo",
        abstract: "A todo manager that keeps every list and task in one SQLite file.",
        discussion: "Run a command with --help for its options. Scripts should use --json and the exit status: 0 success, 1 the command could not be carried out, 64 usage.",
        version: "0.1.0",
        subcommands: [
            ListCommand.self, AddCommand.self, EditCommand.self, DoneCommand.self, UndoneCommand.self,
            RemoveCommand.self, NewListCommand.self, RenameListCommand.self, DeleteListCommand.self,
        ],
        defaultSubcommand: ListCommand.self
    )

    static func main() {
        // A closed pipe (`todo list | head`) must end the program quietly, not kill it with a signal.
        signal(SIGPIPE, SIG_IGN)
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as TodoError {
            fail(error.description)
        } catch let error as NavigationError {
            fail(error.description)
        } catch is OutputClosed {
            Glibc.exit(0)
        } catch {
            exit(withError: error)
        }
    }

    /// One `Error:` line on stderr, exit status 1; stdout stays empty because output is held
    /// back until a command has succeeded.
    static func fail(_ message: String) -> Never {
        StandardError.write("Error: \(message)\n")
        Glibc.exit(1)
    }
}
