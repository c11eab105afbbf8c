/// A table or column name as SQLite compares names: its UTF-8 bytes, with the ASCII
/// letters folded to lower case and nothing else folded or normalized. (`String`'s
/// `lowercased()` folds other letters too, `É` to `é`, and `String` equality takes a
/// precomposed `é` for `e` and a combining accent: SQLite holds each as a name of its own.)
package struct SQLName: Hashable, Sendable {
    private let folded: [UInt8]

    /// The name's UTF-8 bytes, ASCII letters in lower case.
    var bytes: [UInt8] { folded }

    /// The name `name`, for comparing and hashing.
    package init(_ name: String) {
        folded = name.utf8.map(Self.folded)
    }

    /// A byte of a name as SQLite compares it: an ASCII capital letter in lowercase.
    static func folded(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}

extension String {
    /// Whether SQLite takes this name and `other` for the same table or column (see ``SQLName``).
    package func isSameSQLName(as other: String) -> Bool {
        SQLName(self) == SQLName(other)
    }
}
