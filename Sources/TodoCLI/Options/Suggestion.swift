/// "Did you mean ...?" for a mistyped command or option: the closest of the known words, when
/// one is close enough to be what was meant.
enum Suggestion {
    /// The known word `typed` most likely stands for: one it is a prefix of, when only one is;
    /// else the nearest by edit distance (a swap of two neighbours counting as one edit), when
    /// that is at most 2 and less than the typed word's length (so "xy" does not suggest "rm").
    static func closest(to typed: String, among known: [String]) -> String? {
        guard !typed.isEmpty else { return nil }
        let prefixed = known.filter { $0.hasPrefix(typed) }
        if prefixed.count == 1 { return prefixed[0] }
        let typedCharacters = Array(typed)
        let scored = known.map { ($0, distance(typedCharacters, Array($0))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 2, best.1 < typedCharacters.count else { return nil }
        // Two equally near words: no way to tell which was meant.
        return scored.filter { $0.1 == best.1 }.count == 1 ? best.0 : nil
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of
    /// adjacent characters each count 1.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
