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
