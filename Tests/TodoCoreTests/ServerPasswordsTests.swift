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
        // An `@`, `:` or `&` a combining mark follows (one Character with it) is still one.
        ("postgres://ann:s3cret@\u{301}host/todo", "postgres://ann@\u{301}host/todo"),
        ("postgres://ann:\u{301}s3cret@host/todo", "postgres://ann@host/todo"),
        ("x postgres://\u{301}ann:s3cret@host/todo", "x postgres://\u{301}ann@host/todo"),
        ("postgres://ann@host/todo?sslmode=require&\u{301}x=1&password=s3cret", "postgres://ann@host/todo?sslmode=require&\u{301}x=1"),
    ])
    func passwordsAreHidden(text: String, shown: String) {
        #expect(Array(ServerPasswords.hidden(in: text).unicodeScalars) == Array(shown.unicodeScalars))
    }
}
