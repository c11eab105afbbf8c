import Foundation
import Testing

@testable import BeeStore

/// The SHA-256 kept to read what earlier versions wrote with it.
@Suite struct LegacySHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func matchesTheStandardTestVectors(message: String, digest: String) {
        #expect(LegacySHA256.hexDigest(Data(message.utf8)) == digest)
    }

    @Test func hashesAMillionBytes() {
        #expect(LegacySHA256.hexDigest(Data(repeating: UInt8(ascii: "a"), count: 1_000_000))
            == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func tellsTheShapeOfAHexadecimalDigest() {
        #expect(LegacySHA256.isHexDigest(LegacySHA256.hexDigest(Data("abc".utf8))))
        #expect(!LegacySHA256.isHexDigest(String(repeating: "A", count: 64)))
        #expect(!LegacySHA256.isHexDigest(String(repeating: "a", count: 63)))
        #expect(!LegacySHA256.isHexDigest(String(repeating: "\u{E9}", count: 32)))
    }

    @Test func paddingIsRightAroundTheBlockBoundary() {
        // 55 bytes fit the length in one block, 56 need a second one.
        #expect(LegacySHA256.hexDigest(Data(repeating: 0x61, count: 55))
            == "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318")
        #expect(LegacySHA256.hexDigest(Data(repeating: 0x61, count: 56))
            == "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
        #expect(LegacySHA256.digest(Data()).count == 32)
    }
}
