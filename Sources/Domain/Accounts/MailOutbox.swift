/// A mail waiting in the outbox, as a deliverer claims it.
public struct QueuedMail: Hashable, Sendable {
    public var id: Int64
    public var mail: OutgoingMail
    public var createdAt: Instant
    /// Attempts made before this one.
    public var attempts: Int

    public init(id: Int64, mail: OutgoingMail, createdAt: Instant, attempts: Int) {
        self.id = id
        self.mail = mail
        self.createdAt = createdAt
        self.attempts = attempts
    }
}

/// The deliverer's side of the mail outbox (`AccountTransaction.enqueueMail` writes it).
///
/// Implementations promise that `claimDue` hands a row to one caller at a time, across
/// servers: a claimed row is leased until `leaseUntil` and not claimed again before then
/// unless marked; a deliverer that dies leaves its rows to be claimed after the lease.
/// Thread safety: `Sendable`.
public protocol MailOutboxStore: Sendable {
    /// Up to `limit` unsent mails due at `now` and not leased, oldest first, now leased
    /// until `leaseUntil`.
    func claimDue(limit: Int, now: Instant, leaseUntil: Instant) throws -> [QueuedMail]
    /// Sent: the bodies are erased (they may hold a link's token), the row kept.
    func markSent(_ id: Int64, at instant: Instant) throws
    /// Not sent: counted, the reason kept, tried again at `nextAttemptAt` (nil: never).
    func markFailed(_ id: Int64, reason: String, nextAttemptAt: Instant?) throws
}
