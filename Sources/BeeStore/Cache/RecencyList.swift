/// Elements by key, in a doubly linked list from the most to the least recently used.
///
/// The nodes live in one dense array and link to each other by index; removing a node
/// moves the last node into its slot. Lookup, insertion, use and removal are O(1).
///
/// Inlinable, with ``MemoryCache``: see there.
@usableFromInline
struct RecencyList<Key: Hashable, Element> {
    @usableFromInline
    struct Node {
        @usableFromInline let key: Key
        @usableFromInline var element: Element
        @usableFromInline var newer: Int
        @usableFromInline var older: Int

        @inlinable
        init(key: Key, element: Element, newer: Int, older: Int) {
            self.key = key
            self.element = element
            self.newer = newer
            self.older = older
        }
    }

    @inlinable static var none: Int { -1 }

    @usableFromInline var nodes: [Node] = []
    @usableFromInline var positions: [Key: Int] = [:]
    @usableFromInline var newest = RecencyList.none
    @usableFromInline var oldest = RecencyList.none

    @inlinable init() {}

    /// The number of elements.
    @inlinable var count: Int { nodes.count }

    /// The element for `key`, leaving the order as it is.
    @inlinable func element(forKey key: Key) -> Element? {
        positions[key].map { nodes[$0].element }
    }

    /// The element for `key`, which becomes the most recently used.
    @inlinable mutating func use(_ key: Key) -> Element? {
        guard let position = positions[key] else { return nil }
        unlink(position)
        linkAsNewest(position)
        return nodes[position].element
    }

    /// Stores `element` for `key` as the most recently used; returns the element it replaces.
    @discardableResult
    @inlinable mutating func insert(_ element: Element, forKey key: Key) -> Element? {
        if let position = positions[key] {
            let replaced = nodes[position].element
            nodes[position].element = element
            unlink(position)
            linkAsNewest(position)
            return replaced
        }
        nodes.append(Node(key: key, element: element, newer: Self.none, older: Self.none))
        positions[key] = nodes.count - 1
        linkAsNewest(nodes.count - 1)
        return nil
    }

    /// Removes the element for `key` and returns it.
    @discardableResult
    @inlinable mutating func remove(_ key: Key) -> Element? {
        positions[key].map { removeNode(at: $0).element }
    }

    /// Removes the least recently used element and returns it with its key.
    @inlinable mutating func removeOldest() -> (key: Key, element: Element)? {
        guard oldest != Self.none else { return nil }
        let node = removeNode(at: oldest)
        return (node.key, node.element)
    }

    /// Removes every element.
    @inlinable mutating func removeAll() {
        nodes.removeAll()
        positions.removeAll()
        newest = Self.none
        oldest = Self.none
    }

    @inlinable mutating func unlink(_ position: Int) {
        let node = nodes[position]
        if node.newer == Self.none { newest = node.older } else { nodes[node.newer].older = node.older }
        if node.older == Self.none { oldest = node.newer } else { nodes[node.older].newer = node.newer }
    }

    @inlinable mutating func linkAsNewest(_ position: Int) {
        nodes[position].newer = Self.none
        nodes[position].older = newest
        if newest == Self.none { oldest = position } else { nodes[newest].newer = position }
        newest = position
    }

    /// Unlinks the node at `position`, then fills its slot with the last node so the array stays dense.
    @inlinable mutating func removeNode(at position: Int) -> Node {
        unlink(position)
        let removed = nodes[position]
        positions[removed.key] = nil
        let last = nodes.count - 1
        if position != last {
            let moved = nodes[last]
            nodes[position] = moved
            positions[moved.key] = position
            if moved.newer == Self.none { newest = position } else { nodes[moved.newer].older = position }
            if moved.older == Self.none { oldest = position } else { nodes[moved.older].newer = position }
        }
        nodes.removeLast()
        return removed
    }
}
