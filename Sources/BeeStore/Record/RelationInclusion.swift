/// Which relations a fetch loads: every relation whose property is not optional (a
/// record cannot be made without it), and the optional ones named by a dotted path
/// from the fetched type (`"albums"`, `"albums.tracks"`).
struct RelationInclusion: Sendable, Hashable {
    /// The included paths, with every prefix of each.
    private(set) var paths: Set<String> = []

    /// Includes `path` and the relations that lead to it.
    mutating func include(_ path: String) {
        var prefix = ""
        for segment in path.split(separator: ".", omittingEmptySubsequences: false) {
            prefix = prefix.isEmpty ? String(segment) : prefix + "." + segment
            paths.insert(prefix)
        }
    }

    /// Whether a relation at `path` is loaded.
    func loads(_ path: String, isOptional: Bool) -> Bool {
        !isOptional || paths.contains(path)
    }

    /// The path of the relation `key` below `path`.
    static func path(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : path + "." + key
    }

    /// The included paths below `path`, relative to it: what a record at `path` loads
    /// beyond its required relations. Records loaded with equal subtrees are the same.
    func subtree(below path: String) -> Set<String> {
        guard !path.isEmpty else { return paths }
        let prefix = path + "."
        return Set(paths.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) })
    }

    /// Throws ``RecordError/unknownRelation(record:relation:)`` for a path that does not
    /// name relations of `schema`, one after the other.
    func validate(from schema: RecordSchema) throws {
        for path in paths {
            var current = schema
            for segment in path.split(separator: ".", omittingEmptySubsequences: false).map(String.init) {
                guard let target = current.relationTarget(forKey: segment) else {
                    throw RecordError.unknownRelation(record: schema.recordName, relation: path)
                }
                current = try RecordSchema.of(dynamic: target)
            }
        }
    }
}

extension RecordSchema {
    /// The record type the relation `key` leads to, if `key` is a relation.
    func relationTarget(forKey key: String) -> (any ActiveRecord.Type)? {
        if let index = columnIndexByKey[key], case .belongsTo(let target) = columns[index].storage {
            return target
        }
        return toMany.first { $0.key == key }?.target
    }
}
