extension String {
    /// The text with each `scalar` in it replaced by `replacement`, scalar by scalar: how a
    /// quote is escaped for a reader that reads bytes (a shell, a CSV reader, FTS5's query
    /// parser). The standard library's `replacing` matches Characters, so it misses a quote that
    /// a combining mark follows (one Character, `"\u{301}`), which those readers still see as a
    /// quote; it also takes the string-processing library's generic path, slow on first use.
    public func replacingEvery(_ scalar: Unicode.Scalar, with replacement: String) -> String {
        var text = ""
        for each in unicodeScalars {
            if each == scalar { text += replacement } else { text.unicodeScalars.append(each) }
        }
        return text
    }
}

extension String {
    /// The text's lines, split at every line feed, scalar by scalar: as Characters, `\r\n` is one
    /// that is not `\n`, so a line that ends in a carriage return would run on into the next.
    /// Empty lines are kept, and a final line feed is followed by an empty line.
    public func splitAtEveryLineFeed() -> [Substring] {
        unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map(Substring.init)
    }
}

extension Substring {
    /// The text before and after the first `delimiter`, found by scalar (as a reader of bytes
    /// finds it: `@` followed by a combining mark is one Character, but still an `@`); nil when
    /// there is none.
    public func split(atFirst delimiter: Unicode.Scalar) -> (before: Substring, after: Substring)? {
        unicodeScalars.firstIndex(of: delimiter).map { (self[..<$0], self[unicodeScalars.index(after: $0)...]) }
    }

    /// The same at the last `delimiter`.
    public func split(atLast delimiter: Unicode.Scalar) -> (before: Substring, after: Substring)? {
        unicodeScalars.lastIndex(of: delimiter).map { (self[..<$0], self[unicodeScalars.index(after: $0)...]) }
    }
}
