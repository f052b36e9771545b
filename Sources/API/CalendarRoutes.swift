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
            // Checked here as well as in the service so that it is reported with the other
            // problems; a `months` already refused is not judged again.
            if let start, !reader.issues.contains(where: { $0.name == "months" }),
               let problem = CalendarGrid.rangeProblem(start: start, months: months) {
                reader.fail(problem.name, problem.reason)
            }
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
                            for index in month.days.indices { d.calendarDay(month.days[index]) }
                        }
                    }
                }
            }
        }
    }

    // Inlined so that the day is read where it lies in the array: passed to a call, each
    // day would be copied, retaining and releasing its holiday name.
    /// One day of the grid. A 12-month listing calendar writes 366 of these, most of its
    /// ~90 KB: each is written as fixed runs (`,"day":`) between its values, half the copies
    /// and none of the per-key comma bookkeeping of `field`.
    @inline(__always) mutating func calendarDay(_ day: CalendarDay) {
        beginObject()
        fragment(#""date":"#); fragment(date: day.date)
        fragment(#","day":"#); fragment(integer: day.day)
        fragment(#","weekday":"#); fragment(integer: day.weekday)
        // Neighbouring flags as one run each: a third fewer copies per day.
        switch (day.isToday, day.isPast, day.isHoliday) {
        case (false, false, false): fragment(#","isToday":false,"isPast":false,"isHoliday":false,"holidayName":"#)
        case (false, false, true): fragment(#","isToday":false,"isPast":false,"isHoliday":true,"holidayName":"#)
        case (false, true, false): fragment(#","isToday":false,"isPast":true,"isHoliday":false,"holidayName":"#)
        case (false, true, true): fragment(#","isToday":false,"isPast":true,"isHoliday":true,"holidayName":"#)
        case (true, false, false): fragment(#","isToday":true,"isPast":false,"isHoliday":false,"holidayName":"#)
        case (true, false, true): fragment(#","isToday":true,"isPast":false,"isHoliday":true,"holidayName":"#)
        case (true, true, false): fragment(#","isToday":true,"isPast":true,"isHoliday":false,"holidayName":"#)
        case (true, true, true): fragment(#","isToday":true,"isPast":true,"isHoliday":true,"holidayName":"#)
        }
        fragment(string: day.holidayName)
        if let booking = day.booking {
            fragment(booking.available ? #","available":true,"price":"# : #","available":false,"price":"#)
            fragment(integer: booking.price)
            fragment(#","minNights":"#); fragment(integer: booking.minNights)
            fragment(#","maxNights":"#); fragment(integer: booking.maxNights)
            switch (booking.checkinAllowed, booking.checkoutAllowed) {
            case (false, false): fragment(#","checkinAllowed":false,"checkoutAllowed":false"#)
            case (false, true): fragment(#","checkinAllowed":false,"checkoutAllowed":true"#)
            case (true, false): fragment(#","checkinAllowed":true,"checkoutAllowed":false"#)
            case (true, true): fragment(#","checkinAllowed":true,"checkoutAllowed":true"#)
            }
            switch booking.unavailableReason {
            case nil: fragment(#","unavailableReason":null"#)
            case .past: fragment(#","unavailableReason":"past""#)
            case .booked: fragment(#","unavailableReason":"booked""#)
            case .blocked: fragment(#","unavailableReason":"blocked""#)
            case .beyondWindow: fragment(#","unavailableReason":"beyondWindow""#)
            case .closedToArrival: fragment(#","unavailableReason":"closedToArrival""#)
            case .minNightsUnreachable: fragment(#","unavailableReason":"minNightsUnreachable""#)
            }
        }
        endObject()
    }
}
