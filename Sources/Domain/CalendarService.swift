/// A calendar as `/calendar` serves it.
public struct CalendarView: Hashable, Sendable {
    /// nil for a plain calendar without a listing.
    public var listingID: ListingID?
    /// The listing's zone, or the service's default.
    public var timeZone: String
    /// Today in `timeZone`.
    public var today: CalendarDate
    public var firstWeekday: FirstWeekday
    /// Seven names in column order.
    public var weekdayNames: [String]
    /// The listing's currency (prices are in its minor units); nil without a listing.
    public var currency: CurrencyCode?
    public var checkin: CalendarDate?
    public var months: [CalendarMonth]
}

/// Month grids, with a listing's availability and prices when one is given. Immutable and
/// `Sendable`; safe from any thread.
public final class CalendarService: Sendable {
    private let listings: any ListingRepository
    private let dateProvider: any DateProvider
    public let defaultTimeZone: String

    public init(listings: any ListingRepository, dateProvider: any DateProvider, defaultTimeZone: String = "Asia/Seoul") {
        self.listings = listings
        self.dateProvider = dateProvider
        self.defaultTimeZone = defaultTimeZone
    }

    /// - Parameters:
    ///   - start: the first month; nil for the current month in the calendar's zone.
    ///   - months: 1...24, else `.invalidParameters` naming `months`; the months shown must lie
    ///     in `CalendarGrid.supportedMonths`, else `.invalidParameters` naming `start` or `months`.
    ///   - checkin: only meaningful with a listing (see `DayBooking.checkoutAllowed`).
    /// Throws `.listingNotFound` for an unknown listing.
    public func calendar(listingID: ListingID?, start: YearMonth?, months: Int, firstWeekday: FirstWeekday,
                         checkin: CalendarDate?, guests: GuestCount, language: Language) throws -> CalendarView {
        guard (1...CalendarGrid.maxMonths).contains(months) else {
            throw StaysError.invalidParameter("months", "must be between 1 and \(CalendarGrid.maxMonths)")
        }
        if let start, let problem = CalendarGrid.rangeProblem(start: start, months: months) {
            throw StaysError.invalidParameter(problem.name, problem.reason)
        }
        var input: ListingCalendarInput?
        var timeZone = defaultTimeZone
        var listingToday: CalendarDate?
        if let listingID {
            // The range depends on today in the listing's zone: known once its terms are read.
            guard let (terms, entries) = try listings.stayTermsAndCalendar(listingID, calendarIn: { terms in
                let today = dateProvider.today(in: terms.timeZone)
                listingToday = today
                return CalendarGrid.entryRange(start: start ?? YearMonth(today), count: months, checkin: checkin, today: today)
            }) else { throw StaysError.listingNotFound(listingID) }
            timeZone = terms.timeZone
            input = ListingCalendarInput(terms: terms, entries: entries, guests: guests, checkin: checkin)
        }
        // The same today as the entries were read for, even across midnight.
        let today = listingToday ?? dateProvider.today(in: timeZone)
        let first = start ?? YearMonth(today)
        return CalendarView(
            listingID: listingID, timeZone: timeZone, today: today, firstWeekday: firstWeekday,
            weekdayNames: firstWeekday.weekdayNames(language), currency: input?.terms.currency,
            checkin: input == nil ? nil : checkin,
            months: CalendarGrid.months(start: first, count: months, firstWeekday: firstWeekday, today: today,
                                        language: language, listing: input))
    }
}
