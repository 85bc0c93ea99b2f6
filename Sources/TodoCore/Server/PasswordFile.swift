/// libpq's password file (`~/.pgpass`, or `PGPASSFILE`): lines of
/// `hostname:port:database:username:password`, each of the first four a value or `*` for any,
/// `\:` and `\\` standing for `:` and `\`, `#` starting a comment. The first line that matches
/// gives the password, as libpq reads it.
public enum PasswordFile {
    /// The password `text` (the file's contents) gives for a login, if any line matches. A host
    /// that is a socket folder (a path), or none, matches `localhost`, as in libpq.
    public static func password(in text: String, host: String, port: Int, database: String, user: String) -> String? {
        let host = host.isEmpty || host.hasPrefix("/") ? "localhost" : host
        let wanted = [host, String(port), database, user]
        // "\r\n" is one Character: a file written on Windows splits at it too.
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            if line.unicodeScalars.first == "#" { continue }
            let fields = self.fields(of: line)
            guard fields.count == 5 else { continue }
            // Byte for byte, as libpq compares: `==` takes `é` and `e` + U+0301 for one name.
            if zip(fields.prefix(4), wanted).allSatisfy({ $0 == "*" || $0.hasSameScalars(as: $1) }) { return fields[4] }
        }
        return nil
    }

    /// The fields of one line, split at the colons that are not escaped, unescaped. By scalar,
    /// as libpq reads bytes: a colon or backslash that a combining mark follows is one Character
    /// with it, but still a colon or a backslash.
    private static func fields(of line: Substring) -> [String] {
        var fields: [String] = [], field = ""
        var escaped = false
        for scalar in line.unicodeScalars {
            if escaped {
                field.unicodeScalars.append(scalar)
                escaped = false
            } else if scalar == "\\" {
                escaped = true
            } else if scalar == ":" && fields.count < 4 {
                fields.append(field)
                field = ""
            } else {
                field.unicodeScalars.append(scalar)
            }
        }
        fields.append(field)
        return fields
    }
}
