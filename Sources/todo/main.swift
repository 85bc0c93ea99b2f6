import TodoCLI
import TodoCore
import TodoCoordinators
import TodoInterchange
import TodoSQLite
import TodoTerminal
import TodoUI

#if canImport(Glibc)
import Glibc
#endif

// `todo`: read the command line, carry it out through the composition root, and end with the
// exit status the manual gives for whatever happened.

// A closed pipe (`todo list | head`) must end the program quietly, not kill it with a signal.
signal(SIGPIPE, SIG_IGN)
// One command, one thread: SQLite needs no locks of its own.
Connection.useFromOneThreadOnly()
if let position = Report.argumentNotValidUTF8() {
    Report.fail("argument \(position) is not valid UTF-8", status: Report.Status.usage)
}
TodoCommandLine.listNames = CompositionRoot.listNames
do {
    try CompositionRoot.carryOut(try TodoCommandLine.read(Array(CommandLine.arguments.dropFirst()), at: LocalClock().nowLocal()))
} catch let error as TodoError {
    // 65 (EX_DATAERR) for a bad record in an input file, as the manual says.
    if case .invalidRecord = error { Report.fail(error.description, status: Report.Status.invalidRecord) }
    // A repeating task without a due date is a usage error (64), as the manual says.
    if case .repeatNeedsDue = error { Report.fail(error.description, status: Report.Status.usage) }
    // So is text longer than todo keeps, given to add or edit.
    if case .tooLong = error { Report.fail(error.description, status: Report.Status.usage) }
    Report.fail(error.description)
} catch let error as StorageError {
    Report.fail(error.description)
} catch let error as InputError {
    Report.fail(error.description)
} catch let error as SettingError {
    Report.fail(error.description, status: Report.Status.usage)
} catch let failure as CommandFailure {
    Report.fail(failure.description, details: failure.details)
} catch let error as UsageError {
    Report.failUsage(error)
} catch let error as NavigationError {
    Report.fail(error.description)
} catch let failure as any ServerFailure {
    Report.fail(failure.description)
} catch let failure as TerminalFailure {
    // No terminal is a usage error (64), as the manual says; a terminal that fails part-way is 1.
    Report.fail(failure.description, status: failure == .notATerminal ? Report.Status.usage : 1)
} catch is OutputClosed {
    exit(0)
} catch let failure as OutputFailed {
    Report.fail(failure.description)
} catch {
    Report.exitForParsingOutcome(error)
}
