import Foundation

/// A value shared by test threads, guarded by an `NSLock`. Tests use it rather than
/// `Synchronization.Mutex`: under contention a Mutex hands the lock over in the kernel,
/// where ThreadSanitizer cannot see it, and the `.ci/run` TSan step then reports accesses
/// made under the lock as races (.ci/tsan.supp says more); a pthread mutex it understands.
public final class LockedBox<T>: @unchecked Sendable {
    private var stored: T
    private let lock = NSLock()
    public init(_ value: T) { stored = value }
    public var value: T { lock.withLock { stored } }
    public func mutate(_ body: (inout T) -> Void) { lock.withLock { body(&stored) } }
}
