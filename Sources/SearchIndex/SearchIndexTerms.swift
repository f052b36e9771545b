import Domain

/// The columns of one listing that every search candidate needs, packed in one record (48
/// bytes) so that checking a candidate touches one cache line instead of one per column.
///
/// The `Int32` fields are clamped from the stored values; every comparison the index makes
/// with them stays exact because the queries it answers keep their side in `Int32` too
/// (guests, epoch days and nights; see `SearchIndexQuery`): a clamped value compares with
/// such a number exactly as the original does.
package struct SearchIndexTerms {
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

    package init(basePrice: Int64, weekendPrice: Int64, extraGuestFee: Int64, guestsIncluded: Int64, maxGuests: Int32,
                 minNights: Int32, maxNights: Int32, availableUntil: Int32) {
        self.basePrice = basePrice
        self.weekendPrice = weekendPrice
        self.extraGuestFee = extraGuestFee
        self.guestsIncluded = guestsIncluded
        self.maxGuests = maxGuests
        self.minNights = minNights
        self.maxNights = maxNights
        self.availableUntil = availableUntil
    }

    /// The day's price without an override (`NightlyPricer`'s rule): what the index stores a
    /// price override's difference from (`SearchIndexDay.priceDelta`).
    func priceWithoutOverride(onEpochDay day: Int32) -> Int64 {
        NightlyPricer.basePrice(override: nil, isWeekendNight: CalendarDate.isWeekendNight(epochDay: Int(day)),
                                basePrice: basePrice, weekendPrice: weekendPrice)
    }
}

/// `SearchIndexTerms` in 24 bytes instead of 48, for the scan: a search over a big area
/// reads one record per candidate that passes the availability and capacity columns, and
/// that traffic, not arithmetic, is what the scan's time goes to.
///
/// Exact or absent: `init?` refuses a listing any of whose values does not fit its narrower
/// field (prices beyond ±2^31, limits beyond ±2^15); the index keeps those few in full
/// (`SearchIndex.exceptionalTerms`) and marks their slot with `SearchIndexCompactTerms.exception`.
struct SearchIndexCompactTerms {
    let basePrice: Int32
    let weekendPrice: Int32
    let extraGuestFee: Int32
    let availableUntil: Int32
    let guestsIncluded: Int16
    let minNights: Int16
    let maxNights: Int16
    let maxGuests: Int16

    /// A slot whose terms are in `SearchIndex.exceptionalTerms` (no real record has this
    /// base price: `init?` refuses it).
    static let exception = SearchIndexCompactTerms(
        basePrice: .min, weekendPrice: 0, extraGuestFee: 0, availableUntil: 0,
        guestsIncluded: 0, minNights: 0, maxNights: 0, maxGuests: 0)

    var isException: Bool { basePrice == .min }

    private init(basePrice: Int32, weekendPrice: Int32, extraGuestFee: Int32, availableUntil: Int32,
                 guestsIncluded: Int16, minNights: Int16, maxNights: Int16, maxGuests: Int16) {
        self.basePrice = basePrice
        self.weekendPrice = weekendPrice
        self.extraGuestFee = extraGuestFee
        self.availableUntil = availableUntil
        self.guestsIncluded = guestsIncluded
        self.minNights = minNights
        self.maxNights = maxNights
        self.maxGuests = maxGuests
    }

    init?(_ terms: SearchIndexTerms) {
        guard let basePrice = Int32(exactly: terms.basePrice), basePrice != .min,
              let weekendPrice = Int32(exactly: terms.weekendPrice),
              let extraGuestFee = Int32(exactly: terms.extraGuestFee),
              let guestsIncluded = Int16(exactly: terms.guestsIncluded),
              let minNights = Int16(exactly: terms.minNights),
              let maxNights = Int16(exactly: terms.maxNights),
              let maxGuests = Int16(exactly: terms.maxGuests) else { return nil }
        self.init(basePrice: basePrice, weekendPrice: weekendPrice, extraGuestFee: extraGuestFee,
                  availableUntil: terms.availableUntil, guestsIncluded: guestsIncluded,
                  minNights: minNights, maxNights: maxNights, maxGuests: maxGuests)
    }

    /// The full record again.
    @inline(__always)
    func widened() -> SearchIndexTerms {
        SearchIndexTerms(basePrice: Int64(basePrice), weekendPrice: Int64(weekendPrice),
                         extraGuestFee: Int64(extraGuestFee), guestsIncluded: Int64(guestsIncluded),
                         maxGuests: Int32(maxGuests), minNights: Int32(minNights), maxNights: Int32(maxNights),
                         availableUntil: availableUntil)
    }
}
