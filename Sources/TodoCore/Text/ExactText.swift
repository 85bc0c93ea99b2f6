/// Text compared the way SQLite and PostgreSQL compare it: by its Unicode scalars, which is to
/// say by its UTF-8 bytes. Swift's `==`, hashing, `Set` and `Dictionary` on `String` go by
/// canonical equivalence instead: `é` (U+00E9) and `e` + U+0301, or `K` and the Kelvin sign
/// U+212A, are one string to Swift and two to the database. A comparison made in Swift by `==`
/// would merge what the database keeps apart (two lists in one on import, an untag taking off
/// both spellings, a rename or a hand edit gone unseen), so every comparison of text from
/// outside the process goes through here. todo never normalises what it stores either: what
/// is written is what is read back, byte for byte.
public struct ExactText: Hashable, Sendable, CustomStringConvertible {
    public let text: String

    public init(_ text: String) {
        self.text = text
    }

    public static func == (lhs: ExactText, rhs: ExactText) -> Bool {
        lhs.text.hasSameScalars(as: rhs.text)
    }

    public func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    public var description: String { text }
}

extension String {
    /// Whether the two are the same text to the database: the same Unicode scalars.
    public func hasSameScalars(as other: String) -> Bool {
        utf8.count == other.utf8.count && utf8.elementsEqual(other.utf8)
    }
}

extension String? {
    /// Whether both are nothing, or the same text to the database.
    public func hasSameScalars(as other: String?) -> Bool {
        switch (self, other) {
        case (nil, nil): true
        case let (one?, two?): one.hasSameScalars(as: two)
        default: false
        }
    }
}

extension [String] {
    /// Whether both hold the same texts, to the database, in the same order.
    public func hasSameScalars(as other: [String]) -> Bool {
        count == other.count && zip(self, other).allSatisfy { $0.hasSameScalars(as: $1) }
    }

    /// Whether one of them is `text` to the database (`contains` would take a canonically
    /// equivalent spelling for it).
    public func containsScalars(of text: String) -> Bool {
        contains { $0.hasSameScalars(as: text) }
    }
}
