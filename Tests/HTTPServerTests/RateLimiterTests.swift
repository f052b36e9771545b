import Dispatch
import Synchronization
import Testing
import TestSupport
@testable import HTTPServer

/// A clock the test moves by hand.
private final class ManualClock: Sendable {
    private let seconds = Mutex<Double>(0)
    var now: Double { seconds.withLock { $0 } }
    func set(_ value: Double) { seconds.withLock { $0 = value } }
}

private func limiter(limit: Int = 20, period: Double = 60, maxKeys: Int = 65_536, clock: ManualClock) -> RateLimiter {
    RateLimiter(limit: limit, periodSeconds: period, maxKeys: maxKeys, now: { clock.now })
}

@Suite struct RateLimiterTests {
    @Test func twentyAtOnceThenOneEveryThreeSeconds() {
        let clock = ManualClock()
        let limiter = limiter(clock: clock)
        for _ in 0..<20 { #expect(limiter.admit("10.0.0.1") == .admitted) }
        // The 21st must wait one interval, 60 / 20 = 3 s.
        #expect(limiter.admit("10.0.0.1") == .refused(retryAfterSeconds: 3))
        clock.set(2.0)
        #expect(limiter.admit("10.0.0.1") == .refused(retryAfterSeconds: 1))
        clock.set(2.999_999)
        #expect(limiter.admit("10.0.0.1") == .refused(retryAfterSeconds: 1)) // rounded up, never 0
        clock.set(3.0)
        #expect(limiter.admit("10.0.0.1") == .admitted)
        #expect(limiter.admit("10.0.0.1") == .refused(retryAfterSeconds: 3))
        // A minute of silence refills the bucket entirely.
        clock.set(63.0)
        for _ in 0..<20 { #expect(limiter.admit("10.0.0.1") == .admitted) }
        #expect(limiter.admit("10.0.0.1") == .refused(retryAfterSeconds: 3))
    }

    @Test func refusalsDoNotUseUpAllowance() {
        let clock = ManualClock()
        let limiter = limiter(limit: 2, period: 10, clock: clock)
        #expect(limiter.admit("k") == .admitted)
        #expect(limiter.admit("k") == .admitted)
        for _ in 0..<100 { #expect(limiter.admit("k") == .refused(retryAfterSeconds: 5)) }
        clock.set(5)
        #expect(limiter.admit("k") == .admitted)
    }

    @Test func keysAreIndependent() {
        let clock = ManualClock()
        let limiter = limiter(limit: 3, clock: clock)
        for _ in 0..<3 { #expect(limiter.admit("a") == .admitted) }
        #expect(limiter.admit("a") == .refused(retryAfterSeconds: 20))
        for _ in 0..<3 { #expect(limiter.admit("b") == .admitted) }
        #expect(limiter.admit("b") != .admitted)
    }

    @Test func zeroTurnsLimitingOff() {
        let clock = ManualClock()
        let limiter = limiter(limit: 0, clock: clock)
        for _ in 0..<10_000 { #expect(limiter.admit("k") == .admitted) }
        #expect(limiter.trackedKeyCount == 0)
    }

    @Test func aClientPacedAtTheRateIsNeverRefused() {
        let clock = ManualClock()
        let limiter = limiter(limit: 20, clock: clock)
        for step in 0..<1_000 {
            clock.set(Double(step) * 3)
            #expect(limiter.admit("k") == .admitted)
        }
        // Slightly faster than one every 3 s drains the bucket: its 60 - 3 = 57 s of slack
        // shrink by 0.1 s a request, so about the 570th is refused.
        let fast = limiter
        var refusedAt: Int?
        for step in 0..<1_000 where refusedAt == nil {
            clock.set(3_000 + Double(step) * 2.9)
            if fast.admit("fast") != .admitted { refusedAt = step }
        }
        #expect(refusedAt != nil)
        #expect((560...580).contains(refusedAt ?? 0))
    }

    /// Random arrivals of one key: checks the promised bounds without re-implementing the
    /// algorithm: (1) in any span of s seconds at most limit + limit * s / period requests
    /// are admitted; (2) a retry after the advertised Retry-After is admitted.
    @Test func burstAndRateBoundsOverRandomArrivals() {
        var random = TestRandom(seed: 0x11_417)
        for round in 0..<40 {
            let limit = random.next(in: 1...30)
            let period = Double(random.next(in: 1...120))
            let clock = ManualClock()
            let limiter = limiter(limit: limit, period: period, clock: clock)
            var admitted: [Double] = []
            var t = 0.0
            for _ in 0..<400 {
                t += random.chance(70) ? 0 : random.unit() * period / Double(limit) * 2
                clock.set(t)
                switch limiter.admit("k") {
                case .admitted:
                    admitted.append(t)
                case .refused(let retryAfter):
                    #expect(retryAfter >= 1)
                    #expect(Double(retryAfter) <= period + 1, "round \(round)")
                    if random.chance(30) {
                        t += Double(retryAfter)
                        clock.set(t)
                        let retry = limiter.admit("k")
                        #expect(retry == .admitted, "round \(round): retry after \(retryAfter) s")
                        if retry == .admitted { admitted.append(t) }
                    }
                }
            }
            for (i, start) in admitted.enumerated() {
                for j in i..<admitted.count {
                    let span = admitted[j] - start
                    let allowed = Double(limit) + Double(limit) * span / period
                    #expect(Double(j - i + 1) <= allowed + 1e-6, "round \(round): \(j - i + 1) in \(span) s")
                }
            }
        }
    }

    @Test func sweepDropsOnlyKeysWhoseBucketIsFull() {
        let clock = ManualClock()
        let limiter = limiter(limit: 2, period: 60, maxKeys: 4, clock: clock)
        #expect(limiter.admit("a") == .admitted)    // a: both requests used, full again at 60
        #expect(limiter.admit("a") == .admitted)
        #expect(limiter.admit("b") == .admitted)    // b, c: full again at 30
        #expect(limiter.admit("c") == .admitted)
        clock.set(31)
        #expect(limiter.admit("d") == .admitted)    // 4 keys now
        #expect(limiter.trackedKeyCount == 4)
        #expect(limiter.admit("e") == .admitted)    // table full: b and c are swept
        #expect(limiter.trackedKeyCount == 3)
        // a kept its state: one request back by 31 s, not a fresh bucket of two.
        #expect(limiter.admit("a") == .admitted)
        #expect(limiter.admit("a") == .refused(retryAfterSeconds: 29))
    }

    @Test func aFullTableOfActiveKeysDropsTheSoonestFull() {
        let clock = ManualClock()
        let limiter = limiter(limit: 1, period: 60, maxKeys: 4, clock: clock)
        for (second, key) in ["k0", "k1", "k2", "k3"].enumerated() {
            clock.set(Double(second))
            #expect(limiter.admit(key) == .admitted)
        }
        clock.set(4)
        #expect(limiter.admit("k4") == .admitted)  // none is idle: k0, full again soonest, goes
        #expect(limiter.trackedKeyCount == 4)
        #expect(limiter.admit("k1") == .refused(retryAfterSeconds: 57))
        #expect(limiter.admit("k0") == .admitted)
    }

    @Test func memoryStaysBoundedUnderManyAddresses() {
        let clock = ManualClock()
        let limiter = limiter(limit: 5, period: 60, maxKeys: 64, clock: clock)
        for i in 0..<10_000 {
            clock.set(Double(i) * 0.001)
            _ = limiter.admit("192.0.2.\(i)")
            #expect(limiter.trackedKeyCount <= 64)
        }
        // The most recent client is still limited.
        for _ in 0..<4 { #expect(limiter.admit("192.0.2.9999") == .admitted) }
        #expect(limiter.admit("192.0.2.9999") != .admitted)
    }

    @Test func concurrentAdmissionsCountEveryRequestOnce() {
        let clock = ManualClock()
        let limiter = limiter(limit: 1_000, period: 60, clock: clock)
        let admitted = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for i in 0..<500 {
                if limiter.admit("shared") == .admitted { admitted.add(1, ordering: .relaxed) }
                _ = limiter.admit("worker-\(worker)-\(i % 7)")
            }
        }
        #expect(admitted.load(ordering: .relaxed) == 1_000)
    }

    @Test func defaultClockIsMonotonicSeconds() {
        let first = RateLimiter.monotonicSeconds()
        let second = RateLimiter.monotonicSeconds()
        #expect(second >= first)
        #expect(first >= 0 && first < 86_400 * 365)
        let limiter = RateLimiter()
        #expect(limiter.limit == 20 && limiter.periodSeconds == 60)
        #expect(limiter.admit("x") == .admitted)
    }
}
