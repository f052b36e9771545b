import CEpoll
import Dispatch
import Foundation
import Glibc

/// One thread that waits in `epoll` for the sockets of many connections and runs, on that
/// thread only, their reads, their deadlines and the tasks other threads hand it (`execute`).
/// A ready socket is served without any other thread waking up first.
///
/// What the connections of one loop share, because the loop serves them one at a time: one
/// read buffer (`scratch`).
///
/// Thread safety: `execute`, `stop` and `dateClock` may be used from any thread; everything
/// else only on the loop's thread (inside a task, a socket event or a deadline). That
/// confinement is why the class is `@unchecked Sendable`.
final class IOLoop: @unchecked Sendable {
    static let defaultScratchSize = 64 * 1024
    private static let wakeToken = UInt64.max
    private static let eventCapacity = 256

    /// Every read on this loop lands here first; the parser copies what it keeps. Idle
    /// connections therefore hold no read buffer of their own.
    let scratch: UnsafeMutableRawBufferPointer
    private let name: String
    private let epollFD: Int32
    private let wakeFD: Int32

    // Guarded by `lock`.
    private let lock = NSLock()
    private var tasks: [@Sendable () -> Void] = []
    private var sleeping = false
    private var stopRequested = false
    private var started = false

    // Loop thread only.
    private var connections: [Int: Connection] = [:]
    private var deadlines = DeadlineHeap()

    /// The `Date` header value for this loop's connections, on whichever thread they respond.
    let dateClock = DateHeaderClock()

