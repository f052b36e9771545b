import Synchronization

/// Request ids: the one a client (or a proxy in front of us) sent in `X-Request-Id`, when it is
/// 1 to 128 visible ASCII characters, so a request can be followed across services; otherwise
/// a fresh one.
///
/// A fresh id is 15 characters of base 32 (`0-9`, `a-z` without `i l o u`): a per-process
/// random 75-bit start plus a counter, so ids are unique within a process (the counter would
/// have to pass 2^64) and two processes collide only if their random starts fall within as many
/// requests of each other as they serve (odds of about one in 2^75 / requests). Fifteen ASCII
/// characters fit Swift's inline small-string form: making one allocates nothing and costs an
/// atomic increment and a few shifts.
enum RequestID {
    static let headerName = "X-Request-Id"
    static let maxIncomingLength = 128

    private static let counter = Atomic<UInt64>(0)
    /// The random start: high 11 bits and low 64 bits of 75.
    private static let start: (high: UInt64, low: UInt64) = {
        var generator = SystemRandomNumberGenerator()
        return (generator.next() & 0x7FF, generator.next())
    }()
    private static let alphabet: StaticString = "0123456789abcdefghjkmnpqrstvwxyz"

    /// `incoming` when it is an acceptable id, else a fresh one.
    static func id(incoming: String?) -> String {
        if let incoming, isAcceptable(incoming) { return incoming }
        return generate()
    }

    /// 1...128 bytes, each visible ASCII (0x21...0x7E): nothing that could split a log line or
    /// a header, and nothing long enough to bloat every log line.
    static func isAcceptable(_ id: String) -> Bool {
        let utf8 = id.utf8
        guard !utf8.isEmpty && utf8.count <= maxIncomingLength else { return false }
        return utf8.allSatisfy { $0 >= 0x21 && $0 <= 0x7E }
    }

    static func generate() -> String {
        let sequence = counter.wrappingAdd(1, ordering: .relaxed).oldValue
        let (low, carry) = start.low.addingReportingOverflow(sequence)
        let high = (start.high &+ (carry ? 1 : 0)) & 0x7FF
        return String(unsafeUninitializedCapacity: 15) { buffer in
            for index in 0..<15 {
                let shift = 70 - 5 * index
                let bits: UInt64
                if shift >= 64 {
                    bits = high >> UInt64(shift - 64)
                } else if shift > 59 {
                    bits = (low >> UInt64(shift)) | (high << UInt64(64 - shift))
                } else {
                    bits = low >> UInt64(shift)
                }
                buffer[index] = alphabet.utf8Start[Int(bits & 31)]
            }
            return 15
        }
    }
}
