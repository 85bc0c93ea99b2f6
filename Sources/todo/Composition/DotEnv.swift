import TodoCore

#if canImport(Glibc)
import Glibc
#endif

/// Reads `KEY=VALUE` lines from a `.env` file the way common dotenv tools do: `#` comments,
/// an optional `export `, and single or double quotes around the value. A missing file is empty.
enum DotEnv {
    static func read(_ path: String) throws -> [String: String] {
        guard let file = fopen(path, "r") else {
            if errno == ENOENT { return [:] }
            throw TodoError.cannotOpen(path: path, reason: "cannot read .env: \(String(cString: strerror(errno)))")
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count <= 0 { break }
            bytes += chunk[0..<count]
            // A .env is a few lines; anything huge is not one, and is not read whole.
            if bytes.count > 1 << 20 { throw TodoError.cannotOpen(path: path, reason: ".env is larger than 1 MiB") }
        }
        return parse(String(decoding: bytes, as: UTF8.self))
    }

    static func parse(_ text: String) -> [String: String] {
        var values: [String: String] = [:]
        for rawLine in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            var line = Substring(Names.trimmed(String(rawLine)) ?? "")
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("export ") { line = line.dropFirst("export ".count) }
            guard let equals = line.firstIndex(of: "=") else { continue }
            guard let key = Names.trimmed(String(line[..<equals])) else { continue }
            values[key] = value(Names.trimmed(String(line[line.index(after: equals)...])) ?? "")
        }
        return values
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
