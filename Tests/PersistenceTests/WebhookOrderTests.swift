import Foundation
import Testing
import Domain
@testable import Persistence

extension StoreContractTests {
    /// The webhook queue's order (`StoreWebhooks.claimDue`) on either engine: per endpoint and
    /// listing, one delivery at a time and in event order; an earlier delivery waiting for its
    /// retry holds back the later ones, a given-up one or another endpoint's does not.
    @Suite struct WebhookOrderTests {
        static let now = Instant(millisecondsSinceEpoch: 1_800_000_000_000)
        static let hour: Int64 = 3_600_000

        /// A host account with endpoints named `names` (each subscribed to everything).
        struct Setup {
            let fixture: CatalogFixture
            let queue: any WebhookQueue & WebhookStore
            let host: AccountID
            let endpoints: [WebhookID]
        }

        static func setUp(_ engine: CatalogFixture.Engine, endpoints count: Int) throws -> Setup {
            let fixture = try CatalogFixture(engine: engine)
            let (_, _, host) = try EventOutboxTests.parties(fixture)
            func queue(_ engine: some StoreEngine) -> any WebhookQueue & WebhookStore { engine.webhookStore() }
            let queue = queue(fixture.store)
            let endpoints = try (0..<count).map { index in
                try queue.insertEndpoint(of: host, url: "http://hook\(index).example/", patterns: [.init("*")!],
                                         secret: WebhookSecret(text: "s\(index)"), at: now).id
            }
            return Setup(fixture: fixture, queue: queue, host: host, endpoints: endpoints)
        }

        /// Appends one event about `listing` (nil: about no listing) through the outbox, which
        /// writes a delivery per endpoint; returns the event's id.
        static func event(_ setup: Setup, listing: Int64?) throws -> Int64 {
            func append(_ engine: some StoreEngine) throws -> Int64 {
                try engine.write { connection in
                    try EventOutbox.append(.reservationConfirmed,
                                           snapshot: EventSnapshot(listingID: listing.map(ListingID.init), listingTitle: "L"),
                                           guest: nil, host: setup.host, at: now, in: connection)
                }
            }
            return try append(setup.fixture.store)
        }

        static func claim(_ setup: Setup, at instant: Instant = now, limit: Int = 20) throws -> [ClaimedDelivery] {
            try claim(setup.queue, at: instant, limit: limit)
        }

        static func claim(_ queue: any WebhookQueue, at instant: Instant = now, limit: Int) throws -> [ClaimedDelivery] {
            try queue.claimDue(limit: limit, now: instant,
                               leaseUntil: Instant(millisecondsSinceEpoch: instant.millisecondsSinceEpoch + hour))
        }

        static func ok(_ at: Instant = now) -> DeliveryAttempt {
            DeliveryAttempt(at: at, statusCode: 200, latencyMilliseconds: 1, error: nil)
        }

