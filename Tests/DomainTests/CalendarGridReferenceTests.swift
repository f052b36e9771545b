import TestSupport
import Testing
@testable import Domain

/// `CalendarGrid`'s per-day answers for a listing against the Domain's rules themselves, for
/// random listings, parties and calendars (price overrides, weekend prices, extra-guest
/// fees, booked/blocked runs, per-day limits, closed days): prices against `NightlyPricer`;
/// `available`, `checkinAllowed` and `checkoutAllowed` — without a chosen check-in and with
/// one — against `StayValidator`, by brute force over every stay that could start or end
/// on the day. (`CalendarCheckoutTests` holds the unpriced flags to the validator too.)
/// The grid judges dates and nights, not capacity, so the parties here fit the listing.
@Suite struct CalendarGridReferenceTests {
    /// One random listing, its calendar around the shown months, a party that fits, today.
    struct Case {
        let listing: Listing
        let entries: [CalendarEntry]
        let guests: GuestCount
        let today: CalendarDate
        let start: YearMonth
        let months: Int

        init(_ random: inout TestRandom) {
            today = CalendarDate(daysSinceEpoch: CalendarDate(year: 2027, month: 11, day: 20)!.daysSinceEpoch
                                 + random.next(in: 0...70))
            // From today's month, or a month on (today then lies before the window).
            let month = YearMonth(year: today.year, month: today.month)!
            start = random.chance(70) ? month : month.adding(months: 1)!
            months = random.next(in: 1...3)
            let base = Int64(random.next(in: 5...30)) * 5_000
            let pricing = PricingRules(basePrice: base, weekendPrice: random.chance(50) ? base + 20_001 : nil,
                                       extraGuestFee: random.chance(50) ? Int64(random.next(in: 1...9)) * 1_000 : 0,
                                       guestsIncluded: random.next(in: 1...3))
            let minNights = random.next(in: 1...3)
            let maxNights = max(minNights, [2, 3, 5, 7, 14, 30][random.next(below: 6)])
            let first = start.firstDay.daysSinceEpoch - 10
            let last = start.firstDay.daysSinceEpoch + 31 * months + 45
            let until: CalendarDate? = random.chance(25) ? CalendarDate(daysSinceEpoch: random.next(in: first...last)) : nil
            listing = makeListing(pricing: pricing, maxGuests: random.next(in: 3...6), minNights: minNights,
                                  maxNights: maxNights, availableUntil: until)
            guests = GuestCount(adults: random.next(in: 1...2), children: random.chance(30) ? 1 : 0,
                                infants: random.chance(10) ? 1 : 0)
            var byDay: [Int: CalendarEntry] = [:]
            func entry(_ day: Int) -> CalendarEntry { byDay[day] ?? CalendarEntry(date: CalendarDate(daysSinceEpoch: day)) }
            for _ in 0..<random.next(in: 0...10) {  // booked and blocked runs, often single nights
                let from = random.next(in: first...last)
                let status: DayStatus = random.chance(70) ? .booked : .blocked
                for day in from..<from + (random.chance(40) ? 1 : random.next(in: 1...5)) {
                    var value = entry(day)
                    value.status = status
                    byDay[day] = value
                }
            }
            for _ in 0..<random.next(in: 0...12) {  // price overrides
                let day = random.next(in: first...last)
                var value = entry(day)
                value.price = Int64(random.next(in: 1...40)) * 5_000 + Int64(random.next(below: 3))
                byDay[day] = value
            }
            for _ in 0..<random.next(in: 0...10) {  // stay rules
                let day = random.next(in: first...last)
                var value = entry(day)
                switch random.next(below: 5) {
                case 0: value.closedToArrival = true
                case 1: value.closedToDeparture = true
                case 2: value.minNights = random.next(in: 2...5)
                case 3: value.maxNights = random.next(in: 1...6)
                default:
                    value.minNights = random.next(in: 1...3)
                    value.maxNights = random.next(in: 3...10)
                    value.closedToDeparture = random.chance(50)
                }
                byDay[day] = value
            }
            entries = byDay.values.sorted { $0.date < $1.date }
        }

        /// The longest stay any day's limits allow.
        var longestStay: Int { entries.compactMap(\.maxNights).reduce(listing.maxNights, max) }

