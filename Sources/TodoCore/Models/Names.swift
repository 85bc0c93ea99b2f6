/// The rules the manual gives for names and titles: surrounding whitespace is trimmed, and what is
/// left must not be empty. Whitespace is Unicode's (`Unicode.Scalar.Properties.isWhitespace`:
/// a no-break space, U+3000 and U+0085 as much as a tab), in every name and tag rule, in every
/// command and every importer.
public enum Names {
    /// The trimmed text, or nil when nothing but whitespace was given.
    public static func trimmed(_ text: String) -> String? {
        // Most names start and end with an ASCII letter: nothing to trim, no Unicode tables to ask.
        if let first = text.utf8.first, let last = text.utf8.last,
           first < 0x80, last < 0x80, !isASCIISpace(first), !isASCIISpace(last) {
            return text
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return nil }
        return String(scalars[first...last])
    }

    /// Whether a stored name is one todo could have stored: not empty, nothing to trim
    /// (`todo db check`).
    public static func isTrimmedName(_ name: String) -> Bool {
        trimmed(name)?.hasSameScalars(as: name) ?? false
    }

    /// A name as the database matches names: trimmed, ASCII letters in lower case (SQLite's
    /// NOCASE folds nothing else), and compared by its scalars, as the database compares it.
    public static func foldedForMatching(_ name: String) -> ExactText {
        let name = trimmed(name) ?? ""
        guard name.utf8.contains(where: { (65...90).contains($0) }) else { return ExactText(name) }
        return ExactText(String(decoding: name.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self))
    }

    /// The words of a text: the runs between whitespace, cut at each whitespace scalar. Not at
    /// each `Character` that is whitespace: a grapheme may hold a space after a prepended mark
    /// (U+0600 then a space), and one that starts with a space may carry a combining mark that
    /// belongs to the next word. Each word is made from scalars, never rounded out to whole
    /// `Character`s, so it holds no whitespace at all.
    public static func words(_ text: Substring) -> [Substring] {
        var words: [Substring] = []
        let scalars = text.unicodeScalars
        var start: String.Index?
        var index = scalars.startIndex
        while index < scalars.endIndex {
            if scalars[index].properties.isWhitespace {
                if let first = start { words.append(Substring(scalars[first..<index])) }
                start = nil
            } else if start == nil {
                start = index
            }
            index = scalars.index(after: index)
        }
        if let first = start { words.append(Substring(scalars[first..<scalars.endIndex])) }
        return words
    }

    /// The words of a whole text (see above).
    public static func words(_ text: String) -> [Substring] {
        words(text[...])
    }

    /// Tab, line feed, vertical tab, form feed, carriage return and space: the ASCII characters
    /// Unicode counts as whitespace.
    private static func isASCIISpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }
}
