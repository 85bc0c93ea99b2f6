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
}
