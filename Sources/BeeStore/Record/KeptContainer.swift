/// The keyed container a record coder handed out last, kept for the next record of the
/// same key type: a coder's containers hold nothing but the coder, so one serves every
/// record. Kept in a class with its key type beside it, so that getting it back needs no
/// dynamic cast. It holds the coder, a cycle that lasts until ``drop()``.
struct KeptContainer {
    private var holder: AnyObject?
    private var key: Any.Type?

    /// The kept container, if it is the one of `key`.
    @inline(__always)
    func container<Key: CodingKey, Container>(of key: Key.Type, as type: Container.Type) -> Container? {
        guard let holder, self.key == key else { return nil }
        // Safe: the holder was made by `keep` for this very key type, with this container type.
        return unsafeDowncast(holder, to: Holder<Container>.self).container
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
}

private final class Holder<Container> {
    let container: Container

    init(_ container: Container) {
        self.container = container
    }
}
