/// The joins that bring one relation's records into a record query, under an alias
/// (the relation's path), so that conditions and ordering can name their columns.
struct RelationJoin {
    let parent: RecordSchema
    /// The name the parent's table goes by in the query: its own, or its path.
    let parentName: String
    let key: String
    let child: RecordSchema
    let alias: String

    /// `query` with the joins added (left joins: a record without related records stays);
    /// distinct when the relation can match several records per parent.
    func adding(to query: Query) throws -> Query {
        let parentKey = parentName + "." + parent.primaryKey.name
        let childKey = alias + "." + child.primaryKey.name
        if let index = parent.columnIndexByKey[key] {
            return query.leftJoin(child.tableName, as: alias, on: childKey, equals: parentName + "." + parent.columns[index].name)
        }
        guard let relation = parent.toMany.first(where: { $0.key == key }) else {
            throw RecordError.unknownRelation(record: parent.recordName, relation: alias)
        }
        switch relation.kind {
        case .foreignKey(let declared):
            let foreignKey = try parent.foreignKey(of: relation, declared: declared)
            let joined = query.leftJoin(child.tableName, as: alias, on: alias + "." + foreignKey, equals: parentKey)
            return relation.isToOne ? joined : joined.distinct()
        case .manyToMany(let link):
            let linkAlias = alias + "#link"
            return query
                .leftJoin(link.table, as: linkAlias, on: linkAlias + "." + link.parentColumn, equals: parentKey)
                .leftJoin(child.tableName, as: alias, on: childKey, equals: linkAlias + "." + link.childColumn)
                .distinct()
        }
    }
}
