import Testing
import TodoCore

/// Names and titles: surrounding whitespace goes, and nothing but whitespace is no name.
@Suite struct NamesTests {
    @Test(arguments: [
        ("Groceries", "Groceries"), ("  Groceries  ", "Groceries"), ("\tBuy oat milk\n", "Buy oat milk"),
        ("a  b", "a  b"), ("\u{00A0}Work\u{2003}", "Work"), (" x ", "x"), ("\r\nlist\r\n", "list"),
    ])
    func trimsSurroundingWhitespaceOnly(text: String, expected: String) {
        #expect(Names.trimmed(text) == expected)
    }

    @Test(arguments: ["", " ", "\t\n", "\u{00A0}\u{2003}", "\r\n"])
    func nothingButWhitespaceIsNil(text: String) {
        #expect(Names.trimmed(text) == nil)
    }

    @Test func keepsCombiningMarksAndEmoji() {
        #expect(Names.trimmed(" Cafe\u{301} ") == "Cafe\u{301}")
        #expect(Names.trimmed(" 🛒 shopping ") == "🛒 shopping")
    }

    /// Every scalar Unicode counts as whitespace, not only ASCII's space and tab.
    static let spaces: [Unicode.Scalar] = ["\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{1680}", "\u{2003}", "\u{2028}", "\u{202F}", "\u{3000}"]

    @Test(arguments: spaces) func wordsEndAtEveryUnicodeSpace(_ space: Unicode.Scalar) {
        let text = "+Work\(space)milk \(space)@home\(space)"
        #expect(Names.words(text).map { ExactText(String($0)) } == [ExactText("+Work"), ExactText("milk"), ExactText("@home")])
        #expect(Names.words("+\(space)").map { ExactText(String($0)) } == [ExactText("+")])
        #expect(Names.trimmed("\(space)Work\(space)") == "Work")
        #expect(!Names.isTrimmedName("Work\(space)") && !Names.isTrimmedName("\(space)") && Names.isTrimmedName("a\(space)b"))
    }

    @Test func wordsAreCutAtScalarsNotAtCharacters() {
        // U+0600 is a prepended mark: it and the space after it are one Character.
        #expect(Names.words("x\u{600} y").map { ExactText(String($0)) } == [ExactText("x\u{600}"), ExactText("y")])
        // A space and a combining mark are one Character too; the mark belongs to the word after.
        #expect(Names.words("a \u{301}b").map { ExactText(String($0)) } == [ExactText("a"), ExactText("\u{301}b")])
        #expect(Names.words(" \t ").isEmpty)
    }
}
