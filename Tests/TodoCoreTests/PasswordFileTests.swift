import Testing
import TodoCore

/// libpq's password file, as libpq reads it: the first matching line, `*` for any value, `\:`
/// and `\\` escaped, comments and short lines skipped, a socket folder read as localhost.
@Suite struct PasswordFileTests {
    let file = """
        # a comment: hub:5432:todo:ann:no
        hub.example.org:5432:todo:ann:first
        hub.example.org:5432:todo:ann:second
        hub.example.org:*:*:bob:pa\\:ss\\\\word
        too:few:fields
        localhost:5433:*:ann:local\r
        *:*:*:*:anything
        """

    @Test func theFirstMatchingLineGivesThePassword() {
        #expect(PasswordFile.password(in: file, host: "hub.example.org", port: 5432, database: "todo", user: "ann") == "first")
        #expect(PasswordFile.password(in: file, host: "hub.example.org", port: 6000, database: "x", user: "bob") == "pa:ss\\word")
        #expect(PasswordFile.password(in: file, host: "/var/run/postgresql", port: 5433, database: "todo", user: "ann") == "local")
        #expect(PasswordFile.password(in: file, host: "elsewhere", port: 1, database: "d", user: "u") == "anything")
        #expect(PasswordFile.password(in: "hub:5432:todo:ann:pw", host: "hub", port: 5432, database: "todo", user: "eve") == nil)
        #expect(PasswordFile.password(in: "", host: "hub", port: 5432, database: "todo", user: "ann") == nil)
    }

    /// A colon, backslash or `#` that a combining mark follows is one Character with it, but
    /// libpq reads bytes: still a colon, a backslash, a comment.
    @Test func colonsEscapesAndCommentsAreFoundWhateverFollowsThem() {
        #expect(PasswordFile.password(in: "hub:5432:todo:ann:\u{301}pw", host: "hub", port: 5432, database: "todo", user: "ann") == "\u{301}pw")
        #expect(PasswordFile.password(in: "hub:5432:todo:a\\:\u{301}n:pw", host: "hub", port: 5432, database: "todo", user: "a:\u{301}n") == "pw")
        #expect(PasswordFile.password(in: "#\u{301}hub:5432:todo:ann:pw", host: "#\u{301}hub", port: 5432, database: "todo", user: "ann") == nil)
    }

    /// Names match byte for byte, as libpq compares them: `é` is not `e` + U+0301.
    @Test func namesMatchByteForByte() {
        #expect(PasswordFile.password(in: "hub:5432:todo:ren\u{E9}:pw", host: "hub", port: 5432, database: "todo", user: "rene\u{301}") == nil)
        #expect(PasswordFile.password(in: "hub:5432:todo:ren\u{E9}:pw", host: "hub", port: 5432, database: "todo", user: "ren\u{E9}") == "pw")
    }
}
