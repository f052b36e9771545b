import Domain
import JSON

/// The JSON of an event's `data` (stored in `events.data`, sent as a webhook's `data`):
/// camelCase members as the API spells them, ids as strings, dates `YYYY-MM-DD`, amounts
/// in minor units; members with nothing to say are left out.
extension EventSnapshot {
    public var json: String {
        var writer = JSONWriter(capacity: 256)
        writer.object { o in
            if let id = listingID { o.field("listingId", id.description) }
            o.field("listingTitle", listingTitle)
            if let id = reservationID { o.field("reservationId", id.description) }
            if let status { o.field("status", status) }
            if let checkin { o.field("checkin", checkin.description) }
            if let checkout { o.field("checkout", checkout.description) }
            if let guests {
                o.key("guests")
                o.object { g in
                    g.field("adults", guests.adults)
                    g.field("children", guests.children)
                    g.field("infants", guests.infants)
                }
            }
            if let currency { o.field("currency", currency.rawValue) }
            if let total { o.field("total", total) }
            if let cancelledBy { o.field("cancelledBy", cancelledBy.rawValue) }
            if let refundTotal { o.field("refundTotal", refundTotal) }
            if !guestName.isEmpty { o.field("guestName", guestName) }
            if let webhookID { o.field("webhookId", webhookID.description) }
            if let webhookURL { o.field("webhookUrl", webhookURL) }
            if let reason { o.field("reason", reason) }
            if let reviewBy { o.field("reviewBy", reviewBy.description) }
        }
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// The snapshot `json` wrote; members it does not know are ignored, and a malformed text
    /// reads as an empty snapshot (the event's type and time still stand).
    public init(json text: String) {
        self.init()
        let parsed: JSONValue
        do { parsed = try JSONParser().parse(Array(text.utf8)) } catch { return }
        guard case .object(let object) = parsed else { return }
        func string(_ key: String) -> String? {
            if case .string(let value)? = object[key] { return value }
            return nil
        }
        func integer(_ value: JSONValue?) -> Int64? {
            if case .number(let number)? = value { return number.int64 }
            return nil
        }
        listingID = string("listingId").flatMap { ListingID($0) }
        listingTitle = string("listingTitle") ?? ""
        reservationID = string("reservationId").flatMap { ReservationID($0) }
        status = string("status")
        checkin = string("checkin").flatMap { CalendarDate($0) }
        checkout = string("checkout").flatMap { CalendarDate($0) }
        if case .object(let g)? = object["guests"] {
            guests = GuestCount(adults: Int(integer(g["adults"]) ?? 0), children: Int(integer(g["children"]) ?? 0),
                                infants: Int(integer(g["infants"]) ?? 0))
        }
        currency = string("currency").map { CurrencyCode(rawValue: $0) }
        total = integer(object["total"])
        cancelledBy = string("cancelledBy").flatMap(CancelledBy.init(rawValue:))
        refundTotal = integer(object["refundTotal"])
        guestName = string("guestName") ?? ""
        webhookID = string("webhookId").flatMap { WebhookID($0) }
        webhookURL = string("webhookUrl")
        reason = string("reason")
        reviewBy = string("reviewBy").flatMap { CalendarDate($0) }
    }
}
