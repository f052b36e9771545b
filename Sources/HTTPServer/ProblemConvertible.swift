/// An error that knows which problem response it is. A handler throwing one gets exactly that
/// response; any other error becomes a generic 500.
public protocol ProblemConvertible: Error {
    var problem: Problem { get }
}

extension Problem: ProblemConvertible {
    public var problem: Problem { self }
}
