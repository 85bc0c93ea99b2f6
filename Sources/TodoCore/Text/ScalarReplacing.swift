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
