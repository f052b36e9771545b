import Domain
import Foundation
@testable import Mail
import Synchronization
import Testing
import TestSupport

/// The outbox in memory, with the lease rule of `MailOutboxStore`.
final class InMemoryOutbox: MailOutboxStore {
    struct Row { var queued: QueuedMail; var nextAttemptAt: Instant?; var leasedUntil: Instant?; var sentAt: Instant?; var reason: String? }
    let rows = Mutex<[Row]>([])

    func add(_ mail: OutgoingMail, id: Int64, at instant: Instant) {
        rows.withLock { $0.append(Row(queued: QueuedMail(id: id, mail: mail, createdAt: instant, attempts: 0),
                                      nextAttemptAt: instant, leasedUntil: nil, sentAt: nil, reason: nil)) }
    }
    func claimDue(limit: Int, now: Instant, leaseUntil: Instant) throws -> [QueuedMail] {
        rows.withLock { rows in
            var claimed: [QueuedMail] = []
            for index in rows.indices where claimed.count < limit && rows[index].sentAt == nil {
                guard let due = rows[index].nextAttemptAt, due <= now else { continue }
                if let lease = rows[index].leasedUntil, lease > now { continue }
                rows[index].leasedUntil = leaseUntil
                claimed.append(rows[index].queued)
            }
            return claimed
        }
    }
    func markSent(_ id: Int64, at instant: Instant) throws {
        rows.withLock { rows in
            guard let index = rows.firstIndex(where: { $0.queued.id == id }) else { return }
            rows[index].sentAt = instant
            rows[index].queued.mail.text = ""
            rows[index].queued.mail.html = ""
        }
    }
    func markFailed(_ id: Int64, reason: String, nextAttemptAt: Instant?) throws {
        rows.withLock { rows in
            guard let index = rows.firstIndex(where: { $0.queued.id == id }) else { return }
            rows[index].queued.attempts += 1
            rows[index].reason = reason
            rows[index].nextAttemptAt = nextAttemptAt
            rows[index].leasedUntil = nil
        }
    }
}

final class SteppingClock: DateProvider {
    let instant = Mutex(Instant(millisecondsSinceEpoch: 1_795_858_800_000))
    func today(in timeZone: String) -> CalendarDate { CalendarDate(daysSinceEpoch: 20_000) }
    func now() -> Instant { instant.withLock { $0 } }
    func advance(minutes: Int64) { instant.withLock { $0 = Instant(millisecondsSinceEpoch: $0.millisecondsSinceEpoch + minutes * 60_000) } }
}

@Suite struct MailDeliveryTests {
    let outbox = InMemoryOutbox()
    let clock = SteppingClock()
    let logs = LockedBox<[String]>([])

    func delivery(_ transport: any MailTransport, giveUpAfterSeconds: Int64 = 3 * 86_400) -> MailDelivery {
        MailDelivery(outbox: outbox, transport: transport, from: "no-reply@stays.example", dateProvider: clock,
                     giveUpAfterSeconds: giveUpAfterSeconds, log: { [logs] line in logs.mutate { $0.append(line) } })
    }

    @Test func dueMailIsSentOnceAndItsBodiesErased() throws {
        let sink = try SMTPSink()
        defer { sink.stop() }
        outbox.add(OutgoingMail(to: "a@example.com", subject: "one", text: "token link", html: "<p>token link</p>"), id: 1, at: clock.now())
        outbox.add(OutgoingMail(to: "b@example.com", subject: "two", text: "x", html: "y"), id: 2, at: clock.now())
        let mailer = delivery(SMTPTransport(url: "smtp://127.0.0.1:\(sink.port)"))
        #expect(try mailer.deliverDue() == 2)
        #expect(try mailer.deliverDue() == 0)
        #expect(sink.received.map(\.recipients) == [["<a@example.com>"], ["<b@example.com>"]])
        #expect(outbox.rows.withLock { $0.allSatisfy { $0.sentAt != nil && $0.queued.mail.text.isEmpty && $0.queued.mail.html.isEmpty } })
    }

    @Test func aRefusedMailIsRetriedWithBackoffAndLoggedOnce() throws {
        let sink = try SMTPSink()
        defer { sink.stop() }
        sink.failNext(2)
        outbox.add(OutgoingMail(to: "a@example.com", subject: "s", text: "t", html: "h"), id: 7, at: clock.now())
        let mailer = delivery(SMTPTransport(url: "smtp://127.0.0.1:\(sink.port)"))
        #expect(try mailer.deliverDue() == 0)              // refused: next try in 1-1.2 minutes
        #expect(try mailer.deliverDue() == 0)              // not due yet
        clock.advance(minutes: 2)
        #expect(try mailer.deliverDue() == 0)              // refused again: next in 2-2.4 minutes
        clock.advance(minutes: 2)
        #expect(try mailer.deliverDue() == 0)
        clock.advance(minutes: 1)
        #expect(try mailer.deliverDue() == 1)
        #expect(sink.received.count == 1)
        #expect(logs.value.count == 1)
        #expect(logs.value[0].hasPrefix("mail 7 not sent, will retry: SMTP:"))
    }

    @Test func aMailTooOldIsGivenUp() throws {
        outbox.add(OutgoingMail(to: "a@example.com", subject: "s", text: "t", html: "h"), id: 3, at: clock.now())
        let mailer = delivery(SMTPTransport(url: "smtp://127.0.0.1:1"), giveUpAfterSeconds: 60)
        #expect(try mailer.deliverDue() == 0)
        clock.advance(minutes: 2)
        #expect(try mailer.deliverDue() == 0)
        #expect(outbox.rows.withLock { $0[0].nextAttemptAt == nil && $0[0].queued.attempts == 2 })
        #expect(logs.value.last?.hasPrefix("mail 3 given up") == true)
    }

    @Test func backoffDoublesToAnHour() {
        let start = Instant(millisecondsSinceEpoch: 0)
        #expect([1, 2, 3, 7, 30].map { MailDelivery.nextAttempt(after: $0, from: start, jitter: 0).millisecondsSinceEpoch / 60_000 }
                == [1, 2, 4, 60, 60])
        #expect(MailDelivery.nextAttempt(after: 1, from: start, jitter: 0.1).millisecondsSinceEpoch == 66_000)
    }

    @Test func filesSortByTimeThenId() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stays-outbox-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for id in [10, 9] as [Int64] {
            outbox.add(OutgoingMail(to: "a@example.com", subject: "s\(id)", text: "t", html: "h"), id: id, at: clock.now())
            clock.advance(minutes: 1)
        }
        #expect(try delivery(MailDirectoryTransport(directory: folder.path)).deliverDue() == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
                == ["20261128T094000000Z-000000000010.eml", "20261128T094100000Z-000000000009.eml"])
    }
}
