import Domain
import HTTP1
import HTTPServer
import JSON

/// `/reservations`: book, list trips, read one, cancel. Every route needs a guest's bearer
/// token; a guest sees only their own reservations (another's id answers 404).
struct ReservationRoutes {
    let services: APIServices
    let authentication: GuestAuthentication

    /// Request bodies are a few hundred bytes; anything near this is not a booking.
    static let maximumBodyBytes = 16_384

    func register(in router: inout Router) {
        // The key after the guest: a request without a usable key is refused before the body is read.
        router.post("/reservations", using: [authentication, IdempotencyKeys()]) { [services] request in
            let guest = try request.authenticatedGuest()
            guard let key = request.context.idempotencyKey else { throw StaysError.invalidIdempotencyKey }
            let booking = try Self.bookingRequest(request)
            let outcome = try services.bookings.book(booking, guest: guest, key: key, language: request.language,
                                                     receipt: { BookingConfirmation($0) })
            switch outcome {
            case .created(let reservation, let confirmation):
                return confirmation.response(reservation: reservation.id, replayed: false)
            case .replayed(let id, let confirmation):
                return confirmation.response(reservation: id, replayed: true)
            }
        }

        router.get("/reservations", using: [authentication]) { [services] request in
            let guest = try request.authenticatedGuest()
            var reader = QueryReader(request.query)
            let limit = reader.integer("limit", default: 20, in: 1...50)
            var cursor: TripCursor?
            if let token = reader.string("cursor") {
                cursor = TripCursorCodec.decode(token)
                if cursor == nil { reader.fail("cursor", "is not a cursor from a previous page of trips") }
            }
            try reader.finish()
            let page = try services.bookings.trips(guest: guest, after: cursor, limit: limit, language: request.language)
            var writer = JSONWriter(capacity: 256 + page.reservations.count * 900)
            writer.object { w in
                w.key("items")
                w.array { a in for reservation in page.reservations { a.reservation(reservation) } }
                w.field("nextCursor", page.nextCursor.map(TripCursorCodec.encode))
            }
            return .json(writer.bytes, cache: .never, localized: true)
        }

        router.get("/reservations/{id}", using: [authentication]) { [services] request in
            let guest = try request.authenticatedGuest()
            try QueryReader(request.query).finish()
            let reservation = try services.bookings.reservation(try Self.reservationID(request), guest: guest,
                                                                language: request.language)
            return Self.json(reservation)
        }

        // What cancelling now would refund, without cancelling (the cancel answers the same).
        router.get("/reservations/{id}/cancellation", using: [authentication]) { [services] request in
            let guest = try request.authenticatedGuest()
            try QueryReader(request.query).finish()
            let (reservation, refund) = try services.bookings.cancellationPreview(
                try Self.reservationID(request), guest: guest, language: request.language)
            var writer = JSONWriter(capacity: 1024)
            writer.object { w in
                w.field("reservationId", reservation.id.description)
                w.field("status", reservation.status.rawValue)
                w.field("cancellationPolicy", reservation.cancellationPolicy.rawValue)
                w.field("daysBeforeCheckin", refund.daysBeforeCheckin)
                w.field("currency", reservation.currency.rawValue)
                w.field("paid", refund.paid)
                w.key("refund"); w.refund(refund)
            }
            return .json(writer.bytes, cache: .never, localized: true)
        }

        router.post("/reservations/{id}/cancel", using: [authentication]) { [services] request in
            let guest = try request.authenticatedGuest()
            let reservation = try services.bookings.cancel(try Self.reservationID(request), guest: guest,
                                                           language: request.language)
            return Self.json(reservation)
        }
    }

    private static func reservationID(_ request: Request) throws -> ReservationID {
        // Anything that is not an id of ours cannot be the guest's reservation: 404, as for
        // an unknown or another guest's id, so ids reveal nothing.
        guard let id = ReservationID(request.pathParameters["id"] ?? "") else {
            throw StaysError.reservationNotFound(ReservationID(0))
        }
        return id
    }

    private static func json(_ reservation: Reservation) -> HTTPResponse {
        var writer = JSONWriter(capacity: 1024)
        writer.reservation(reservation)
        return .json(writer.bytes, cache: .never, localized: true)
    }

    /// The body's fields, every problem named in one 400: `/problems/invalid-body` when the
    /// body is not an object of the right shape (a member missing, of the wrong type or
    /// unknown; the values' problems are named with them), otherwise
    /// `/problems/invalid-parameters` for values `/quote` refuses the same way (dates that are
    /// not real, a checkout not after the checkin, too many nights, a party out of range).
    private static func bookingRequest(_ request: Request) throws -> BookingRequest {
        var body = try request.jsonObject(maxBytes: maximumBodyBytes)
        let listingText = body.string("listingId")
        let checkinText = body.string("checkin")
        let checkoutText = body.string("checkout")
        let adults = body.int("adults")
        let children = body.optionalInt("children")
        let infants = body.optionalInt("infants")
        // Up to 2^53: a JavaScript client holds integers exactly only that far.
        let expectedTotal = body.int("expectedTotal", in: 0...(1 << 53))
        var listingID: ListingID?
        if let listingText {
            listingID = ListingID(listingText)
            if listingID == nil { body.fail("listingId", "must be a listing id (a string of digits)") }
        }
        var issues: [ParameterIssue] = []
        var stay: Stay?
        if let checkinText, let checkoutText {
            stay = StayQuery.parse(checkin: checkinText, checkout: checkoutText, today: nil, issues: &issues)
        }
        GuestQuery.check(adults, name: "adults", range: 1...GuestQuery.maxAdults, issues: &issues)
        GuestQuery.check(children, name: "children", range: 0...GuestQuery.maxChildren, issues: &issues)
        GuestQuery.check(infants, name: "infants", range: 0...GuestQuery.maxInfants, issues: &issues)
        if !body.allIssues.isEmpty {
            for issue in issues { body.fail(issue.name, issue.reason) }
            try body.finish()
        }
        if !issues.isEmpty { throw StaysError.invalidParameters(issues) }
        guard let listingID, let stay, let adults, let expectedTotal else {
            throw Problem.invalidParameters([])  // unreachable: finish() reported each missing field
        }
        return BookingRequest(listingID: listingID, stay: stay,
                              guests: GuestCount(adults: adults, children: children ?? 0, infants: infants ?? 0),
                              expectedTotal: Int64(expectedTotal))
    }
}
