import TodoCore

#if canImport(Glibc)
import Glibc
#endif

/// Reads `KEY=VALUE` lines from a `.env` file the way common dotenv tools do: `#` comments,
/// an optional `export `, and single or double quotes around the value. A missing file is empty.
public enum DotEnv {
    /// Only a regular file is read: a FIFO or a device in its place would block or never end.
    public static func read(_ path: String) throws -> [String: String] {
        do {
            // A .env is a few lines; anything larger is not one, and is not read whole.
            return try RegularFile.read(path, limit: 1 << 20).map { try parse($0.bytes) } ?? [:]
        } catch let error as RegularFile.Unreadable {
            throw SettingError.unreadableDotEnv(path: path, reason: error.reason == "it is not a regular file"
                ? "it is not a regular file, and only a regular .env is read" : error.reason)
        }
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

    /// `KEY=VALUE` from one line; nil for blank lines, comments and lines without `=`. Read by
    /// scalar, as a dotenv tool reads bytes: a quote, `=` or `#` that a combining mark follows
    /// is one Character with it, but still that quote, `=` or `#`.
    private static func setting(_ rawLine: String) -> (String, String)? {
        var line = (Names.trimmed(rawLine) ?? "").unicodeScalars[...]
        if line.isEmpty || line.first == "#" { return nil }
        if line.starts(with: "export ".unicodeScalars) { line = line.dropFirst("export ".unicodeScalars.count) }
        guard let equals = line.firstIndex(of: "="), let key = Names.trimmed(text(line[..<equals])) else { return nil }
        return (key, value(Names.trimmed(text(line[line.index(after: equals)...])) ?? ""))
    }

    /// Quoted values are taken as written (`\n` in double quotes is a line break); unquoted ones
    /// end at ` #`.
    private static func value(_ raw: String) -> String {
        let scalars = raw.unicodeScalars
        if let quote = scalars.first, quote == "\"" || quote == "'", let close = scalars.dropFirst().firstIndex(of: quote) {
            var inner = ""
            var rest = scalars[scalars.index(after: scalars.startIndex)..<close]
            while let scalar = rest.popFirst() {
                if quote == "\"", scalar == "\\", rest.first == "n" {
                    rest.removeFirst()
                    inner += "\n"
                } else {
                    inner.unicodeScalars.append(scalar)
                }
            }
            return inner
        }
        var end = scalars.endIndex
        for index in scalars.indices where scalars[index] == " " {
            let next = scalars.index(after: index)
            if next < scalars.endIndex, scalars[next] == "#" { end = index; break }
        }
        return end == scalars.endIndex ? raw : Names.trimmed(text(scalars[..<end])) ?? ""
    }

    private static func text(_ scalars: Substring.UnicodeScalarView) -> String {
        String(Substring(scalars))
    }
}
