import Domain
import HTTP1
import HTTPServer
import JSON

/// `GET /quote`: the full price of a stay, line by line.
struct QuoteRoutes {
    let services: APIServices

    func register(in router: inout Router) {
        router.get("/quote") { [services] request in
            var reader = QueryReader(request.query)
            let listingID = reader.listingID("listingId")
            if reader.string("listingId") == nil { reader.fail("listingId", "is required") }
            var issues: [ParameterIssue] = []
            let checkinText = reader.string("checkin"), checkoutText = reader.string("checkout")
            if checkinText == nil { issues.append(ParameterIssue(name: "checkin", reason: "is required")) }
            if checkoutText == nil { issues.append(ParameterIssue(name: "checkout", reason: "is required")) }
            // "Not before today" is judged in the listing's own time zone, by the service.
            let stay = (checkinText == nil || checkoutText == nil) ? nil
                : StayQuery.parse(checkin: checkinText, checkout: checkoutText, today: nil, issues: &issues)
            let guests = reader.guests(&issues)
            reader.add(issues)
            try reader.finish()
            guard let listingID, let stay else { throw Problem.invalidParameters([]) }

            let quote = try services.listings.quote(listingID: listingID, stay: stay, guests: guests,
                                                    language: request.language)
            var writer = JSONWriter(capacity: 1024 + quote.nights * 40)
            writer.quote(quote)
            return .json(writer.bytes, cache: .availability, localized: true)
        }
    }
}

extension JSONWriter {
    mutating func quote(_ quote: Quote) {
        object { w in
            w.field("listingId", quote.listingID.description)
            w.field("checkin", date: quote.checkin)
            w.field("checkout", date: quote.checkout)
            w.field("nights", quote.nights)
            w.key("guests")
            w.guests(quote.guests)
            w.field("currency", quote.currency.rawValue)
            w.key("nightlyPrices")
            w.array { a in
                for night in quote.nightlyPrices {
                    a.object {
                        $0.field("date", date: night.date)
                        $0.field("price", night.price)
                    }
                }
            }
            w.field("averageNightlyPrice", quote.averageNightlyPrice)
            w.key("lineItems")
            w.lineItems(quote.lineItems)
            w.field("total", quote.total)
            w.field("cancellationPolicy", quote.cancellationPolicy.rawValue)
            w.field("freeCancellationUntil", date: quote.freeCancellationUntil)
        }
    }
}
