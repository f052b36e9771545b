import Dispatch
import Foundation
import TestSupport
import Testing
@testable import HTTPServer

@Suite struct IOLoopTests {
    @Test func deadlinesComeOutEarliestFirst() {
        var generator = SystemRandomNumberGenerator()
        var heap = DeadlineHeap()
        var pushed: [UInt64] = []
        for id in 0..<500 {
            let deadline = UInt64.random(in: 0..<1_000, using: &generator)   // many ties
            pushed.append(deadline)
            heap.push(.init(deadline: deadline, connectionID: id))
        }
        var popped: [UInt64] = []
        while let first = heap.first {
            popped.append(first.deadline)
            heap.removeFirst()
        }
        #expect(popped == pushed.sorted())
        #expect(heap.count == 0)
    }

    @Test func tasksFromManyThreadsRunOnTheLoopInTheOrderEachThreadGaveThem() {
        let loop = IOLoop(name: "test.loop")
        loop.start()
        let producers = 4, perProducer = 2_000
        let seen = SeenTasks(producers: producers)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.concurrentPerform(iterations: producers) { producer in
            for index in 0..<perProducer {
                loop.execute {
                    seen.record(producer: producer, index: index, thread: pthread_self())
                    if seen.total == producers * perProducer { done.signal() }
                }
            }
        }
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(seen.inOrder)
        #expect(seen.threads.count == 1)   // all on the loop's one thread
        loop.stop()
    }

    @Test func theLoopThreadCarriesItsNameForTheKernel() {
        let loop = IOLoop(name: "stays.loop.named.long")
        loop.start()
        let comm = LockedBox("")
        let done = DispatchSemaphore(value: 0)
        loop.execute {
            comm.mutate { $0 = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? "unreadable" }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(comm.value == "stays.loop.name\n")   // the kernel keeps 15 bytes
        loop.stop()
    }

    @Test func aStoppedLoopRunsWhatWasQueuedBeforeTheStop() {
        let loop = IOLoop(name: "test.loop")
        let ran = DispatchSemaphore(value: 0)
        loop.execute { ran.signal() }   // queued before the thread even starts
        loop.stop()
        loop.start()
        #expect(ran.wait(timeout: .now() + 5) == .success)
    }
}

/// Records task executions; only the loop's thread writes, the test reads after a semaphore.
private final class SeenTasks: @unchecked Sendable {
    private let lock = NSLock()
    private var next: [Int]
    private(set) var inOrder = true
    private(set) var threads = Set<UInt>()
    private var count = 0

    init(producers: Int) { next = Array(repeating: 0, count: producers) }

    var total: Int { lock.withLock { count } }

    func record(producer: Int, index: Int, thread: pthread_t) {
        lock.withLock {
            if next[producer] != index { inOrder = false }
            next[producer] = index + 1
            threads.insert(UInt(thread))
            count += 1
        }
    }
}
