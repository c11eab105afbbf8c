/// A keyed container a record coder keeps for the next record of the same key type: its
/// containers hold nothing but the coder, so one serves every record. A class, so that
/// the coder stores it as `AnyObject` and gets it back without a dynamic cast (the coder
/// keeps the key type beside it to know which container it is).
final class KeptContainer<Container> {
    let container: Container

    init(_ container: Container) {
        self.container = container
    }
}
