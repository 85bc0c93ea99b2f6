import TodoCore

#if canImport(Glibc)
import Glibc
#endif

/// Reads `KEY=VALUE` lines from a `.env` file the way common dotenv tools do: `#` comments,
/// an optional `export `, and single or double quotes around the value. A missing file is empty.
public enum DotEnv {
    /// Only a regular file is read: a FIFO or a device in its place would block or never end.
    public static func read(_ path: String) throws -> [String: String] {
        // Non-blocking, so that opening a FIFO returns at once instead of waiting for a writer.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return [:] }
            throw SettingError.unreadableDotEnv(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw SettingError.unreadableDotEnv(path: path, reason: "it is not a regular file, and only a regular .env is read")
        }
        // A .env is a few lines; anything larger is not one, and is not read whole.
        guard info.st_size <= 1 << 20 else { throw SettingError.unreadableDotEnv(path: path, reason: ".env is larger than 1 MiB") }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                buffer.baseAddress.map { Glibc.read(fd, $0 + count, buffer.count - count) } ?? 0
            }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { break }
            count += got
        }
        return try parse(Array(bytes[0..<count]))
    }

    /// `bytes` as lines of settings. A byte-order mark at the start (some editors write one) is
    /// skipped. A line that is not UTF-8 is refused if it sets TODO_DB (its path would be
    /// repaired into another one) and skipped otherwise, as todo reads nothing else from .env.
    public static func parse(_ bytes: [UInt8]) throws -> [String: String] {
        var values: [String: String] = [:]
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        for rawLine in text.split(whereSeparator: { $0 == 0x0A || $0 == 0x0D }) {
            guard let line = String(validating: rawLine, as: UTF8.self) else {
                let start = String(decoding: rawLine.prefix(40), as: UTF8.self)
                if start.contains("TODO_DB") { throw SettingError.notUTF8(name: "TODO_DB in ./.env") }
                continue
            }
            if let (key, value) = setting(line) { values[key] = value }
        }
        return values
    }

    /// `KEY=VALUE` from one line; nil for blank lines, comments and lines without `=`.
    private static func setting(_ rawLine: String) -> (String, String)? {
        var line = Substring(Names.trimmed(rawLine) ?? "")
        if line.isEmpty || line.hasPrefix("#") { return nil }
        if line.hasPrefix("export ") { line = line.dropFirst("export ".count) }
        guard let equals = line.firstIndex(of: "="), let key = Names.trimmed(String(line[..<equals])) else { return nil }
        return (key, value(Names.trimmed(String(line[line.index(after: equals)...])) ?? ""))
    }

    /// Quoted values are taken as written; unquoted ones end at ` #`.
    private static func value(_ raw: String) -> String {
        if let quote = raw.first, quote == "\"" || quote == "'",
           let close = raw.dropFirst().firstIndex(of: quote) {
            let inner = String(raw[raw.index(after: raw.startIndex)..<close])
            return quote == "\"" ? inner.replacing("\\n", with: "\n") : inner
        }
        if let comment = raw.firstRange(of: " #") { return Names.trimmed(String(raw[..<comment.lowerBound])) ?? "" }
        return raw
    }
}
