/// An SQL function written in Swift: a scalar function, called once per row, or an
/// aggregate, fed every row of a group. Add it to a connection with
/// `add(_:)` of ``Connection``, usually from
/// ``Configuration/prepareConnection`` so that every connection of a database (its
/// readers too) has it.
///
/// ```swift
/// let initials = DatabaseFunction("initials", isDeterministic: true) { (name: String) in
///     String(name.split(separator: " ").compactMap(\.first))
/// }
/// ```
///
/// A function that throws makes its statement fail with a ``DatabaseError`` carrying the
/// error's description; an argument that does not convert to the closure's type does
/// too. SQLite calls functions between the steps of a statement, so a statement time
/// limit (``Configuration/statementTimeLimit``) also stops a statement whose function
/// is slow, once the call in progress returns.
public struct DatabaseFunction: Sendable {
    /// The function's name in SQL.
    public let name: String

    /// How many arguments the function takes; nil for any number.
    public let argumentCount: Int?

    /// Whether the function always returns the same result for the same arguments, which
    /// lets SQLite use it in indexes, generated columns and `CHECK` constraints, and call
    /// it once for constant arguments.
    public let isDeterministic: Bool

    /// What SQLite calls.
    enum Kind: Sendable {
        case scalar(@Sendable ([Value]) throws -> Value)
        case aggregate(@Sendable () -> any DatabaseAggregate)
    }

    let kind: Kind

    /// A scalar function of `argumentCount` arguments (nil: any number) given as values.
    public init(
        _ name: String, argumentCount: Int? = nil, isDeterministic: Bool = false,
        _ body: @escaping @Sendable ([Value]) throws -> (any DatabaseValueConvertible)?
    ) {
        self.name = name
        self.argumentCount = argumentCount
        self.isDeterministic = isDeterministic
        kind = .scalar { arguments in try body(arguments)?.databaseValue ?? .null }
    }

    /// A scalar function of one argument, converted to `A`.
    public init<A: FunctionValue, Result: FunctionValue>(
        _ name: String, isDeterministic: Bool = false, _ body: @escaping @Sendable (A) throws -> Result
    ) {
        self.init(name, argumentCount: 1, isDeterministic: isDeterministic) { arguments in
            try body(A(databaseValue: arguments[0]))
        }
    }

    /// A scalar function of two arguments, converted to `A` and `B`.
    public init<A: FunctionValue, B: FunctionValue, Result: FunctionValue>(
        _ name: String, isDeterministic: Bool = false, _ body: @escaping @Sendable (A, B) throws -> Result
    ) {
        self.init(name, argumentCount: 2, isDeterministic: isDeterministic) { arguments in
            try body(A(databaseValue: arguments[0]), B(databaseValue: arguments[1]))
        }
    }

    /// An aggregate function: each group gets a new aggregate from `makeAggregate`, fed
    /// its rows' arguments with `step(_:)`, whose `finish()` gives the group's result.
    ///
    /// ```swift
    /// struct Product: DatabaseAggregate {
    ///     var product = 1.0
    ///     mutating func step(_ arguments: [Value]) throws { product *= try Double(databaseValue: arguments[0]) }
    ///     func finish() -> (any DatabaseValueConvertible)? { product }
    /// }
    /// let product = DatabaseFunction("product", argumentCount: 1, aggregate: { Product() })
    /// ```
    public init(
        _ name: String, argumentCount: Int? = nil, isDeterministic: Bool = false,
        aggregate makeAggregate: @escaping @Sendable () -> any DatabaseAggregate
    ) {
        self.name = name
        self.argumentCount = argumentCount
        self.isDeterministic = isDeterministic
        kind = .aggregate(makeAggregate)
    }
}

/// The state of an aggregate SQL function over one group of rows: see
/// ``DatabaseFunction/init(_:argumentCount:isDeterministic:aggregate:)``: a new one for
/// each group.
public protocol DatabaseAggregate {
    /// A new aggregate, for a group that has no row yet.
    init()

    /// Adds a row's arguments; throwing makes the statement fail.
    mutating func step(_ arguments: [Value]) throws

    /// The group's result; throwing makes the statement fail.
    func finish() throws -> (any DatabaseValueConvertible)?
}

#if compiler(>=6.2)
    /// A type a Swift SQL function takes or returns: a ``DatabaseValueConvertible`` whose
    /// metatype may be used on any thread (every type that is not isolated to an actor).
    public typealias FunctionValue = DatabaseValueConvertible & SendableMetatype
#else
    /// A type a Swift SQL function takes or returns: a ``DatabaseValueConvertible``.
    public typealias FunctionValue = DatabaseValueConvertible
#endif
