/// What a `PostgresPool` call throws when the database could not be reached, or dropped the
/// connection while the call ran (a restart, a failover, the server's connection limit, a
/// network failure): a condition that may pass on its own, unlike an error in a statement.
///
/// A write that fails this way may or may not have committed: the pool never runs it again
/// by itself. A caller that retries must be able to repeat it safely (an idempotency key).
public struct PostgresUnavailableError: Error, Sendable, CustomStringConvertible {
    /// libpq's or the server's own report.
    public var underlying: PostgresError

    public init(_ underlying: PostgresError) {
        self.underlying = underlying
    }

    public var description: String { "database unavailable: \(underlying)" }
}
