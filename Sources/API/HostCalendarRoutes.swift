import Domain
import HTTP1
import HTTPServer
import JSON

/// A host's rates and availability: `GET /host/listings/{id}/calendar?start=YYYY-MM&months=N`
/// (each day: price, open or not and why, stay limits, closed flags) and
/// `PATCH /host/listings/{id}/calendar` (date-range changes, all or nothing, in one
/// transaction with the change log: search on every server sees them before the answer).
struct HostCalendarRoutes {
    let hosts: HostService
    let dateProvider: any DateProvider
    let signedIn: AccountAuthentication

    static let maximumBodyBytes = 65_536

    func register(in router: inout Router) {
        router.get("/host/listings/{id}/calendar", using: [signedIn]) { [hosts, dateProvider] request in
            let account = try request.signedInAccount().account.id
            let id = try HostListingRoutes.listingID(request)
            var query = QueryReader(request.query)
            var start: YearMonth?
            if let raw = query.string("start") {
                start = YearMonth(raw)
                if start == nil { query.fail("start", "must be a month as YYYY-MM") }
            }
            let months = query.integer("months", default: 3, in: 1...CalendarGrid.maxMonths)
            try query.finish()
            let listing = try hosts.listing(id, by: account)
            let first = start ?? YearMonth(dateProvider.today(in: listing.content.timeZone))
            let days = try hosts.calendar(id, start: first, months: months, by: account)
            var writer = JSONWriter(capacity: 512 + days.count * 260)
            writer.object { o in
                o.field("listingId", id.description)
                o.field("currency", listing.content.currency.rawValue)
                o.field("timeZone", listing.content.timeZone)
                o.key("days")
                o.array { a in for day in days { a.hostCalendarDay(day) } }
            }
            return .json(writer.bytes, cache: .never)
        }

        router.add(.patch, "/host/listings/{id}/calendar", using: [signedIn]) { [hosts] request in
            let account = try request.signedInAccount().account.id
            let id = try HostListingRoutes.listingID(request)
            var body = try request.jsonObject(maxBytes: Self.maximumBodyBytes)
            let changes = HostRequestBodies.calendarChanges(&body)
            try body.finish()
            let edit = try hosts.changeCalendar(id, changes, by: account)
            var writer = JSONWriter(capacity: 64)
            writer.object { $0.field("changedNights", edit.changedNights) }
            return .json(writer.bytes, cache: .never)
        }
    }
}
