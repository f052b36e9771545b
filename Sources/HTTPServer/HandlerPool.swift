import CEpoll
import Foundation

/// The threads that run one event loop's request handlers, so that a handler that takes long
/// (a search over a large area, a disk read, a wait for an index rebuild) never holds up the
/// loop's sockets.
///
/// Promises: tasks start in the order they were submitted. `baseThreads` threads run from
/// `start()` on. When tasks are waiting and no task has finished since the previous
/// `checkForStall()` (every thread stuck, not merely busy), the next call starts one more
/// thread, up to `maxThreads`, so that stuck handlers delay the others by about one interval
/// of the caller's checks; a thread beyond the base that finds nothing to do for `idleTimeout`
/// ends. A task's closure is released once it has run, even while others keep the queue
/// from emptying. `stop()` lets the tasks already submitted run, then ends every thread.
///
/// Thread safety: every method may be called from any thread; the state is guarded by one
/// condition lock, which is why the class is `@unchecked Sendable`.
final class HandlerPool: @unchecked Sendable {
    let name: String
    let baseThreads: Int
    let maxThreads: Int
    let idleTimeout: Duration

    private let condition = NSCondition()
    // Guarded by `condition`.
    /// Taken tasks are nil until the consumed front is dropped.
    private var tasks: [(@Sendable () -> Void)?] = []
    private var head = 0
    private var threads = 0
    private var idle = 0
    private var finished = 0
    private var finishedAtLastCheck = 0
    private var started = false
    private var stopping = false

    init(name: String, baseThreads: Int = 2, maxThreads: Int = 16, idleTimeout: Duration = .seconds(5)) {
        precondition(baseThreads >= 1 && maxThreads >= baseThreads, "a pool needs 1...maxThreads base threads")
        self.name = name
        self.baseThreads = baseThreads
        self.maxThreads = maxThreads
        self.idleTimeout = idleTimeout
    }

    /// Starts the base threads (once).
    func start() {
        condition.lock()
        defer { condition.unlock() }
        guard !started, !stopping else { return }
        started = true
        for _ in 0..<baseThreads { startThread() }
    }

    /// Queues `task`; returns at once. Tasks submitted after `stop()` are dropped.
    func submit(_ task: @escaping @Sendable () -> Void) {
        condition.lock()
        defer { condition.unlock() }
        guard !stopping else { return }
        tasks.append(task)
        if idle > 0 { condition.signal() }
    }

    /// Checks whether the pool is stuck, for a watchdog that calls it at intervals: starts a
    /// thread when tasks wait, no thread is free and no task finished since the last call.
    /// Returns how many tasks wait.
    @discardableResult
    func checkForStall() -> Int {
        condition.lock()
        defer { condition.unlock() }
        let waiting = tasks.count - head
        if waiting > 0, idle == 0, finished == finishedAtLastCheck, started, !stopping, threads < maxThreads {
            startThread()
        }
        finishedAtLastCheck = finished
        return waiting
    }

    /// Lets the queued tasks run, then ends the threads; returns at once.
    func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        condition.unlock()
    }

    /// Tasks submitted and not yet started.
    var waitingCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return tasks.count - head
    }

    /// Live threads (base plus those added for stalls).
    var threadCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return threads
    }

    // Under `condition`.
    private func startThread() {
        threads += 1
        let number = threads
        let thread = Thread { [self] in
            _ = stays_name_current_thread("\(name).\(number)")
            work()
        }
        thread.start()
    }

    private func work() {
        condition.lock()
        while true {
            if head < tasks.count, let task = tasks[head] {
                tasks[head] = nil
                head += 1
                if head == tasks.count {
                    tasks.removeAll(keepingCapacity: true)
                    head = 0
                } else if head >= 1_024 && head * 2 >= tasks.count {
                    // A queue that never empties (sustained overload) drops its consumed front.
                    tasks.removeFirst(head)
                    head = 0
                }
                condition.unlock()
                task()
                condition.lock()
                finished &+= 1
                continue
            }
            if stopping { break }
            idle += 1
            var woken = true
            if threads > baseThreads {
                woken = condition.wait(until: Date(timeIntervalSinceNow: Double(idleTimeout.nanoseconds) / 1e9))
            } else {
                condition.wait()
            }
            idle -= 1
            // A thread beyond the base that waited the whole timeout for nothing ends.
            if !woken && head == tasks.count && threads > baseThreads { break }
        }
        threads -= 1
        condition.unlock()
    }
}
