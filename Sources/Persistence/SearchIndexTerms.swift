/// The columns of one listing that every search candidate needs, packed in one record (56
/// bytes) so that checking a candidate touches one cache line instead of one per column.
///
/// The `Int32` fields are clamped from the stored values; every comparison the index makes
/// with them stays exact because the queries it answers keep their side in `Int32` too
/// (guests, epoch days and nights; see `SearchIndexQuery`): a clamped value compares with
/// such a number exactly as the original does.
struct SearchIndexTerms {
    let basePrice: Int64
    /// `COALESCE(weekend_price, base_price)`.
    let weekendPrice: Int64
    let extraGuestFee: Int64
    let guestsIncluded: Int64
    let maxGuests: Int32
    let minNights: Int32
    let maxNights: Int32
    /// Epoch day; `Int32.max` when the listing has no limit.
    let availableUntil: Int32
    /// Index in `RoomType.allCases`; `SearchIndex.unknownRoomType` matches no filter.
    let roomType: UInt8
}
