import Testing
import TodoCore

/// libpq's URL form, as todo reads it for a PostgreSQL database; no server needed.
@Suite struct ServerAddressTests {
    func read(_ url: String, password: String? = nil) throws -> ServerAddress {
        try ServerAddress(url: url, fallbackUser: "me", password: password, connectTimeout: 10)
    }

    @Test func everyPartIsRead() throws {
        let address = try read("postgresql://ann:p%40ss%3Aw0rd@db.example.org:6543/team%20todo?sslmode=verify-full&connect_timeout=3")
        #expect(address.host == "db.example.org" && address.port == 6543)
        #expect(address.user == "ann" && address.password == "p@ss:w0rd" && address.database == "team todo")
        #expect(address.tls == .verifyFull && address.connectTimeout == 3 && address.socketPath == nil)
    }

    @Test func whatTheURLLeavesOutIsLibpqsDefault() throws {
        let address = try read("postgres://", password: "from PGPASSWORD")
        #expect(address.user == "me" && address.database == "me" && address.port == 5432)
        #expect(address.password == "from PGPASSWORD" && address.tls == .prefer)
        #expect(address.socketPath == "/var/run/postgresql/.s.PGSQL.5432", "no host: the local socket")
        #expect(try read("postgres://ann:inurl@h/x", password: "env").password == "inurl", "the URL's password wins")
    }

    /// Delimiters are found by scalar, as libpq reads bytes: an `@`, `:`, `/`, `?`, `&` or `=`
    /// that a combining mark follows is one Character with it, but still the delimiter.
    @Test func delimitersAreFoundByScalar() throws {
        #expect(ServerAddress.isServerURL("postgres://\u{301}ann@host/db") && ServerAddress.isServerURL("PostgreSQL://"))
        #expect(try read("postgres://\u{301}ann@host/db").user == "\u{301}ann")
        let address = try read("postgres://ann:\u{301}pw@\u{301}host:5433/\u{301}db")
        #expect(address.user == "ann" && address.port == 5433)
        #expect(Array(address.password?.unicodeScalars ?? "".unicodeScalars) == ["\u{301}", "p", "w"])
        #expect(Array(address.host.unicodeScalars) == ["\u{301}", "h", "o", "s", "t"])
        #expect(Array(address.database.unicodeScalars) == ["\u{301}", "d", "b"])
        // Not taken into the value before it: a parameter libpq does not know, refused as such.
        let error = #expect(throws: ServerAddress.Problem.self) { try read("postgres://ann@h/x?sslrootcert=/ca.pem&\u{301}sslmode=disable") }
        #expect(error?.reason == "todo does not know the parameter '\u{301}sslmode'")
    }

    @Test func ipv6AndSocketFoldersAndParametersForHostAndPort() throws {
        let v6 = try read("postgres://ann@[::1]:5433/todo")
        #expect(v6.host == "::1" && v6.port == 5433)
        let socket = try read("postgres:///todo?host=/tmp/pg&port=6000")
        #expect(socket.socketPath == "/tmp/pg/.s.PGSQL.6000" && socket.database == "todo")
    }

    @Test(arguments: [
        ("mysql://ann@h/x", "postgres://"),
        ("postgres://ann@h:99999/x", "port"),
        ("postgres://ann@h:abc/x", "port"),
        ("postgres://ann@h/x?sslmode=sometimes", "sslmode"),
        ("postgres://ann@h/x?connect_timeout=-1", "connect_timeout"),
        ("postgres://ann@h/x?colour=blue", "colour"),
        ("postgres://ann:%zz@h/x", "hex"),
        ("postgres://ann@h/x%4", "hex"),
        ("postgres://ann@h/x%C3%28", "UTF-8"),
        ("postgres://ann@[::1/x", "]"),
    ])
    func whatCannotBeReadIsRefusedSayingWhy(url: String, mention: String) throws {
        #expect {
            try read(url)
        } throws: { error in
            guard let reason = (error as? ServerAddress.Problem)?.reason else { return false }
            return reason.contains(mention) && !reason.contains("zz@")
        }
    }
}