        static func failure(_ at: Instant = now) -> DeliveryAttempt {
            DeliveryAttempt(at: at, statusCode: 500, latencyMilliseconds: 1, error: "HTTP 500")
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func onlyTheEarliestPendingDeliveryOfAListingIsClaimed(engine: CatalogFixture.Engine) throws {
            let setup = try Self.setUp(engine, endpoints: 2)
            let (a, b) = (setup.endpoints[0], setup.endpoints[1])
            let one = try (0..<3).map { _ in try Self.event(setup, listing: 1) }
            let two = try Self.event(setup, listing: 2)
            let unlisted = try (0..<2).map { _ in try Self.event(setup, listing: nil) }

            // Each endpoint's first of listing 1, its one of listing 2, and both events about no listing.
            let first = try Self.claim(setup)
            #expect(Set(first.map { "\($0.endpointID.rawValue):\($0.eventID)" }) == Set([a, b].flatMap { endpoint in
                ([one[0], two] + unlisted).map { "\(endpoint.rawValue):\($0)" }
            }))
            // In flight, they hold back the rest of their listing; nothing else is due.
            #expect(try Self.claim(setup).isEmpty)
            for delivery in first where delivery.eventID != one[0] || delivery.endpointID == b {
                try setup.queue.markDelivered(delivery, attempt: Self.ok())
            }
            let headA = try #require(first.first { $0.eventID == one[0] && $0.endpointID == a })
            // b's next of listing 1 goes; a's waits behind its first, now waiting for a retry in a minute.
            #expect(try Self.claim(setup).map(\.eventID) == [one[1]])
            let retryAt = Instant(millisecondsSinceEpoch: Self.now.millisecondsSinceEpoch + 60_000)
            try setup.queue.markFailed(headA, attempt: Self.failure(), nextAttemptAt: retryAt, disable: nil)
            #expect(try Self.claim(setup).isEmpty, "b's second is in flight, a's first is waiting for its retry")
            // At the retry, the same first delivery, again, and still nothing behind it.
            let retried = try Self.claim(setup, at: retryAt)
            #expect(retried.map(\.eventID) == [one[0]] && retried.first?.endpointID == a && retried.first?.attempts == 1)
            // Given up, it holds nothing back any more.
            try setup.queue.markFailed(try #require(retried.first), attempt: Self.failure(retryAt), nextAttemptAt: nil,
                                       disable: nil)
            let next = try Self.claim(setup, at: retryAt)
            #expect(next.map(\.eventID) == [one[1]] && next.first?.endpointID == a)
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func aLapsedLeaseAndARedeliveryKeepOneInFlight(engine: CatalogFixture.Engine) throws {
            let setup = try Self.setUp(engine, endpoints: 1)
            let endpoint = setup.endpoints[0]
            let events = try (0..<3).map { _ in try Self.event(setup, listing: 4) }
            // A server claims the first and dies: after the lease, it is claimed again, still alone.
            let claimed = try Self.claim(setup)
            #expect(claimed.map(\.eventID) == [events[0]])
            let later = Instant(millisecondsSinceEpoch: Self.now.millisecondsSinceEpoch + 2 * Self.hour)
            let again = try Self.claim(setup, at: later)
            #expect(again.map(\.eventID) == [events[0]])
            // The dead server's late mark changes nothing (fenced by its lease).
            try setup.queue.markDelivered(try #require(claimed.first), attempt: Self.ok())
            #expect(try Self.claim(setup, at: later).isEmpty)
            try setup.queue.markDelivered(try #require(again.first), attempt: Self.ok(later))
            let second = try #require(try Self.claim(setup, at: later).first)
            #expect(second.eventID == events[1])
            // The host redelivers the first while the second is in flight: it waits for the second.
            let log = try setup.queue.deliveries(of: endpoint, before: nil, limit: 10)
            let firstDelivery = try #require(log.first { $0.eventID == events[0] })
            _ = try #require(try setup.queue.redeliver(firstDelivery.id, of: endpoint, at: later))
            #expect(try Self.claim(setup, at: later).isEmpty)
            try setup.queue.markDelivered(second, attempt: Self.ok(later))
            // Then the redelivered (earlier) event goes before the third.
            #expect(try Self.claim(setup, at: later).map(\.eventID) == [events[0]])
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func aDisabledOrDeletedEndpointHoldsBackOnlyItself(engine: CatalogFixture.Engine) throws {
            let setup = try Self.setUp(engine, endpoints: 3)
            let (a, b, c) = (setup.endpoints[0], setup.endpoints[1], setup.endpoints[2])
            let events = try (0..<2).map { _ in try Self.event(setup, listing: 1) }
            try setup.fixture.execute("UPDATE webhook_endpoints SET disabled_at = 1, disabled_reason = 'test' WHERE id = ?",
                                      [a.rawValue])
            #expect(try setup.queue.deleteEndpoint(b, of: setup.host, at: Self.now))
            let claimed = try Self.claim(setup)
            #expect(claimed.map(\.endpointID) == [c] && claimed.map(\.eventID) == [events[0]])
            try setup.queue.markDelivered(try #require(claimed.first), attempt: Self.ok())
            #expect(try Self.claim(setup).map(\.eventID) == [events[1]])
            // Enabled again (a redelivery does that), the disabled one resumes in order.
            try setup.fixture.execute("UPDATE webhook_endpoints SET disabled_at = NULL WHERE id = ?", [a.rawValue])
            let resumed = try Self.claim(setup)
            #expect(resumed.map(\.endpointID) == [a] && resumed.map(\.eventID) == [events[0]])
        }

        /// Four claimers at once (threads; on PostgreSQL, four connections): per endpoint and
        /// listing, never two deliveries held at once, and each completes in event order,
        /// through retries; a given-up delivery does not stop its listing.
        @Test(arguments: CatalogFixture.Engine.available)
        func concurrentClaimersKeepEachListingInOrder(engine: CatalogFixture.Engine) throws {
            let setup = try Self.setUp(engine, endpoints: 2)
            var listings: [Int64: Int64] = [:]
            // Runs of three events about one listing, so that the oldest due rows are mostly one listing's.
            for index in 0..<36 {
                let listing = Int64(1 + index / 3 % 3)
                listings[try Self.event(setup, listing: listing)] = listing
            }
            let listingOf = listings
            let events = listingOf.keys.sorted()
            // Every fourth event fails its first attempt (retried at once); one is given up.
            let failOnce = Set(events.enumerated().filter { $0.offset % 4 == 1 }.map(\.element))
            let givenUp = (endpoint: setup.endpoints[1], event: events[7])
            let total = setup.endpoints.count * events.count

            final class Record: @unchecked Sendable {
                let lock = NSLock()
                var held: Set<String> = []
                var overlaps: [String] = []
                var completed: [String: [Int64]] = [:]
                var finished = 0
                var errors: [String] = []
            }
            let record = Record()
            let queue = setup.queue
            let claimer: @Sendable () -> Void = {
                while record.lock.withLock({ record.finished < total && record.errors.isEmpty }) {
                    let claimed: [ClaimedDelivery]
                    do {
                        claimed = try Self.claim(queue, limit: 3)
                    } catch {
                        record.lock.withLock { record.errors.append("\(error)") }
                        return
                    }
                    if claimed.isEmpty {
                        // Nothing claimable now: the rest is held by the other claimers.
                        Thread.sleep(forTimeInterval: 0.001)
                        continue
                    }
                    let keys = claimed.map { "\($0.endpointID.rawValue)/\(listingOf[$0.eventID] ?? -1)" }
                    record.lock.withLock {
                        for key in keys where !record.held.insert(key).inserted { record.overlaps.append(key) }
                    }
                    Thread.sleep(forTimeInterval: Double.random(in: 0.0005...0.003))  // the attempts, while the others claim
                    for (delivery, key) in zip(claimed, keys) {
                        // Released before the mark commits: once it has, the next may be claimed.
                        record.lock.withLock { _ = record.held.remove(key) }
                        do {
                            if delivery.endpointID == givenUp.endpoint && delivery.eventID == givenUp.event {
                                try queue.markFailed(delivery, attempt: Self.failure(), nextAttemptAt: nil, disable: nil)
                                record.lock.withLock { record.finished += 1 }
                            } else if failOnce.contains(delivery.eventID) && delivery.attempts == 0 {
                                try queue.markFailed(delivery, attempt: Self.failure(), nextAttemptAt: Self.now, disable: nil)
                            } else {
                                try queue.markDelivered(delivery, attempt: Self.ok())
                                record.lock.withLock {
                                    record.completed[key, default: []].append(delivery.eventID)
                                    record.finished += 1
                                }
                            }
                        } catch {
                            record.lock.withLock { record.errors.append("\(error)") }
                        }
                    }
                }
            }
            // Four threads of their own (concurrentPerform would run only as many as there are cores).
            let claimers = DispatchGroup()
            for _ in 0..<4 { DispatchQueue.global().async(group: claimers, execute: claimer) }
            claimers.wait()
            #expect(record.errors.isEmpty, "\(record.errors)")
            #expect(record.overlaps.isEmpty, "two deliveries of one endpoint and listing held at once: \(record.overlaps)")
            #expect(record.completed.count == 6)
            for (key, completed) in record.completed {
                #expect(completed == completed.sorted() && Set(completed).count == completed.count, "\(key): \(completed)")
            }
            #expect(record.completed.values.map(\.count).reduce(0, +) == total - 1)
            let statuses = try setup.fixture.fetchAll("SELECT status, count(*) FROM webhook_deliveries GROUP BY status ORDER BY status") {
                "\($0.string(0)) \($0.int(1))"
            }
            #expect(statuses == ["delivered \(total - 1)", "failed 1"])
        }
    }
}
