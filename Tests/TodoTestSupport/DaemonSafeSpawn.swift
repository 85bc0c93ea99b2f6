import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program that may leave a daemon behind (tmux's server, PostgreSQL's), waits for the
/// program itself, and returns its exit status and what it printed on stdout. Not Foundation's
/// Process: the daemon would inherit the descriptor Process watches to learn that its child
/// ended, and the wait would never end. Every descriptor above stderr is closed in the child;
/// stderr goes with stdout.
public func spawnAndWait(_ executable: String, _ arguments: [String], environment: [String: String],
                         output: String) throws -> (status: Int32, output: String) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? [] {
        if let fd = Int32(name), fd > 2, fcntl(fd, F_GETFD) != -1 { posix_spawn_file_actions_addclose(&actions, fd) }
    }
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let env = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { env.forEach { free($0) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, executable, &actions, nil, argv, env) == 0 else { throw RunnerError.binaryMissing(executable) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let printed = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    return ((status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f), printed)
}
