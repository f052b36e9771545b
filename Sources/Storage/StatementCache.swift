/// One connection's compiled statements by SQL text.
///
/// A lookup first tries a small table keyed by the address of the text's bytes: a statement's
/// text is nearly always a string literal, whose bytes stay at one address for the life of
/// the process, so a hit costs a multiplication and an `==` that sees the same storage
/// without reading it, where the dictionary hashes the whole text (~2k instructions a
/// lookup, 4% of a booking's; `Benchmarks/profile_booking.sh`). Every hit is confirmed by
/// `==`, so a text built at run time, or an address reused by another text, only misses
/// there and is found in the dictionary.
///
/// Thread safety: none; used by its connection's one thread at a time.
struct StatementCache {
    private static let slotBits = 6
    private static let recentSlots = 1 << slotBits
    private var byText: [String: Statement] = [:]
    private var recent = [(text: String, statement: Statement)?](repeating: nil, count: recentSlots)

    mutating func statement(for text: String) -> Statement? {
        let slot = Self.slot(of: text)
        if let entry = recent[slot], entry.text == text { return entry.statement }
        guard let statement = byText[text] else { return nil }
        recent[slot] = (text, statement)
        return statement
    }

    mutating func insert(_ statement: Statement, for text: String) {
        byText[text] = statement
        recent[Self.slot(of: text)] = (text, statement)
    }

    /// Releases every statement (which finalizes it unless a caller still holds it).
    mutating func removeAll() {
        byText.removeAll()
        recent = Array(repeating: nil, count: Self.recentSlots)
    }

    private static func slot(of text: String) -> Int {
        let address = text.utf8.withContiguousStorageIfAvailable { UInt(bitPattern: $0.baseAddress) } ?? 0
        // Fibonacci hashing: the top `slotBits` bits of the address times 2^64/φ.
        return Int(truncatingIfNeeded: (UInt64(address) &* 0x9E37_79B9_7F4A_7C15) >> (64 - slotBits))
    }
}
