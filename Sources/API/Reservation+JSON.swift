import Domain
import JSON

extension JSONWriter {
    /// A reservation as every booking route answers it (a trip card needs the `listing`
    /// part; the detail screen the rest).
    mutating func reservation(_ reservation: Reservation) {
        object { w in
            w.field("id", reservation.id.description)
            w.field("status", reservation.displayStatus)
            if let request = reservation.request { w.field("expiresAt", request.expiresAt.description) }
            w.field("listingId", reservation.listingID.description)
            w.key("listing")
            w.object {
                $0.field("title", reservation.listing.title)
                $0.field("photoUrl", reservation.listing.photoURL)
                $0.field("locationName", reservation.listing.locationName)
            }
            w.field("checkin", date: reservation.stay.checkin)
            w.field("checkout", date: reservation.stay.checkout)
            w.field("nights", reservation.nights)
            w.key("guests")
            w.guests(reservation.guests)
            w.field("currency", reservation.currency.rawValue)
            w.key("lineItems")
            w.lineItems(reservation.lineItems)
            w.field("total", reservation.total)
            w.field("cancellationPolicy", reservation.cancellationPolicy.rawValue)
            w.field("createdAt", reservation.createdAt.description)
            if let cancelledAt = reservation.cancelledAt {
                w.field("cancelledAt", cancelledAt.description)
            }
            if let refund = reservation.refund {
                w.key("refund")
                w.refund(refund)
            }
        }
    }

    /// A refund as a reservation's `refund` and the cancellation preview show it.
    mutating func refund(_ refund: Refund) {
        object {
            $0.key("lines")
            $0.array { a in
                for line in refund.lines {
                    a.object {
                        $0.field("kind", line.kind.rawValue)
                        $0.field("label", line.label)
                        $0.field("amount", line.amount)
                    }
                }
            }
            $0.field("total", refund.total)
            $0.field("retained", refund.retained)
        }
    }

    mutating func guests(_ guests: GuestCount) {
        object {
            $0.field("adults", guests.adults)
            $0.field("children", guests.children)
            $0.field("infants", guests.infants)
        }
    }

    mutating func lineItems(_ items: [LineItem]) {
        array { a in
            for item in items {
                a.object {
                    $0.field("kind", item.kind.rawValue)
                    $0.field("label", item.label)
                    $0.field("amount", item.amount)
                }
            }
        }
    }
}
