import TodoCore

#if canImport(Glibc)
import Glibc
#endif

/// The real terminal: raw mode through termios, the alternate screen, keys read with `poll`,
/// resizes through SIGWINCH. The terminal is put back as it was by `restore()`, which the
/// composition root calls on every way out, and by the signal handlers installed here (Ctrl-C
/// arrives as a key in raw mode; SIGTERM, SIGHUP and the like come from outside). Stopped
/// (SIGTSTP from outside, or Ctrl-Z, a key in raw mode) it puts the terminal back first, and
/// takes it again and repaints the whole screen when continued, as a shell's `fg` expects.
public final class RawTerminal: Terminal {
    private let input: Int32
    private let output: Int32
    private let colour: Bool
    private var decoder = KeyDecoder()
    private var queued: [Key] = []
    private var shown: Frame?

    /// Opens the terminal on stdin and stdout; nil when either is not one.
    public init?(colour: Bool) {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return nil }
        input = STDIN_FILENO
        output = STDOUT_FILENO
        self.colour = colour
    }

    /// Raw mode, the alternate screen, no cursor; and the handlers that undo them on a signal.
    public func enter() throws {
        var original = termios()
        guard tcgetattr(input, &original) == 0 else { throw TerminalFailure.notATerminal }
        RawTerminalState.saved = original
        RawTerminalState.output = output
        var raw = original
        // As cfmakeraw, but keeping output processing off too: the frame writer places every cell.
        raw.c_iflag &= ~tcflag_t(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
        raw.c_cflag &= ~tcflag_t(CSIZE | PARENB)
        raw.c_cflag |= tcflag_t(CS8)
        guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else { throw TerminalFailure.notATerminal }
        RawTerminalState.raw = raw
        // Every signal whose default ends the process without a core: the terminal goes back first.
        for sig in [SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM] { signal(sig, restoreAndExit) }
        signal(SIGWINCH, noteResize)
        signal(SIGTSTP, stopAndContinue)
        write(RawTerminalState.enterScreen)
    }

    /// The terminal as it was: main screen, cursor shown, the saved modes. Safe to call twice.
    public func restore() {
        RawTerminalState.restore()
    }

    public var size: (rows: Int, columns: Int) {
        var window = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0 else { return (24, 80) }
        return (Int(window.ws_row), Int(window.ws_col))
    }

    public func show(_ frame: Frame) throws {
        let text = FrameWriter.update(from: shown, to: frame, colour: colour)
        shown = frame
        try writeAll(text)
    }

    public func nextKey(waitingAtMost milliseconds: Int) throws -> Key? {
        if RawTerminalState.continued != 0 {
            // Back from being stopped: the screen is another program's now, so the next frame
            // is drawn whole (Ctrl-L's key says so to the view).
            RawTerminalState.continued = 0
            shown = nil
            return .control("l")
        }
        if !queued.isEmpty { return take() }
        var wait = milliseconds
        while true {
            guard let bytes = try read(waitingAtMost: wait) else {
                // Nothing more came: a lone Esc is the Esc key.
                if decoder.isWaiting { queued += decoder.keys(from: [], finishing: true) }
                return queued.isEmpty ? nil : take()
            }
            queued += decoder.keys(from: bytes)
            if !queued.isEmpty && !decoder.isWaiting { return take() }
            // Part of a sequence: the rest follows at once if it is one.
            wait = 30
        }
    }

    /// The next key queued. Ctrl-Z stops the process as the shell's suspend key would; Ctrl-L
    /// has the next frame drawn whole, over whatever else wrote to the screen.
    private func take() -> Key {
        let key = queued.removeFirst()
        if key == .control("z") { stopAndContinue(SIGTSTP) }
        if key == .control("l") || key == .control("z") { shown = nil }
        return key == .control("z") ? .control("l") : key
    }

    /// Bytes from the terminal, or nil when none came in time (or a signal such as SIGWINCH
    /// ended the wait).
    private func read(waitingAtMost milliseconds: Int) throws -> [UInt8]? {
        var poller = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, Int32(milliseconds))
        if ready < 0 { if errno == EINTR { return nil }; throw TerminalFailure.readFailed }
        guard ready > 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = Glibc.read(input, &buffer, buffer.count)
        if count < 0 { if errno == EINTR || errno == EAGAIN { return nil }; throw TerminalFailure.readFailed }
        if count == 0 { throw TerminalFailure.inputClosed }
        return Array(buffer.prefix(count))
    }

    private func write(_ text: String) { try? writeAll(text) }

    private func writeAll(_ text: String) throws {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(output, $0.baseAddress, $0.count) }
            if written < 0 { if errno == EINTR { continue }; throw TerminalFailure.writeFailed }
            bytes = bytes.dropFirst(written)
        }
    }
}

/// What a signal handler needs to put the terminal back: C handlers cannot capture, so it is
/// kept here, set once before the handlers are installed.
enum RawTerminalState {
    nonisolated(unsafe) static var saved: termios?
    nonisolated(unsafe) static var output: Int32 = STDOUT_FILENO

    /// Raw mode as `enter` set it, taken again when the process is continued.
    nonisolated(unsafe) static var raw: termios?
    /// Set when the process was continued after a stop: the next key is a redraw.
    nonisolated(unsafe) static var continued: sig_atomic_t = 0
    static let enterScreen = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J"

    static func restore() {
        guard leave() else { return }
        Self.saved = nil
    }

    /// The main screen, the cursor and the saved modes; false when there is nothing to put back.
    @discardableResult
    static func leave() -> Bool {
        guard var saved else { return false }
        let leave = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
        _ = leave.withCString { Glibc.write(output, $0, strlen($0)) }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
        return true
    }
}

/// Stops the process with the terminal put back, as a shell's suspend would find it, and takes
/// the terminal again once continued (`fg`). Only calls a signal handler may make.
private func stopAndContinue(_ signal: Int32) {
    guard RawTerminalState.leave(), var raw = RawTerminalState.raw else { return }
    // Stop for real: the default action, with the signal no longer held back by this handler.
    Glibc.signal(SIGTSTP, SIG_DFL)
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGTSTP)
    sigprocmask(SIG_UNBLOCK, &set, nil)
    kill(getpid(), SIGTSTP)
    // Continued.
    Glibc.signal(SIGTSTP, stopAndContinue)
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
    _ = RawTerminalState.enterScreen.withCString { Glibc.write(RawTerminalState.output, $0, strlen($0)) }
    RawTerminalState.continued = 1
}

private func restoreAndExit(_ signal: Int32) {
    RawTerminalState.restore()
    // 128 + the signal, as a shell reports a process ended by one.
    _exit(128 + signal)
}

private func noteResize(_ signal: Int32) {
    // Nothing to do: the signal ends the wait in poll, and the next frame reads the new size.
}

/// The terminal could not be used.
public enum TerminalFailure: ReportedError, Equatable {
    case notATerminal, readFailed, writeFailed, inputClosed

    public var description: String {
        switch self {
        case .notATerminal: "todo ui needs a terminal"
        case .readFailed: "could not read from the terminal"
        case .writeFailed: "could not write to the terminal"
        case .inputClosed: "the terminal was closed"
        }
    }

    /// No terminal is a usage error (64); a terminal that fails part-way is 1.
    public var exitStatus: Int32 { self == .notATerminal ? ExitStatus.usage : ExitStatus.failure }
}
