extension HostListing {
    /// The listing as search, `/listings/{id}`, `/calendar` and `/quote` read it, for a
    /// published listing; nil when it lacks what the catalog needs (a base price, a region
    /// and a coordinate: `PublishRequirements` guarantees them once published).
    ///
    /// `availableUntil` is `today + availabilityWindowDays` (nights on or after it cannot
    /// be booked): the window slides with the date, so a store that keeps it as a date
    /// must move it forward daily, or compute it when read. A new listing has no rating
    /// and no reviews.
    public func catalogListing(host: Host, today: CalendarDate) -> Listing? {
        guard let pricing = content.pricing, let locationID = content.locationID,
              let coordinate = content.coordinate else { return nil }
        return Listing(id: id, locationID: locationID, title: content.title, description: content.description,
                       roomType: content.roomType, coordinate: coordinate, timeZone: content.timeZone,
                       currency: content.currency, photoURLs: content.photos, amenities: content.amenities, host: host,
                       maxGuests: content.maxGuests, bedrooms: content.bedrooms, beds: content.beds,
                       bathrooms: content.bathrooms, rating: nil, reviewCount: 0, pricing: pricing,
                       minNights: content.minNights, maxNights: content.maxNights, checkinTime: content.checkinTime,
                       checkoutTime: content.checkoutTime, houseRules: content.houseRules,
                       availableUntil: today.adding(days: content.availabilityWindowDays),
                       cancellationPolicy: content.cancellationPolicy)
    }
}
