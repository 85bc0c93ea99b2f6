#if PostgreSQL
import Foundation
import Testing

/// A TCP proxy in front of the test server that falls silent, as a network can: on each
/// connection it forwards both ways until the client sends `pattern`, then forwards nothing
/// more and closes nothing (no reset, no FIN), so the client's socket neither answers nor ends.
/// Python's, as `scripts/round-trips` is: a proxy that must hold sockets open without reading.
final class SilentProxy {
    private let process = Process()
    /// The server's URL with the proxy's port in place of the server's.
    let url: String

    init(to serverURL: String, fallingSilentAt pattern: String) throws {
        let target = try #require(serverURL.firstRange(of: #/@([^:/]+):(\d+)//#))
        let host = String(serverURL[target].dropFirst().prefix { $0 != ":" })
        let port = String(serverURL[target].split(separator: ":").last!.dropLast())
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.script, host, port, pattern]
        process.standardOutput = output
        try process.run()
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        let listening = try #require(Int(line.trimmingCharacters(in: .whitespacesAndNewlines)), "the proxy said '\(line)'")
        url = serverURL.replacingCharacters(in: target, with: "@\(host):\(listening)/")
    }

    /// SIGKILL: the test process's blocked signals are the proxy's too, SIGTERM among them.
    func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    private static let script = """
        import socket, sys, threading, time
        host, port, pattern = sys.argv[1], int(sys.argv[2]), sys.argv[3].encode()
        listener = socket.socket()
        listener.bind(("127.0.0.1", 0))
        listener.listen(16)
        print(listener.getsockname()[1], flush=True)
        def pipe(source, sink, silent, watch):
            try:
                while not silent.is_set():
                    data = source.recv(65536)
                    if not data:
                        break
                    if watch and pattern in data:
                        silent.set()
                    if silent.is_set():
                        break
                    sink.sendall(data)
            except OSError:
                pass
            while silent.is_set():
                time.sleep(1)
        while True:
            client, _ = listener.accept()
            server = socket.create_connection((host, port))
            silent = threading.Event()
            threading.Thread(target=pipe, args=(client, server, silent, True), daemon=True).start()
            threading.Thread(target=pipe, args=(server, client, silent, False), daemon=True).start()
        """
}
#endif
