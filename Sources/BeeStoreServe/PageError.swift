/// A request a page cannot answer, with the HTTP status that says why.
enum PageError: Error, Equatable {
    /// The request names something that does not exist (404).
    case notFound(String)
    /// The request is malformed or asks for something refused (400).
    case badRequest(String)
    /// The request asks for something the server was not started to give (403).
    case forbidden(String)

    /// The HTTP status of the error.
    var status: Int {
        switch self {
        case .notFound: 404
        case .badRequest: 400
        case .forbidden: 403
        }
    }

    /// The message shown to the user.
    var message: String {
        switch self {
        case .notFound(let message), .badRequest(let message), .forbidden(let message): message
        }
    }
}
