import Foundation
import Testing
import TodoTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Issue 10, section 2: a database todo cannot write (a read-only copy, a read-only folder, a
/// read-only mount) is read as it is; a command that writes says the file is read-only.
///
/// Permissions do not stop root, so as root todo runs here as `nobody` (through setpriv).
@Suite struct ReadOnlyTests {
    /// A todo database in its own folder, with a few tasks, fully folded into the file (as a
    /// copy made with `todo db backup` would be), and world-readable.
    static func database(_ todo: TodoRunner, folder: String) throws -> String {
        try FileManager.default.createDirectory(atPath: todo.directory.path(folder), withIntermediateDirectories: true)
        let path = todo.directory.path(folder + "/todo.db")
        try todo.add("Inbox", "first", ["--db", path])
        try todo.add("Inbox", "second", ["--db", path, "--notes", "searchable words"])
        try Database(path: path).settle()
        return path
    }

    /// Runs todo as a user whom permissions stop.
    static func runUnprivileged(_ todo: TodoRunner, _ arguments: [String], prefix: [String] = []) throws -> RunResult {
        guard getuid() == 0 else { return try todo.run(arguments) }
        let quoted = ([TodoRunner.binary] + arguments).map { "'" + $0.replacing("'", with: "'\\''") + "'" }.joined(separator: " ")
        let command = (prefix + ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]).joined(separator: " ")
        return try todo.shell("exec \(command) \(quoted)")
    }

    static func expectReadable(_ todo: TodoRunner, _ path: String, prefix: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let list = try runUnprivileged(todo, ["list", "Inbox", "--json", "--db", path], prefix: prefix)
        #expect(list.status == 0, "\(list.summary)", sourceLocation: sourceLocation)
        #expect((try? list.jsonArray())?.count == 2, "\(list.summary)", sourceLocation: sourceLocation)
        let search = try runUnprivileged(todo, ["search", "searchable", "--json", "--db", path], prefix: prefix)
        #expect((try? search.jsonArray())?.count == 1, "\(search.summary)", sourceLocation: sourceLocation)
        let check = try runUnprivileged(todo, ["db", "check", "--db", path], prefix: prefix)
        #expect(check.status == 0 && check.stdout == "\(path): ok\n", "\(check.summary)", sourceLocation: sourceLocation)
        for arguments in [["add", "Inbox", "third"], ["done", "1"], ["import", "/dev/null"], ["db", "check", "--repair"]] {
            let write = try runUnprivileged(todo, arguments + ["--db", path], prefix: prefix)
            #expect(write.failedCleanly(with: 1, oneLine: true), "\(arguments): \(write.summary)", sourceLocation: sourceLocation)
            #expect(write.stderr == "Error: the database \(path) is read-only, and this command would change it\n",
                    "\(arguments): \(write.stderr)", sourceLocation: sourceLocation)
        }
    }

    @Test func aReadOnlyFileIsReadAndNeverWritten() throws {
        let todo = try TodoRunner()
        let path = try Self.database(todo, folder: "copy")
        chmod(path, 0o444)
        chmod(todo.directory.path("copy"), 0o777)  // the folder can be written, the file cannot
        let before = fileBytes(path)
        try Self.expectReadable(todo, path)
        #expect(fileBytes(path) == before)
    }

    /// `todo sync status` and the conflicts' list only read: a read-only linked file shows them
    /// (they were refused as commands that would change it). Linked by hand, as `sync init`
    /// leaves a file, so no hub is needed.
    @Test func aReadOnlyLinkedFileShowsItsSyncStatus() throws {
        let todo = try TodoRunner()
        let path = try Self.database(todo, folder: "linked")
        try Database(path: path).execute("""
            INSERT INTO sync_link (id, hub, hub_identity, holder, next_id, last_id)
            VALUES (1, 'postgres://ann@hub/todo', '1/2', 'laptop', 500, 504)
            """)
        try Database(path: path).settle()
        chmod(path, 0o444)
        chmod(todo.directory.path("linked"), 0o777)
        let before = fileBytes(path)
        let status = try Self.runUnprivileged(todo, ["sync", "status", "--db", path])
        #expect(status.status == 0 && status.stdout.contains("hub: postgres://ann@hub/todo") && status.stdout.contains("ids left: 5"),
                "\(status.summary)")
        let conflicts = try Self.runUnprivileged(todo, ["sync", "conflicts", "--json", "--db", path])
        #expect(conflicts.status == 0 && conflicts.stdout.hasPrefix("["), "\(conflicts.summary)")
        #expect(fileBytes(path) == before)
    }

    @Test func aFileInAReadOnlyFolderIsReadAndNeverWritten() throws {
        let todo = try TodoRunner()
        let path = try Self.database(todo, folder: "shelf")
        chmod(path, 0o444)
        chmod(todo.directory.path("shelf"), 0o555)
        defer { chmod(todo.directory.path("shelf"), 0o755) }
        let before = fileBytes(path)
        try Self.expectReadable(todo, path)
        #expect(fileBytes(path) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: todo.directory.path("shelf")) == ["todo.db"])
    }

    /// Whether this machine lets the tests make a mount namespace (root, and not a container
    /// that forbids it).
    static let canMount: Bool = {
        guard getuid() == 0 else { return false }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        probe.arguments = ["-m", "true"]
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }()

    @Test(.enabled(if: canMount, "a read-only mount needs root and mount namespaces"))
    func aFileOnAReadOnlyMountIsRead() throws {
        let todo = try TodoRunner()
        let path = try Self.database(todo, folder: "mounted")
        let folder = todo.directory.path("mounted")
        // In a mount namespace of its own, so the mount goes away with the command.
        try Self.expectReadable(todo, path, prefix: ["unshare", "-m", "sh", "-c", "'mount --bind -o ro \(folder) \(folder) && exec \"$0\" \"$@\"'"])
    }
}
