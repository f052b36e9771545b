import Domain
import HTTP1
import HTTPServer
import JSON

/// The host API's JSON (the shapes of the host API contract): listings, calendar days,
/// reservations with their payout, earnings.
extension JSONWriter {
    mutating func hostListing(_ listing: HostListing, locationName: String?) {
        let c = listing.content
        object { o in
            o.field("id", listing.id.description)
            o.field("status", listing.status.rawValue)
            o.field("version", listing.version)
            o.field("title", c.title)
            o.field("description", c.description)
            o.field("locationId", c.locationID?.description)
            o.field("locationName", locationName)
            o.key("coordinate")
            if let coordinate = c.coordinate {
                o.object { $0.field("lat", coordinate.latitude); $0.field("lng", coordinate.longitude) }
            } else {
                o.null()
            }
            o.field("address", c.address)
            o.field("roomType", c.roomType.rawValue)
            o.field("maxGuests", c.maxGuests)
            o.field("bedrooms", c.bedrooms)
            o.field("beds", c.beds)
            o.field("bathrooms", c.bathrooms)
            o.field("amenities", strings: c.amenities)
            o.field("photos", strings: c.photos)
            o.field("houseRules", strings: c.houseRules)
            o.field("timeZone", c.timeZone)
            o.field("currency", c.currency.rawValue)
            o.field("basePrice", c.basePrice)
            o.field("weekendPrice", c.weekendPrice)
            o.field("cleaningFee", c.cleaningFee)
            o.field("extraGuestFee", c.extraGuestFee)
            o.field("guestsIncluded", c.guestsIncluded)
            o.field("weeklyDiscountBasisPoints", c.weeklyDiscountBasisPoints)
            o.field("monthlyDiscountBasisPoints", c.monthlyDiscountBasisPoints)
            o.field("minNights", c.minNights)
            o.field("maxNights", c.maxNights)
            o.field("checkinTime", c.checkinTime)
            o.field("checkoutTime", c.checkoutTime)
            o.field("cancellationPolicy", c.cancellationPolicy.rawValue)
            o.field("instantBook", c.instantBook)
            o.field("availabilityWindowDays", c.availabilityWindowDays)
            o.field("createdAt", listing.createdAt.description)
            o.field("updatedAt", listing.updatedAt.description)
        }
    }

    mutating func hostCalendarDay(_ day: HostCalendarDay) {
        object { o in
            o.field("date", day.date.description)
            o.field("price", day.price)
            o.field("priceIsOverride", day.priceIsOverride)
            o.field("available", day.available)
            o.field("minNights", day.minNights)
            o.field("maxNights", day.maxNights)
            o.field("closedToArrival", day.closedToArrival)
            o.field("closedToDeparture", day.closedToDeparture)
            o.key("unavailableBecause")
            switch day.unavailableBecause {
            case nil: o.null()
            case .reservation(let id): o.object { $0.field("kind", "reservation"); $0.field("reservationId", id.description) }
            case .request(let id): o.object { $0.field("kind", "request"); $0.field("reservationId", id.description) }
            case .blockedByHost: o.object { $0.field("kind", "blockedByHost") }
            case .imported(let source): o.object { $0.field("kind", "imported"); $0.field("source", source) }
            case .booked: o.object { $0.field("kind", "booked") }
            }
            o.field("isPast", day.isPast)
            o.field("isBeyondWindow", day.isBeyondWindow)
        }
    }

    mutating func hostReservation(_ reservation: HostReservation, payout: HostPayout?, listingTitle: String?,
                                  language: Language) {
        object { o in
            o.field("id", reservation.id.description)
            o.field("status", reservation.status.rawValue)
            o.field("listingId", reservation.listingID.description)
            o.field("listingTitle", listingTitle)
            o.key("guest")
            o.object { $0.field("firstName", reservation.guestFirstName) }
            o.key("guests")
            o.guests(reservation.guests)
            o.field("checkin", reservation.stay.checkin.description)
            o.field("checkout", reservation.stay.checkout.description)
            o.field("nights", reservation.stay.nights)
            o.field("currency", reservation.currency.rawValue)
            o.field("total", reservation.total)
            o.key("payout")
            if let payout {
                o.object { p in
                    p.key("lines")
                    p.array { lines in
                        for line in payout.lines {
                            lines.object { l in
                                l.field("kind", line.kind.rawValue)
                                l.field("label", Self.payoutLabel(line.kind, language))
                                l.field("amount", line.amount)
                            }
                        }
                    }
                    p.field("total", payout.total)
                    p.field("hostFeeBasisPoints", payout.hostFeeBasisPoints)
                }
            } else {
                o.null()
            }
            o.field("expiresAt", reservation.expiresAt?.description)
            o.field("createdAt", reservation.createdAt.description)
            o.field("decidedAt", reservation.decidedAt?.description)
            o.field("cancelledBy", reservation.cancelledBy?.rawValue)
        }
    }

    static func payoutLabel(_ kind: PayoutLineKind, _ language: Language) -> String {
        switch kind {
        case .accommodation: language.pick(en: "Accommodation", ko: "숙박 요금")
        case .weeklyDiscount: language.pick(en: "Weekly discount", ko: "주간 할인")
        case .monthlyDiscount: language.pick(en: "Monthly discount", ko: "월간 할인")
        case .cleaningFee: language.pick(en: "Cleaning fee", ko: "청소비")
        case .guestRefund: language.pick(en: "Refunded to the guest", ko: "게스트 환불")
        case .hostServiceFee: language.pick(en: "Host service fee", ko: "호스트 서비스 수수료")
        }
    }
}

extension HTTPStatus {
    static let forbidden = HTTPStatus(code: 403, reasonPhrase: "Forbidden")
    static let preconditionFailed = HTTPStatus(code: 412, reasonPhrase: "Precondition Failed")
    static let preconditionRequired = HTTPStatus(code: 428, reasonPhrase: "Precondition Required")
}
