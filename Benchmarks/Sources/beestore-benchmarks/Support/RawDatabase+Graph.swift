import CSQLiteRaw

extension RawDatabase {
    /// Creates the graph's tables (``Graph/createTablesSQL``).
    func createGraphTables() throws {
        try execute(Graph.createTablesSQL)
    }

    /// The C API by hand, in one transaction: for each parent, its row, then each child's
    /// row with its parent's id; the new ids are written into `parents`.
    func insertGraph(_ parents: inout [Parent]) throws {
        let insertParent = try prepare("INSERT INTO parent (score) VALUES (?)")
        let insertChild = try prepare("INSERT INTO child (a, b, parentId) VALUES (?, ?, ?)")
        func step(_ statement: RawStatement) throws {
            let code = sqlite3_step(statement.handle)
            sqlite3_reset(statement.handle)
            try check(code, "INSERT")
        }
        try execute("BEGIN IMMEDIATE")
        for index in parents.indices {
            sqlite3_bind_int64(insertParent.handle, 1, parents[index].score)
            try step(insertParent)
            let parentID = sqlite3_last_insert_rowid(handle)
            parents[index].id = parentID
            for position in parents[index].children.indices {
                let child = parents[index].children[position]
                sqlite3_bind_int64(insertChild.handle, 1, child.a)
                sqlite3_bind_int64(insertChild.handle, 2, child.b)
                sqlite3_bind_int64(insertChild.handle, 3, parentID)
                try step(insertChild)
                parents[index].children[position].id = sqlite3_last_insert_rowid(handle)
            }
        }
        try execute("COMMIT")
    }
}
