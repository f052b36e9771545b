import Dispatch
import Foundation
import TestSupport
import Testing
@testable import HTTPServer

@Suite struct HandlerPoolTests {
    @Test func oneThreadRunsTasksInTheOrderTheyWereSubmitted() {
        let pool = HandlerPool(name: "test.pool", baseThreads: 1)
        pool.start()
        defer { pool.stop() }
        // Held behind a first task, the queue grows past the point where its consumed front
        // is dropped while tasks still wait.
        let entered = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        pool.submit {
            entered.signal()
            release.wait()
        }
        entered.wait()
        let count = 3_000
        let order = LockedBox<[Int]>([])
        let done = DispatchSemaphore(value: 0)
        for number in 0..<count {
            pool.submit {
                order.mutate { $0.append(number) }
                if number == count - 1 { done.signal() }
            }
        }
        release.signal()
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(order.value == Array(0..<count))
    }

    @Test func aStuckPoolGetsAnotherThreadForTheTaskWaitingBehindIt() {
        let pool = HandlerPool(name: "test.pool", baseThreads: 2, maxThreads: 4)
        pool.start()
        defer { pool.stop() }
        let entered = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        for _ in 0..<2 {
            pool.submit {
                entered.signal()
                release.wait()
            }
        }
        entered.wait()
        entered.wait()
        let ran = DispatchSemaphore(value: 0)
        pool.submit { ran.signal() }
        // Nothing finished since the last check and no thread is free: one more thread.
        #expect(pool.checkForStall() == 1)
        #expect(ran.wait(timeout: .now() + 10) == .success)
        #expect(pool.threadCount == 3)
        release.signal()
        release.signal()
    }

    @Test func aBusyPoolWhoseTasksFinishDoesNotGrow() {
        let pool = HandlerPool(name: "test.pool", baseThreads: 1, maxThreads: 4)
        pool.start()
        defer { pool.stop() }
        let entered = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        pool.submit { finished.signal() }
        #expect(finished.wait(timeout: .now() + 10) == .success)
        pool.submit {
            entered.signal()
            release.wait()
            finished.signal()
        }
        pool.submit { finished.signal() }
        entered.wait()
        // A task finished since the last check (the pool's first): busy, not stuck.
        #expect(pool.checkForStall() == 1)
        #expect(pool.threadCount == 1)
        release.signal()
        #expect(finished.wait(timeout: .now() + 10) == .success)
        #expect(finished.wait(timeout: .now() + 10) == .success)
        #expect(pool.checkForStall() == 0)
        #expect(pool.threadCount == 1)
    }

    @Test func anAddedThreadEndsAfterIdling() {
        let pool = HandlerPool(name: "test.pool", baseThreads: 1, maxThreads: 2, idleTimeout: .milliseconds(100))
        pool.start()
        defer { pool.stop() }
        let entered = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), ran = DispatchSemaphore(value: 0)
        pool.submit {
            entered.signal()
            release.wait()
        }
        entered.wait()
        pool.submit { ran.signal() }
        pool.checkForStall()
        #expect(ran.wait(timeout: .now() + 10) == .success)
        #expect(pool.threadCount == 2)
        release.signal()
        #expect(waitUntil { pool.threadCount == 1 })
        // At the maximum, a stuck pool stays as it is.
        pool.submit {
            entered.signal()
            release.wait()
        }
        entered.wait()
        pool.submit {
            entered.signal()
            release.wait()
        }
        pool.checkForStall()   // tasks finished since the last check: not stuck yet
        pool.checkForStall()
        entered.wait()
        pool.submit { ran.signal() }
        pool.checkForStall()
        #expect(pool.threadCount == 2)
        #expect(ran.wait(timeout: .now() + 0.3) == .timedOut)
        release.signal()
        release.signal()
        #expect(ran.wait(timeout: .now() + 10) == .success)
    }

    @Test func aTaskIsReleasedOnceItHasRunThoughTheQueueNeverEmpties() {
        let pool = HandlerPool(name: "test.pool", baseThreads: 1)
        pool.start()
        defer { pool.stop() }
        let entered = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), ran = DispatchSemaphore(value: 0)
        weak var weakToken: Token?
        do {
            let token = Token()
            weakToken = token
            pool.submit { _ = token; ran.signal() }
        }
        pool.submit {
            entered.signal()
            release.wait()
        }
        pool.submit {}
        #expect(ran.wait(timeout: .now() + 10) == .success)
        entered.wait()   // the second task holds the only thread; the third waits behind it
        #expect(weakToken == nil)
        release.signal()
    }

    private final class Token: Sendable {}

    @Test func stopRunsWhatWasQueuedThenEndsEveryThread() {
        let pool = HandlerPool(name: "test.pool", baseThreads: 2)
        pool.start()
        let entered = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let count = LockedBox(0)
        for _ in 0..<2 {
            pool.submit {
                entered.signal()
                release.wait()
                count.mutate { $0 += 1 }
            }
        }
        entered.wait()
        entered.wait()
        for _ in 0..<10 { pool.submit { count.mutate { $0 += 1 } } }
        pool.stop()
        pool.submit { count.mutate { $0 += 100 } }   // after stop: dropped
        release.signal()
        release.signal()
        #expect(waitUntil { pool.threadCount == 0 })
        #expect(count.value == 12)
    }

    /// Polls `condition` for up to 10 s.
    private func waitUntil(_ condition: () -> Bool) -> Bool {
        for _ in 0..<1_000 {
            if condition() { return true }
            usleep(10_000)
        }
        return condition()
    }
}