    /// Creates the loop's descriptors; the thread starts with `start()`. Traps when the process
    /// is out of descriptors at start-up, where no server could run anyway.
    init(name: String, scratchSize: Int = IOLoop.defaultScratchSize) {
        self.name = name
        scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: scratchSize, alignment: 16)
        epollFD = epoll_create1(Int32(EPOLL_CLOEXEC))
        wakeFD = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        precondition(epollFD >= 0 && wakeFD >= 0, "\(name): epoll_create1/eventfd failed, errno \(errno)")
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.u64 = Self.wakeToken
        precondition(epoll_ctl(epollFD, EPOLL_CTL_ADD, wakeFD, &event) == 0, "\(name): epoll_ctl failed")
    }

    deinit {
        Syscall.close(epollFD)
        Syscall.close(wakeFD)
        scratch.deallocate()
    }

    /// Starts the loop's thread (once).
    func start() {
        lock.lock()
        defer { lock.unlock() }
        guard !started else { return }
        started = true
        let thread = Thread { [self] in
            // Foundation's `Thread.name` does not reach the kernel: name it there, so that
            // `top -H` and perf tell the loops from the handler threads.
            _ = stays_name_current_thread(name)
            run()
        }
        thread.name = name
        thread.start()
    }

    /// Ends the loop's thread once the tasks queued before this call have run. Sockets still
    /// registered then are the caller's to have closed.
    func stop() {
        enqueue { [self] in stopRequested = true }
    }

    /// Runs `task` on the loop's thread, after the tasks queued before it. Callable from any
    /// thread, including the loop's own (the task then runs after the current event).
    func execute(_ task: @escaping @Sendable () -> Void) {
        enqueue { [self] in tasks.append(task) }
    }

    /// Runs `task` on the loop's thread as `execute` does, but only if that needs no wake-up:
    /// returns false, and drops `task`, when the loop is asleep in `epoll_wait`.
    func executeIfAwake(_ task: @escaping @Sendable () -> Void) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !sleeping else { return false }
        tasks.append(task)
        return true
    }

    private func enqueue(_ change: () -> Void) {
        lock.lock()
        change()
        // Only a loop that is (about to be) asleep needs the eventfd write; a busy loop sees
        // the task before it sleeps again.
        let wake = sleeping
        sleeping = false
        lock.unlock()
        if wake {
            var one: UInt64 = 1
            _ = Glibc.write(wakeFD, &one, 8)
        }
    }

    // MARK: for connections (loop thread only)

    /// Watches `fd` for `connection`, edge-triggered: the connection is told when the socket
    /// becomes readable or writable and keeps track of readiness itself until it sees EAGAIN.
    func register(_ connection: Connection, fd: Int32) throws(SyscallError) {
        var event = epoll_event()
        event.events = EPOLLIN.rawValue | EPOLLOUT.rawValue | EPOLLRDHUP.rawValue | EPOLLET.rawValue
        event.data.u64 = UInt64(connection.id)
        _ = try Syscall.retrying("epoll_ctl") { epoll_ctl(epollFD, EPOLL_CTL_ADD, fd, &event) }
        connections[connection.id] = connection
    }

    /// Forgets the connection: no more events or deadlines reach it. Closing its descriptor
    /// removes it from epoll.
    func deregister(_ connection: Connection) {
        connections[connection.id] = nil
    }

    /// Calls `connection.deadlineReached(deadline)` at `deadline` (monotonic nanoseconds) or a
    /// little after, unless the connection has been deregistered by then.
    func schedule(_ connection: Connection, at deadline: UInt64) {
        deadlines.push(.init(deadline: deadline, connectionID: connection.id))
    }

    /// Monotonic nanoseconds, the clock of `ConnectionStateMachine` and of deadlines.
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    // MARK: the loop

    private func run() {
        let events = UnsafeMutableBufferPointer<epoll_event>.allocate(capacity: Self.eventCapacity)
        defer {
            events.deallocate()
            connections = [:]
            deadlines = DeadlineHeap()
        }
        var timeout: Int32 = 0
        while true {
            let count = epoll_wait(epollFD, events.baseAddress, Int32(Self.eventCapacity), timeout)
            if timeout != 0 {
                // Awake again, whatever woke it: from here tasks need no eventfd write.
                lock.lock()
                sleeping = false
                lock.unlock()
            }
            for index in 0..<max(0, Int(count)) {
                let event = events[index]
                if event.data.u64 == Self.wakeToken {
                    var value: UInt64 = 0
                    _ = Glibc.read(wakeFD, &value, 8)
                } else if let connection = connections[Int(truncatingIfNeeded: event.data.u64)] {
                    let flags = event.events
                    connection.socketEvent(
                        readable: flags & EPOLLIN.rawValue != 0,
                        writable: flags & EPOLLOUT.rawValue != 0,
                        hungUp: flags & (EPOLLRDHUP.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0)
                }
            }
            lock.lock()
            let batch = tasks
            tasks = []
            let stopping = stopRequested
            lock.unlock()
            for task in batch { task() }
            if stopping { return }
            fireDeadlines()

            lock.lock()
            let idle = tasks.isEmpty && !stopRequested
            sleeping = idle
            lock.unlock()
            timeout = idle ? millisecondsToNextDeadline() : 0
        }
    }

    private func fireDeadlines() {
        guard deadlines.first != nil else { return }
        let now = Self.now()
        while let next = deadlines.first, next.deadline <= now {
            deadlines.removeFirst()
            connections[next.connectionID]?.deadlineReached(next.deadline)
        }
    }

    private func millisecondsToNextDeadline() -> Int32 {
        guard let next = deadlines.first else { return -1 }
        let now = Self.now()
        guard next.deadline > now else { return 0 }
        // Rounded up: waking early would only go round the loop for nothing.
        let milliseconds = (next.deadline - now + 999_999) / 1_000_000
        return Int32(min(milliseconds, UInt64(Int32.max)))
    }
}

/// A binary min-heap of connection deadlines. Entries of connections that have since closed or
/// moved their deadline stay until they are due and are then ignored.
struct DeadlineHeap {
    struct Entry {
        let deadline: UInt64
        let connectionID: Int
    }

    private var entries: [Entry] = []

    var first: Entry? { entries.first }
    var count: Int { entries.count }

    mutating func push(_ entry: Entry) {
        entries.append(entry)
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child].deadline < entries[parent].deadline else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    mutating func removeFirst() {
        let last = entries.removeLast()
        guard !entries.isEmpty else { return }
        entries[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            guard left < entries.count else { break }
            let right = left + 1
            let smaller = right < entries.count && entries[right].deadline < entries[left].deadline ? right : left
            guard entries[smaller].deadline < entries[parent].deadline else { break }
            entries.swapAt(smaller, parent)
            parent = smaller
        }
    }
}