        /// A bookable stay as `/quote` judges it, apart from today (the callers compare).
        func validates(_ checkin: CalendarDate, _ checkout: CalendarDate) -> Bool {
            guard let stay = Stay(checkin: checkin, checkout: checkout), stay.nights <= StayParameters.maxNights else {
                return false
            }
            do {
                try StayValidator.validate(listing: listing, entries: entries, stay: stay, guests: guests)
                return true
            } catch {
                return false
            }
        }

        func grid(checkin: CalendarDate?) -> [CalendarDay] {
            let input = ListingCalendarInput(listing: listing, entries: entries, guests: guests, checkin: checkin)
            return CalendarGrid.months(start: start, count: months, firstWeekday: .sunday, today: today,
                                       language: .en, listing: input).flatMap(\.days)
        }
    }

    @Test func everyDayOfRandomGridsFollowsTheDomainRules() throws {
        var random = TestRandom(seed: 0x6_21D)
        var days = 0, checkins = 0, checkouts = 0, failures = 0
        for round in 0..<60 where failures < 8 {
            let test = Case(&random)
            let pricer = NightlyPricer(listing: test.listing, entries: test.entries, guests: test.guests)
            let longest = test.longestStay
            // Without a check-in, then with a few chosen ones (some before the window or today).
            var checkinChoices: [CalendarDate?] = [nil]
            for _ in 0..<3 {
                checkinChoices.append(test.start.firstDay.adding(days: random.next(in: -12...40)))
            }
            for checkin in checkinChoices {
                for cell in test.grid(checkin: checkin) {
                    let day = cell.date
                    let booking = try #require(cell.booking)
                    func fail(_ what: String) {
                        failures += 1
                        guard failures <= 8 else { return }
                        Issue.record("""
                            round \(round) \(day) (today \(test.today), checkin \(checkin.map { "\($0)" } ?? "none")): \(what)
                              listing: min \(test.listing.minNights) max \(test.listing.maxNights) \
                            until \(test.listing.availableUntil.map { "\($0)" } ?? "-")
                              entries: \(test.entries.filter { abs($0.date.days(until: day)) <= 12 })
                            """)
                    }
                    days += 1
                    if booking.price != pricer.price(on: day) {
                        fail("price \(booking.price), NightlyPricer says \(pricer.price(on: day))")
                    }
                    let nightFree = day >= test.today && test.nightIsFree(day)
                    if booking.available != nightFree { fail("available \(booking.available), Domain says \(nightFree)") }

                    // A stay can start here: some length validates.
                    let canStart = day >= test.today
                        && (1...longest).contains { test.validates(day, day.adding(days: $0)) }
                    if canStart { checkins += 1 }
                    if booking.checkinAllowed != canStart {
                        fail("checkinAllowed \(booking.checkinAllowed), Domain says \(canStart)")
                    }

                    let canEnd: Bool
                    if let checkin {
                        canEnd = checkin >= test.today && test.validates(checkin, day)
                    } else {
                        canEnd = (1...longest).contains { nights in
                            let from = day.adding(days: -nights)
                            return from >= test.today && test.validates(from, day)
                        }
                    }
                    if canEnd { checkouts += 1 }
                    if booking.checkoutAllowed != canEnd {
                        fail("checkoutAllowed \(booking.checkoutAllowed), Domain says \(canEnd)")
                    }
                }
            }
        }
        #expect(days > 10_000 && checkins > 3_000 && checkouts > 2_000, "\(days) days, \(checkins) checkins, \(checkouts) checkouts")
    }
}

extension CalendarGridReferenceTests.Case {
    /// The night of `night` alone is free: not booked, blocked or on/after `availableUntil`
    /// (StayValidator's first check, whatever the stay rules say).
    func nightIsFree(_ night: CalendarDate) -> Bool {
        do {
            try StayValidator.validate(listing: listing, entries: entries, stay: Stay(checkin: night, checkout: night.adding(days: 1))!,
                                       guests: guests)
            return true
        } catch {
            if case .unavailableDates = error { return false }
            if case .datesNotOpen = error { return false }   // past the window: not free either
            return true
        }
    }
}
