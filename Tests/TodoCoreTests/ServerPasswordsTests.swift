import Testing
import TodoCore

/// Every server URL inside a message loses its password, wherever it stands in the text.
@Suite struct ServerPasswordsTests {
    @Test(arguments: [
        ("Error: 2 unexpected arguments: 'init', 'postgres://ann:s3cret@localhost/todo'",
         "Error: 2 unexpected arguments: 'init', 'postgres://ann@localhost/todo'"),
        ("a postgresql://u:p@h/d?password=x&sslmode=require b POSTGRES://v:q@[::1]:5/e c",
         "a postgresql://u@h/d?sslmode=require b POSTGRES://v@[::1]:5/e c"),
        ("no url: here, time 10:30://", "no url: here, time 10:30://"),
        ("postgres://", "postgres://"),
        ("postgres://only@host", "postgres://only@host"),
        ("\"postgres://a:b@c\"x", "\"postgres://a@c\"x"),
        ("postgres://a:%40b@c/d?pass%77ord=z", "postgres://a@c/d"),
    ])
    func passwordsAreHidden(text: String, shown: String) {
        #expect(ServerPasswords.hidden(in: text) == shown)
    }
}
