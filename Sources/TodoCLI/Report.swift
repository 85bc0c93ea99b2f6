import ArgumentParser
import TodoCore
import TodoTerminal

#if canImport(Glibc)
import Glibc
#endif

/// How the program ends when a command does not succeed: one harmless `Error:` line on stderr
/// and a documented exit status (docs/manual.md), or ArgumentParser's own words for help and usage.
public enum Report {
    /// Exit statuses of the manual.
    public enum Status {
        public static let failure = ExitStatus.failure
        /// ArgumentParser's validation code, the same 64.
        public static let usage: Int32 = ExitCode.validationFailure.rawValue
        public static let invalidRecord = ExitStatus.invalidRecord
    }

    /// One `Error:` line on stderr, then exit. stdout stays empty: output is held back until a
    /// command has succeeded (listings, which stream, are the exception; see `CommandPlan`).
    public static func fail(_ message: String, details: [String] = [], status: Int32 = Status.failure) -> Never {
        // Control characters (a newline or an escape sequence in a name) are shown as escapes,
        // so the message stays one harmless line; details (`todo db check`'s findings) follow,
        // one per line, made harmless the same way.
        let details = details.map { "\n  " + TerminalText.safe($0) }.joined()
        StandardError.write("Error: \(TerminalText.safe(message))\(details)\n")
        Glibc.exit(status)
    }

    /// A usage error in ArgumentParser's own form: the message, the command's usage, and where
    /// to read more; exit status 64.
    public static func failUsage(_ error: UsageError) -> Never {
        guard let command = error.command else { fail(error.message, status: Status.usage) }
        StandardError.write("Error: \(TerminalText.safe(error.message))\nUsage: \(TodoCommand.usageString(for: command))\n"
            + "  See '\(TodoCommand.path(of: command)) --help' for more information.\n")
        Glibc.exit(Status.usage)
    }

    /// What ArgumentParser says about a command line it stopped at: help and the version go to
    /// stdout as they are; a usage error goes to stderr with anything the user typed made
    /// harmless (`todo done $'\e[2J'` must not clear the screen), line by line.
    public static func exitForParsingOutcome(_ error: any Error) -> Never {
        let code = TodoCommand.exitCode(for: error)
        let message = TodoCommand.fullMessage(for: error)
        if code == .success {
            // Help and the version go through the same checked writes as every output.
            do {
                if !message.isEmpty { try StandardOutput.print(message + "\n") }
            } catch let failure as OutputFailed {
                fail(failure.description)
            } catch {}
            Glibc.exit(code.rawValue)
        }
        let lines = message.splitAtEveryLineFeed().map { TerminalText.safe(String($0)) }
        if !message.isEmpty { StandardError.write(lines.joined(by: "\n") + "\n") }
        Glibc.exit(code.rawValue)
    }

    /// The position (1 = the first after `todo`) of the first argument whose bytes are not valid
    /// UTF-8. `CommandLine.arguments` would silently replace them with U+FFFD and store something
    /// other than what was given, so such an argument is refused (exit 64) before parsing.
    public static func argumentNotValidUTF8() -> Int? {
        let count = Int(CommandLine.argc)
        for position in stride(from: 1, to: count, by: 1) {
            guard let argument = CommandLine.unsafeArgv[position] else { return nil }
            if String(validatingCString: argument) == nil { return position }
        }
        return nil
    }
}
