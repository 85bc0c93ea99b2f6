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
        discussion: "Run a command with --help for its options. Scripts should use --json and the exit status: 0 success, 1 the command could not be carried out, 64 usage, 65 a bad record in an import file.",
        version: "0.1.0",
        subcommands: [
            ListCommand.self, AddCommand.self, EditCommand.self, DoneCommand.self, UndoneCommand.self,
            RemoveCommand.self, NewListCommand.self, RenameListCommand.self, DeleteListCommand.self,
            SearchCommand.self, AgendaCommand.self, ShowCommand.self, ExportCommand.self, ImportCommand.self,
            DatabaseCommand.self,
        ],
        defaultSubcommand: ListCommand.self
    )

    static func main() {
        // A closed pipe (`todo list | head`) must end the program quietly, not kill it with a signal.
        signal(SIGPIPE, SIG_IGN)
        if let position = argumentNotValidUTF8() {
            StandardError.write("Error: argument \(position) is not valid UTF-8\n")
            Glibc.exit(ExitCode.validationFailure.rawValue)
        }
        do {
            let arguments = LeadingOptions.moved(Array(CommandLine.arguments.dropFirst()))
            if let (settings, plan) = QuickParser.plan(arguments, at: LocalClock().nowLocal()) {
                try CompositionRoot.run(settings, plan)
            } else {
                if let mistake = MistypedCommand.find(in: arguments) {
                    fail("no command or list named \"\(mistake.typed)\". Did you mean \"\(mistake.meant)\"?",
                         status: ExitCode.validationFailure.rawValue)
                }
                var command = try parseAsRoot(arguments)
                try command.run()
            }
        } catch let error as TodoError {
            // 65 (EX_DATAERR) for a bad record in an input file, as CLI.md says.
            if case .invalidRecord = error { fail(error.description, status: 65) }
            if case .invalidSetting = error { fail(error.description, status: ExitCode.validationFailure.rawValue) }
            if case .settingNotUTF8 = error { fail(error.description, status: ExitCode.validationFailure.rawValue) }
            if case .checkFailed(_, let findings) = error { fail(error.description, details: findings) }
            fail(error.description)
        } catch let error as UsageError {
            failUsage(error)
        } catch let error as NavigationError {
            fail(error.description)
        } catch is OutputClosed {
            Glibc.exit(0)
        } catch let failure as OutputFailed {
            fail(failure.description)
        } catch {
            reportParsingOutcome(error)
        }
    }

    /// The position (1 = the first after `todo`) of the first argument whose bytes are not valid
    /// UTF-8. `CommandLine.arguments` would silently replace them with U+FFFD and store something
    /// other than what was given, so such an argument is refused (exit 64) before parsing.
    static func argumentNotValidUTF8() -> Int? {
        let count = Int(CommandLine.argc)
        for position in stride(from: 1, to: count, by: 1) {
            guard let argument = CommandLine.unsafeArgv[position] else { return nil }
            if String(validatingCString: argument) == nil { return position }
        }
        return nil
    }

    /// What ArgumentParser says about a command line it stopped at: help and the version go to
    /// stdout as they are; a usage error goes to stderr with anything the user typed made
    /// harmless (`todo done $'\e[2J'` must not clear the screen), line by line.
    static func reportParsingOutcome(_ error: any Error) -> Never {
        let code = exitCode(for: error)
        let message = fullMessage(for: error)
        if code == .success {
            // Help and the version go through the same checked writes as every output.
            do {
                if !message.isEmpty {
                    let output = StandardOutput(holdUntilFlushed: true)
                    try output.write(message + "\n")
                    try output.flush()
                }
            } catch let failure as OutputFailed {
                fail(failure.description)
            } catch {}
            Glibc.exit(code.rawValue)
        }
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText.safe(String($0)) }
        if !message.isEmpty { StandardError.write(lines.joined(separator: "\n") + "\n") }
        Glibc.exit(code.rawValue)
    }

    /// A usage error in ArgumentParser's own form: the message, the command's usage, and where
    /// to read more; exit status 64.
    static func failUsage(_ error: UsageError) -> Never {
        StandardError.write("Error: \(TerminalText.safe(error.message))\nUsage: \(usageString(for: error.command))\n"
            + "  See '\(commandPath(error.command)) --help' for more information.\n")
        Glibc.exit(ExitCode.validationFailure.rawValue)
    }

    /// How a command is typed: `todo edit`, `todo db backup`.
    static func commandPath(_ command: any ParsableCommand.Type) -> String {
        for sub in configuration.subcommands {
            if sub == command { return "todo " + sub._commandName }
            if sub.configuration.subcommands.contains(where: { $0 == command }) {
                return "todo " + sub._commandName + " " + command._commandName
            }
        }
        return "todo"
    }

    /// One `Error:` line on stderr, exit status 1. stdout stays empty: output is held back until
    /// a command has succeeded (listings, which stream, are the exception; see `CommandPlan`).
    static func fail(_ message: String, details: [String] = [], status: Int32 = 1) -> Never {
        // Control characters (a newline or an escape sequence in a name) are shown as escapes,
        // so the message stays one harmless line; details (`todo db check`'s findings) follow,
        // one per line, made harmless the same way.
        let details = details.map { "\n  " + TerminalText.safe($0) }.joined()
        StandardError.write("Error: \(TerminalText.safe(message))\(details)\n")
        Glibc.exit(status)
    }
}
