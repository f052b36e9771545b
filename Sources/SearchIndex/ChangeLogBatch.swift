/// What a reader of the change log must do to catch up from the sequence it has applied.
package struct ChangeLogBatch: Equatable, Sendable {
    /// Why the reader cannot catch up by patching alone.
    package enum RebuildReason: String, Sendable {
        /// A catalog-wide row (locations, bulk imports).
        case catalogWide
        /// Rows after the reader's sequence were trimmed: it cannot know what changed.
        case gap
        /// More rows than the reader asked for: rebuilding is cheaper than patching.
        case tooManyChanges
    }

    /// The listings named by rows after the reader's sequence up to `through`, ascending,
    /// each once. Also filled when `rebuild` is set (for `catalogWide`): patching them
    /// keeps per-listing changes visible until the rebuild lands.
    package var listingIDs: [Int64]
    /// Set when the reader must also rebuild from a snapshot to be exact.
    package var rebuild: RebuildReason?
    /// The last sequence the batch covers: the reader has applied everything up to here
    /// once it has patched `listingIDs` (and, when `rebuild` is set, rebuilt).
    package var through: Int64

    package init(listingIDs: [Int64], rebuild: RebuildReason?, through: Int64) {
        self.listingIDs = listingIDs
        self.rebuild = rebuild
        self.through = through
    }
}
