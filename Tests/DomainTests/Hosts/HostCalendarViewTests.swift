import Domain
import Testing

@Suite struct HostCalendarViewTests {
    @Test func eachDaySaysItsPriceLimitsAndWhyItIsUnavailable() {
        var content = HostListingContent()
        content.basePrice = 100_000
        content.weekendPrice = 130_000
        content.minNights = 2
        content.maxNights = 20
        content.availabilityWindowDays = 10
        let today = date("2027-03-03")
        let entries = [
            CalendarEntry(date: date("2027-03-01"), status: .booked),
            CalendarEntry(date: date("2027-03-02"), status: .blocked, price: 90_000),
            CalendarEntry(date: date("2027-03-04"), status: .booked, minNights: 3, closedToArrival: true),
            CalendarEntry(date: date("2027-03-05"), status: .booked, closedToDeparture: true),
            CalendarEntry(date: date("2027-03-08"), status: .blocked),
        ]
        let holds = [
            NightHold(date: date("2027-03-04"), holder: .request(ReservationID(8))),
            NightHold(date: date("2027-03-04"), holder: .reservation(ReservationID(7))),
            NightHold(date: date("2027-03-05"), holder: .request(ReservationID(8))),
            NightHold(date: date("2027-03-06"), holder: .imported(source: "Booking.com")),
            NightHold(date: date("2027-04-01"), holder: .reservation(ReservationID(9))),
        ]
        let days = HostCalendar.days(in: date("2027-03-01")..<date("2027-03-14"), content: content, entries: entries,
                                     holds: holds, today: today)
        #expect(days.count == 13)
        #expect(days.map(\.unavailableBecause) == [
            .booked, .blockedByHost, nil, .reservation(ReservationID(7)), .request(ReservationID(8)),
            .imported(source: "Booking.com"), nil, .blockedByHost, nil, nil, nil, nil, nil,
        ])
        #expect(days.map(\.available) == days.map { $0.unavailableBecause == nil })
        // 2027-03-05 is a Friday, 03-06 a Saturday.
        #expect(days.map(\.price) == [100_000, 90_000, 100_000, 100_000, 130_000, 130_000, 100_000, 100_000,
                                      100_000, 100_000, 100_000, 130_000, 130_000])
        #expect(days[1].priceIsOverride && !days[0].priceIsOverride)
        #expect(days[3].minNights == 3 && days[3].maxNights == 20 && days[2].minNights == 2)
        #expect(days[3].closedToArrival && days[4].closedToDeparture && !days[4].closedToArrival)
        #expect(days.map(\.isPast) == [true, true] + Array(repeating: false, count: 11))
        // Today + 10 days - 1 = 2027-03-12 is the last open night.
        #expect(days.map(\.isBeyondWindow) == Array(repeating: false, count: 12) + [true])
    }

    @Test func aDraftWithoutAPriceShowsOnlyOverrides() {
        let days = HostCalendar.days(in: date("2027-03-01")..<date("2027-03-03"), content: HostListingContent(),
                                     entries: [CalendarEntry(date: date("2027-03-02"), price: 50_000)], holds: [],
                                     today: date("2027-03-01"))
        #expect(days.map(\.price) == [nil, 50_000])
    }
}
