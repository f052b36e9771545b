import Domain
import Foundation

/// Sends what the outbox holds, after the commits that wrote it: `deliverDue` claims due
/// mails (a lease, so servers share the outbox without sending a mail twice unless one dies
/// mid-send), renders each as an RFC 5322 message and hands it to the transport. A mail
/// the transport refuses is tried again after 1, 2, 4 … minutes (at most an hour apart,
/// with up to 20% jitter so servers do not retry in step) until it is `giveUpAfterSeconds`
/// old; then it stays unsent with its last error, and is logged once.
///
/// It runs on a background task (`Application`), never on a request's thread, so a slow or
/// dead mail server delays mail, not answers. Thread safety: `Sendable`; one
/// `deliverDue` at a time per instance.
public final class MailDelivery: Sendable {
    public let outbox: any MailOutboxStore
    public let transport: any MailTransport
    public let from: String
    public let giveUpAfterSeconds: Int64
    private let dateProvider: any DateProvider
    private let log: @Sendable (String) -> Void

    public init(outbox: any MailOutboxStore, transport: any MailTransport, from: String, dateProvider: any DateProvider,
                giveUpAfterSeconds: Int64 = 3 * 86_400, log: @escaping @Sendable (String) -> Void) {
        self.outbox = outbox
        self.transport = transport
        self.from = from
        self.dateProvider = dateProvider
        self.giveUpAfterSeconds = giveUpAfterSeconds
        self.log = log
    }

    /// Claims and sends up to `limit` due mails; returns how many were sent.
    @discardableResult
    public func deliverDue(limit: Int = 50) throws -> Int {
        let now = dateProvider.now()
        let lease = Instant(millisecondsSinceEpoch: now.millisecondsSinceEpoch + 120_000)
        var sent = 0
        for queued in try outbox.claimDue(limit: limit, now: now, leaseUntil: lease) {
            let message = MailMessage.render(queued.mail, from: from, id: String(queued.id),
                                             date: Date(timeIntervalSince1970: Double(queued.createdAt.millisecondsSinceEpoch) / 1000))
            do {
                try transport.send(message, name: Self.fileName(queued))
                try outbox.markSent(queued.id, at: dateProvider.now())
                sent += 1
            } catch {
                let reason = String(describing: error)
                let next = Self.nextAttempt(after: queued.attempts + 1, from: dateProvider.now(),
                                            jitter: Double.random(in: 0..<0.2))
                let age = now.millisecondsSinceEpoch - queued.createdAt.millisecondsSinceEpoch
                let giveUp = age >= giveUpAfterSeconds * 1000
                try outbox.markFailed(queued.id, reason: reason, nextAttemptAt: giveUp ? nil : next)
                if giveUp || queued.attempts == 0 {
                    log("mail \(queued.id) \(giveUp ? "given up" : "not sent, will retry"): \(reason)")
                }
            }
        }
        return sent
    }

    /// 1, 2, 4 … minutes after the `attempt`th failure, at most 60, plus `jitter` of it.
    static func nextAttempt(after attempt: Int, from now: Instant, jitter: Double) -> Instant {
        let minutes = min(60, 1 << min(attempt - 1, 6))
        let delay = Double(minutes) * 60_000 * (1 + jitter)
        return Instant(millisecondsSinceEpoch: now.millisecondsSinceEpoch + Int64(delay))
    }

    /// `20261128T094000123Z-000000000042`: names that sort by time, then id.
    static func fileName(_ queued: QueuedMail) -> String {
        let stamp = queued.createdAt.description // 2026-11-28T09:40:00.123Z
            .replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "")
            .replacingOccurrences(of: ".", with: "")
        let id = String(queued.id)
        return "\(stamp)-\(String(repeating: "0", count: max(0, 12 - id.count)))\(id)"
    }
}
