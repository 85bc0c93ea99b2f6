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
