import Domain

extension QueryReader {
    /// The area, stay, guest, room-type and price parameters `/listings` and
    /// `/price-histogram` share. `today` bounds the check-in.
    mutating func listingFilter(today: CalendarDate) -> ListingFilter {
        var filter = ListingFilter()
        let locationID = locationID("locationId")
        let box = boundingBox("bbox")
        if locationID != nil, box != nil {
            fail("bbox", "cannot be combined with locationId")
        } else if let locationID {
            filter.area = .location(locationID)
        } else if let box {
            filter.area = .boundingBox(box)
        }
        var domainIssues: [ParameterIssue] = []
        filter.stay = StayQuery.parse(checkin: string("checkin"), checkout: string("checkout"),
                                           today: today, issues: &domainIssues)
        filter.guests = guests(&domainIssues)
        add(domainIssues)
        filter.roomTypes = roomTypes("roomType")
        filter.minPrice = amount("minPrice")
        filter.maxPrice = amount("maxPrice")
        filter.minRating = double("minRating", in: 0...5)
        if let min = filter.minPrice, let max = filter.maxPrice, min > max {
            fail("maxPrice", "must not be less than minPrice")
        }
        return filter
    }

    mutating func guests(_ issues: inout [ParameterIssue]) -> GuestCount {
        GuestQuery.parse(adults: string("adults"), children: string("children"), infants: string("infants"),
                              issues: &issues)
    }
}
