#if PostgreSQL
import BeeStore
import Foundation

extension PostgreSQLDatabase {
    /// The tables the server's plan of `statement` scans: those its subqueries, `IN`
    /// and `EXISTS` conditions and common tables read as well as its own and those it
    /// joins, so that an observation of the statement hears the commits to each.
    func tablesScanned(by statement: SQLStatement) throws -> Set<String> {
        let plan = try readOneStatement { connection in
            try connection.fetchValue(
                String.self, ServerStatements.plan(of: statement.sql), StatementArguments(values: statement.arguments))
        }
        guard let plan, let json = try? JSONSerialization.jsonObject(with: Data(plan.utf8)) else {
            throw PostgreSQLError(kind: .statement, message: "the server's plan is not JSON", sql: statement.sql)
        }
        var tables: Set<String> = []
        Self.collectRelations(in: json, into: &tables)
        return tables
    }

    /// Adds the `Relation Name` of every node of a JSON plan to `tables`.
    private static func collectRelations(in node: Any, into tables: inout Set<String>) {
        if let object = node as? [String: Any] {
            if let name = object["Relation Name"] as? String { tables.insert(name) }
            for value in object.values { collectRelations(in: value, into: &tables) }
        } else if let array = node as? [Any] {
            for element in array { collectRelations(in: element, into: &tables) }
        }
    }
}
#endif
