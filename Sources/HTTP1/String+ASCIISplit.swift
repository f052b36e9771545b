extension StringProtocol where UTF8View.SubSequence == Substring.UTF8View {
    /// The pieces between occurrences of the ASCII byte `separator`, empty pieces kept.
    /// Cut over UTF-8 bytes: an ASCII byte always sits on a character boundary, so the
    /// grapheme breaking of `split(separator: Character)` (a visible share of a request's
    /// query and path handling) is not needed.
    @inlinable public func pieces(separatedBy separator: UInt8) -> [Substring] {
        utf8.split(separator: separator, omittingEmptySubsequences: false).map { Substring($0) }
    }
}
