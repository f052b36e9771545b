import Domain
import HTTP1
import HTTPServer
import JSON

/// `GET /calendar`: month grids for the date picker, with a listing's availability and
/// prices when `listingId` is given.
struct CalendarRoutes {
    let services: APIServices

    func register(in router: inout Router) {
        router.get("/calendar") { [services] request in
            var reader = QueryReader(request.query)
            let listingID = reader.listingID("listingId")
            var start: YearMonth?
            if let raw = reader.string("start") {
                start = YearMonth(raw)
                if start == nil { reader.fail("start", "must be a month as YYYY-MM") }
            }
            let months = reader.integer("months", default: 12, in: 1...CalendarGrid.maxMonths)
            let firstWeekday = reader.choice("firstWeekday", default: FirstWeekday.sunday)
            let checkin = reader.date("checkin")
            if checkin != nil, listingID == nil { reader.fail("checkin", "needs listingId") }
            var issues: [ParameterIssue] = []
            let guests = reader.guests(&issues)
            reader.add(issues)
            try reader.finish()

            let language = request.language
            let view = try services.calendars.calendar(listingID: listingID, start: start, months: months,
                                                       firstWeekday: firstWeekday, checkin: checkin,
                                                       guests: guests, language: language)
            var writer = JSONWriter(capacity: 2048 + months * 31 * 220)
            writer.calendarView(view)
            return .json(writer.bytes, cache: .availability, localized: true)
        }
    }
}

extension JSONWriter {
    mutating func calendarView(_ view: CalendarView) {
        object { w in
            w.field("listingId", view.listingID?.description)
            w.field("timeZone", view.timeZone)
            w.field("today", date: view.today)
            w.field("firstWeekday", view.firstWeekday.rawValue)
            w.field("weekdayNames", strings: view.weekdayNames)
            w.field("currency", view.currency?.rawValue)
            w.field("checkin", date: view.checkin)
            w.key("months")
            w.array { a in
                for month in view.months {
                    a.object { m in
                        m.field("year", month.year)
                        m.field("month", month.month)
                        m.field("title", month.title)
                        m.field("leadingBlanks", month.leadingBlanks)
                        m.key("days")
                        m.array { d in
                            for day in month.days { d.calendarDay(day) }
                        }
                    }
                }
            }
        }
    }

    mutating func calendarDay(_ day: CalendarDay) {
        object { w in
            w.field("date", date: day.date)
            w.field("day", day.day)
            w.field("weekday", day.weekday)
            w.field("isToday", day.isToday)
            w.field("isPast", day.isPast)
            w.field("isHoliday", day.isHoliday)
            w.field("holidayName", day.holidayName)
            if let booking = day.booking {
                w.field("available", booking.available)
                w.field("price", booking.price)
                w.field("minNights", booking.minNights)
                w.field("maxNights", booking.maxNights)
                w.field("checkinAllowed", booking.checkinAllowed)
                w.field("checkoutAllowed", booking.checkoutAllowed)
                w.field("unavailableReason", booking.unavailableReason?.rawValue)
            }
        }
    }
}
