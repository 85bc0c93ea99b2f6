#if PostgreSQL
/// A migration file cut into its statements: postgres-nio sends one statement at a time. A `;`
/// ends a statement unless it is inside a quoted string or name, a dollar-quoted body
/// (`$$ … $$`, `$fn$ … $fn$`) or a comment.
enum SQLStatements {
    static func split(_ sql: String) -> [String] {
        let bytes = Array(sql.utf8)
        var statements: [String] = []
        var start = 0, index = 0
        func byte(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "'"), UInt8(ascii: "\""):
                let quote = bytes[index]
                index += 1
                while index < bytes.count {
                    if bytes[index] == quote {
                        // A doubled quote is one quote inside the string.
                        if byte(1) == quote { index += 2; continue }
                        break
                    }
                    index += 1
                }
                index += 1
            case UInt8(ascii: "-") where byte(1) == UInt8(ascii: "-"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "/") where byte(1) == UInt8(ascii: "*"):
                index += 2
                while index < bytes.count, !(bytes[index] == UInt8(ascii: "*") && byte(1) == UInt8(ascii: "/")) { index += 1 }
                index += 2
            case UInt8(ascii: "$"):
                // A dollar quote's tag: $$ or $name$ (a $1 parameter has a digit first).
                var end = index + 1
                while end < bytes.count, bytes[end] == UInt8(ascii: "_") || (bytes[end] | 0x20 >= UInt8(ascii: "a") && bytes[end] | 0x20 <= UInt8(ascii: "z")) {
                    end += 1
                }
                guard end < bytes.count, bytes[end] == UInt8(ascii: "$") else { index += 1; continue }
                let tag = Array(bytes[index...end])
                index = end + 1
                while index + tag.count <= bytes.count, Array(bytes[index..<index + tag.count]) != tag { index += 1 }
                index += tag.count
            case UInt8(ascii: ";"):
                statements.append(String(decoding: bytes[start..<index], as: UTF8.self))
                index += 1
                start = index
            default:
                index += 1
            }
        }
        if start < bytes.count { statements.append(String(decoding: bytes[start...], as: UTF8.self)) }
        return statements.filter { !isBlank($0) }
    }

    /// Whether a piece holds nothing but whitespace and comments.
    private static func isBlank(_ piece: String) -> Bool {
        piece.split(separator: "\n").allSatisfy { line in
            let trimmed = line.drop { $0 == " " || $0 == "\t" || $0 == "\r" }
            return trimmed.isEmpty || trimmed.hasPrefix("--")
        }
    }
}
#endif
