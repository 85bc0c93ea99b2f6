import Testing
import TodoChecksum
@testable import TodoSQLite

/// Known answers from FIPS 180-4's examples and from coreutils' `sha256sum`.
@Suite struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("héllo 🥛", "077e0ab325de86b13f1726024bea14d2cf6f9ea0f83402bf984008e20c5f91b7"),
    ])
    func knownVectors(_ message: String, _ expected: String) {
        #expect(SHA256.hex(of: Array(message.utf8)) == expected)
    }

    /// Lengths around the 56- and 64-byte padding boundaries, where a one-block message becomes two.
    @Test(arguments: [
        (55, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
        (56, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"),
        (63, "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34"),
        (64, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
        (65, "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0"),
        (119, "31eba51c313a5c08226adf18d4a359cfdfd8d2e816b13f4af952f7ea6584dcfb"),
        (120, "2f3d335432c70b580af0e8e1b3674a7c020d683aa5f73aaaedfdc55af904c21c"),
    ])
    func paddingBoundaries(_ length: Int, _ expected: String) {
        #expect(SHA256.hex(of: [UInt8](repeating: UInt8(ascii: "a"), count: length)) == expected)
    }

    @Test func digestIsThirtyTwoBytesMatchingTheHex() {
        let digest = SHA256.digest(of: Array("abc".utf8))
        #expect(digest.count == 32)
        #expect(digest.prefix(4) == [0xba, 0x78, 0x16, 0xbf])
        #expect(digest.suffix(4) == [0xf2, 0x00, 0x15, 0xad])
    }

    @Test func migrationChecksumIsTheSHA256OfItsText() {
        let migration = Migration(version: 7, name: "x", sql: "abc")
        #expect(migration.checksum == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}
