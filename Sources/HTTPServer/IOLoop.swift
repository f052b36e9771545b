import Dispatch
import Glibc
import HTTP1

/// A serial queue that drives the I/O of many connections, plus what they can share because
/// they never run at the same time: one read buffer and the cached `Date` header value.
///
/// Thread safety: `scratch` and the date cache may only be used on `queue`. That confinement is
/// why the class is `@unchecked Sendable`; the references themselves never change.
final class IOLoop: @unchecked Sendable {
    static let scratchSize = 64 * 1024

    let queue: DispatchQueue
    /// Every read on this loop lands here first; the parser copies what it keeps. Idle
    /// connections therefore hold no read buffer of their own.
    let scratch: UnsafeMutableRawBufferPointer
    private var cachedSecond = -1
    private var cachedDate = ""

    init(label: String) {
        queue = DispatchQueue(label: label)
        scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.scratchSize, alignment: 16)
    }

    deinit { scratch.deallocate() }

    /// The IMF-fixdate for the current second, formatted at most once per second. Call on `queue`.
    func date() -> String {
        let second = time(nil)
        if second != cachedSecond {
            cachedSecond = second
            cachedDate = HTTPDate.imfFixdate(secondsSince1970: second)
        }
        return cachedDate
    }

    /// Monotonic nanoseconds, the clock of `ConnectionStateMachine` and Dispatch timers.
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
}
