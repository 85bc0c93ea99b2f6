import Foundation
import Testing
import TodoConfiguration
import TodoTestSupport

/// `.env` as common dotenv tools read it, and the files todo refuses to read as one.
struct DotEnvTests {
    private func parse(_ text: String) throws -> [String: String] {
        try DotEnv.parse(Array(text.utf8))
    }

    @Test func linesCommentsExportAndQuotes() throws {
        let values = try parse("""
            # a comment
            export TODO_DB=/a.db
            PLAIN = value # trailing comment
            SINGLE='kept # as written'
            DOUBLE="two\\nlines"
            no equals sign

            """)
        #expect(values == ["TODO_DB": "/a.db", "PLAIN": "value", "SINGLE": "kept # as written", "DOUBLE": "two\nlines"])
    }

    /// A quote or `#` that a combining mark follows is one Character with it, but a dotenv tool
    /// reads the quote and the `#`: the value must not change with what follows them.
    @Test func quotesAndCommentsAreFoundWhateverFollowsThem() throws {
        #expect(try parse("TODO_DB=\"a.db\"\u{301}\n") == ["TODO_DB": "a.db"])
        #expect(try parse("TODO_DB=a.db #\u{301}c\n") == ["TODO_DB": "a.db"])
        #expect(try parse("TODO_DB='a\u{301}'\u{301}\n") == ["TODO_DB": "a\u{301}"])
        #expect(try parse("X=\"a\\\\nb\\n\u{301}\"\n") == ["X": "a\\\nb\n\u{301}"])
    }

    @Test func aByteOrderMarkIsSkippedAndCRLFLinesRead() throws {
        #expect(try DotEnv.parse([0xEF, 0xBB, 0xBF] + Array("TODO_DB=/b.db\r\nX=1\r\n".utf8)) == ["TODO_DB": "/b.db", "X": "1"])
    }

    @Test func aLineThatIsNotUTF8IsRefusedOnlyWhenItSetsTODO_DB() throws {
        #expect(try DotEnv.parse(Array("OTHER=".utf8) + [0xFF] + Array("\nTODO_DB=/c.db\n".utf8)) == ["TODO_DB": "/c.db"])
        #expect(throws: SettingError.notUTF8(name: "TODO_DB in ./.env")) {
            try DotEnv.parse(Array("TODO_DB=/".utf8) + [0xFF])
        }
    }

    @Test func aMissingFileIsEmptyAndAFolderIsRefused() throws {
        let directory = try TemporaryDirectory()
        #expect(try DotEnv.read(directory.path("none")) == [:])
        #expect {
            try DotEnv.read(directory.path)
        } throws: { error in
            guard case SettingError.unreadableDotEnv(_, let reason) = error else { return false }
            return reason.contains("not a regular file")
        }
    }
}
