#if PostgreSQL
/// What the shop's tables hold, as an app server's observers see it: the orders and lines
/// saved, and the accounts' total balance and total lock version.
struct ShopState: Codable, Equatable, Sendable {
    var orders = 0
    var lines = 0
    var balance = 0
    var versions = 0

    /// The state once `workers` servers have each saved `orders` orders of `lines` lines
    /// in all and made `updates` account updates, on accounts that started at 0.
    static func final(workers: Int, orders: Int, lines: Int, updates: Int) -> ShopState {
        ShopState(orders: workers * orders, lines: workers * lines, balance: workers * updates, versions: workers * updates)
    }
}
#endif
