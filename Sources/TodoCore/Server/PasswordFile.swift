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
            if line.hasPrefix("#") { continue }
            let fields = self.fields(of: line)
            guard fields.count == 5 else { continue }
            if zip(fields.prefix(4), wanted).allSatisfy({ $0 == "*" || $0 == $1 }) { return fields[4] }
        }
        return nil
    }

    /// The fields of one line, split at the colons that are not escaped, unescaped.
    private static func fields(of line: Substring) -> [String] {
        var fields: [String] = [], field = ""
        var escaped = false
        for character in line {
            if escaped {
                field.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == ":" && fields.count < 4 {
                fields.append(field)
                field = ""
            } else {
                field.append(character)
            }
        }
        fields.append(field)
        return fields
    }
}
