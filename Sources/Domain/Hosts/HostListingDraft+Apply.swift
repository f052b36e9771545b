import Foundation

extension HostListingDraft.Checker {
    /// Every field of `draft` in declaration order, then the rules across fields on the
    /// merged result.
    mutating func apply(_ draft: HostListingDraft, regionTimeZone: String?, isNew: Bool) {
        let limits = HostListingDraft.Limits.self
        text(draft.title, "title", limits.title) { $0.title = $1 }
        text(draft.description, "description", limits.description) { $0.description = $1 }
        switch draft.locationID {
        case .absent: break
        case .null: content.locationID = nil
        case .set(let id):
            if let zone = regionTimeZone {
                content.locationID = id
                if isNew, !draft.timeZone.isPresent { content.timeZone = zone }
            } else {
                issue("locationId", "names no region")
            }
        }
        switch draft.coordinate {
        case .absent: break
        case .null: content.coordinate = nil
        case .set(let point):
            if point.latitude.isFinite, point.longitude.isFinite, (-90...90).contains(point.latitude),
               (-180...180).contains(point.longitude) {
                content.coordinate = point
            } else {
                issue("coordinate", "must have a latitude in -90...90 and a longitude in -180...180")
            }
        }
        switch draft.address {
        case .absent: break
        case .null: content.address = nil
        case .set(let raw):
            let value = raw.trimmingWhitespace
            if limits.address.contains(value.count) { content.address = value.isEmpty ? nil : value }
            else { issue("address", "must be at most \(limits.address.upperBound) characters") }
        }
        choice(draft.roomType, "roomType", { RoomType(rawValue: $0) },
               allowed: RoomType.allCases.map(\.rawValue).joined(separator: ", ")) { $0.roomType = $1 }
        integer(draft.maxGuests, "maxGuests", limits.maxGuests) { $0.maxGuests = $1 }
        optionalInteger(draft.bedrooms, "bedrooms", limits.bedrooms) { $0.bedrooms = $1 }
        optionalInteger(draft.beds, "beds", limits.beds) { $0.beds = $1 }
        switch draft.bathrooms {
        case .absent: break
        case .null: content.bathrooms = nil
        case .set(let value):
            if value.isFinite, limits.bathrooms.contains(value), (value * 2).rounded() == value * 2 {
                content.bathrooms = value
            } else {
                issue("bathrooms", "must be 0 to 50 in steps of 0.5, or null")
            }
        }
        list(draft.amenities, "amenities", count: limits.amenities, length: limits.amenityLength) { $0.amenities = $1 }
        photos(draft.photos)
        list(draft.houseRules, "houseRules", count: limits.houseRules, length: limits.houseRuleLength) { $0.houseRules = $1 }
        choice(draft.timeZone, "timeZone", { HostListingDraft.isIANATimeZone($0) ? $0 : nil },
               allowed: "the IANA time zones (such as Asia/Seoul)") { $0.timeZone = $1 }
        choice(draft.currency, "currency", { CurrencyCode(validating: $0) },
               allowed: "the active ISO 4217 codes (such as KRW)") { $0.currency = $1 }
        money(draft.basePrice, "basePrice", nullable: true) { $0.basePrice = $1 }
        money(draft.weekendPrice, "weekendPrice", nullable: true) { $0.weekendPrice = $1 }
        money(draft.cleaningFee, "cleaningFee", nullable: false) { $0.cleaningFee = $1 ?? 0 }
        money(draft.extraGuestFee, "extraGuestFee", nullable: false) { $0.extraGuestFee = $1 ?? 0 }
        integer(draft.guestsIncluded, "guestsIncluded", limits.maxGuests) { $0.guestsIncluded = $1 }
        integer(draft.weeklyDiscountBasisPoints, "weeklyDiscountBasisPoints", limits.basisPoints) {
            $0.weeklyDiscountBasisPoints = $1
        }
        integer(draft.monthlyDiscountBasisPoints, "monthlyDiscountBasisPoints", limits.basisPoints) {
            $0.monthlyDiscountBasisPoints = $1
        }
        integer(draft.minNights, "minNights", limits.nights) { $0.minNights = $1 }
        integer(draft.maxNights, "maxNights", limits.nights) { $0.maxNights = $1 }
        clockTime(draft.checkinTime, "checkinTime") { $0.checkinTime = $1 }
        clockTime(draft.checkoutTime, "checkoutTime") { $0.checkoutTime = $1 }
        choice(draft.cancellationPolicy, "cancellationPolicy", { CancellationPolicy(rawValue: $0) },
               allowed: CancellationPolicy.allCases.map(\.rawValue).joined(separator: ", ")) { $0.cancellationPolicy = $1 }
        if let value = required(draft.instantBook, "instantBook") { content.instantBook = value }
        integer(draft.availabilityWindowDays, "availabilityWindowDays", limits.availabilityWindowDays) {
            $0.availabilityWindowDays = $1
        }
        // Across fields, on the merged listing; named after the field the client sent
        // when only one of the pair was sent.
        if content.minNights > content.maxNights {
            let name = draft.minNights.isPresent && !draft.maxNights.isPresent ? "minNights" : "maxNights"
            issue(name, "minNights (\(content.minNights)) must not exceed maxNights (\(content.maxNights))")
        }
        if content.guestsIncluded > content.maxGuests {
            let name = draft.maxGuests.isPresent && !draft.guestsIncluded.isPresent ? "maxGuests" : "guestsIncluded"
            issue(name, "guestsIncluded (\(content.guestsIncluded)) must not exceed maxGuests (\(content.maxGuests))")
        }
    }
}
