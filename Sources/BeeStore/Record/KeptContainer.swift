/// The keyed container a record coder handed out last, kept for the next record of the
/// same key type: a coder's containers refer to nothing but the coder, so one serves every
/// record. Kept in a class with its key type beside it, so that getting it back needs no
/// dynamic cast. An encoder's container holds its encoder, a cycle that lasts until
/// ``drop()``.
struct KeptContainer {
    private var holder: AnyObject?
    private var key: Any.Type?

    /// The holder of the kept container, if it is the one of `key`. Its ``Holder/get()``
    /// copies the container out: code generic over the key type that copied it itself would
    /// look up the container type's metadata (a standard library type whose layout other
    /// modules do not know) for every record, about 330 instructions.
    @inline(__always)
    func holder<Key: CodingKey, Container>(of key: Key.Type) -> Holder<Container>? {
        guard let holder, self.key == key else { return nil }
        // Safe: the holder was made by `keep` for this very key type, with this container type.
        return unsafeDowncast(holder, to: Holder<Container>.self)
    }

    /// Keeps `container`, the container of `key`, in place of the previous one.
    mutating func keep<Key: CodingKey, Container>(_ container: Container, of key: Key.Type) {
        holder = Holder(container)
        self.key = key
    }

    /// Lets go of the kept container.
    mutating func drop() {
        holder = nil
        key = nil
    }

    /// A kept container.
    final class Holder<Container> {
        private let container: Container

        init(_ container: Container) {
            self.container = container
        }

        /// A copy of the container, made where `Container`'s metadata is at hand (in this
        /// object's own), and returned straight into the caller's result.
        @inline(never)
        func get() -> Container {
            container
        }
    }
}
