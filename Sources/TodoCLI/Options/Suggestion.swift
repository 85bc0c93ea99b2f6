/// "Did you mean ...?" for a mistyped command, list or option: the closest of the known words,
/// when one is close enough to be what was meant.
enum Suggestion {
    /// The known word `typed` most likely stands for: one it is a prefix of, when only one is;
    /// else the nearest by edit distance (a swap of two neighbours counting as one edit), when
    /// that is at most 2 and less than the typed word's length (so "xy" does not suggest "rm").
    static func closest(to typed: String, among known: [String]) -> String? {
        var nearest = Nearest<String>(to: typed)
        for word in known { nearest.consider(word, meaning: word) }
        return nearest.meant
    }

    /// `closest` over words handed over one at a time (a database's list names, which may be
    /// 400,000), holding none of them but the best so far. Each word can stand for a value of
    /// the caller's (`meant`), and is compared as `compared` spells it (list names without
    /// ASCII case).
    struct Nearest<Meant> {
        private let typed: [Character]
        private var prefixed: (count: Int, first: Meant?) = (0, nil)
        private var best: (distance: Int, count: Int, meant: Meant?) = (Int.max, 0, nil)

        init(to typed: String) {
            self.typed = Array(typed)
        }

        mutating func consider(_ compared: String, meaning meant: Meant) {
            guard !typed.isEmpty else { return }
            let word = Array(compared)
            if word.starts(with: typed) {
                prefixed.count += 1
                if prefixed.first == nil { prefixed.first = meant }
            }
            // The distance is at least the difference in length: past 2, no need to count it.
            guard abs(word.count - typed.count) <= 2 else { return }
            let distance = Suggestion.distance(typed, word)
            if distance < best.distance {
                best = (distance, 1, meant)
            } else if distance == best.distance {
                best.count += 1
            }
        }

        /// The one word prefixed by what was typed, else the one nearest (at most 2 edits, fewer
        /// than the typed word's length); nil when none is, or two are equally near: no way to
        /// tell which was meant.
        var meant: Meant? {
            if prefixed.count == 1 { return prefixed.first }
            guard best.distance <= 2, best.distance < typed.count, best.count == 1 else { return nil }
            return best.meant
        }
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
