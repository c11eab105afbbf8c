import BeeStore

// The staff and sales side of the Chinook sample. A record maps the columns it names;
// the table's other columns are left as they are.

/// `Employee`: reports to another employee (`ReportsTo`), who has them among their
/// reports. A class, since an employee holds another employee.
final class Employee: ActiveRecord {
    var id: Int64?
    var firstName: String
    var lastName: String
    var title: String?
    var manager: Employee?
    var reports: [Employee]?

    static let mapping = RecordMapping(table: "Employee", primaryKey: "EmployeeId")
        .column("firstName", "FirstName")
        .column("lastName", "LastName")
        .column("title", "Title")
        .belongsTo("manager", column: "ReportsTo")
        .hasMany("reports", foreignKey: "ReportsTo")
}

/// `Customer`: their support rep is an employee (`SupportRepId`).
struct Customer: ActiveRecord {
    var id: Int64?
    var firstName: String
    var lastName: String
    var email: String
    var supportRep: Employee?

    static let mapping = RecordMapping(table: "Customer", primaryKey: "CustomerId")
        .column("firstName", "FirstName")
        .column("lastName", "LastName")
        .column("email", "Email")
        .belongsTo("supportRep", column: "SupportRepId")
}

/// `Invoice`: belongs to a customer, has many lines, which go with it when it is deleted.
struct Invoice: ActiveRecord {
    var id: Int64?
    var customer: Customer?
    var invoiceDate: String
    var total: Double
    var lines: [InvoiceLine]?

    static let mapping = RecordMapping(table: "Invoice", primaryKey: "InvoiceId")
        .belongsTo("customer", column: "CustomerId")
        .column("invoiceDate", "InvoiceDate")
        .column("total", "Total")
        .hasMany("lines", foreignKey: "InvoiceId", onDelete: .cascade)
}

/// `InvoiceLine`: belongs to its invoice and to the track sold.
struct InvoiceLine: ActiveRecord {
    var id: Int64?
    var invoice: Invoice?
    var track: Track?
    var unitPrice: Double
    var quantity: Int

    static let mapping = RecordMapping(table: "InvoiceLine", primaryKey: "InvoiceLineId")
        .belongsTo("invoice", column: "InvoiceId")
        .belongsTo("track", column: "TrackId")
        .column("unitPrice", "UnitPrice")
        .column("quantity", "Quantity")
}
