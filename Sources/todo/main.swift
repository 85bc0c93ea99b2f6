import CMemory
import TodoCLI
import TodoCore
import TodoConfiguration
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
// Blocks of 128 KiB or more stay mapped apart and go back when freed: by default glibc raises
// that threshold each time one is freed, and every later block below it stays in the heap for
// good (an import's peak memory was 0.7 MiB higher).
mallopt(M_MMAP_THRESHOLD, 128 * 1024)
// One heap for every thread: the PostgreSQL driver's event loop runs a thread of its own, and
// what it freed stayed in a heap of its own (a sync's peak memory was 0.2 MiB higher).
mallopt(M_ARENA_MAX, 1)
if let position = Report.argumentNotValidUTF8() {
    Report.fail("argument \(position) is not valid UTF-8", status: Report.Status.usage)
}
TodoCommandLine.forEachListName = CompositionRoot.forEachListName
TodoCommandLine.defaultList = { try Environment.process.defaultList() }
do {
    try CompositionRoot.carryOut(try TodoCommandLine.read(Array(CommandLine.arguments.dropFirst()), at: LocalClock().nowLocal()))
} catch let error as UsageError {
    Report.failUsage(error)
} catch is OutputClosed {
    exit(0)
} catch let error as any ReportedError {
    // Every error of the program's own says its line, its details and its status.
    Report.fail(error.description, details: error.details, status: error.exitStatus)
} catch {
    Report.exitForParsingOutcome(error)
}
