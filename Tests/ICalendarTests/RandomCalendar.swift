import Domain
import ICalendar

/// A seeded generator (SplitMix64), so that a failing case can be run again from its seed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A random listing calendar: reservations and host-closed runs over about 400 days around
/// a random today, in one of several zones (far east and west of UTC, with and without
/// daylight saving).
struct RandomCalendar {
    static let zones = ["Asia/Seoul", "America/New_York", "Europe/London", "Pacific/Auckland", "UTC",
                        "Pacific/Kiritimati", "Pacific/Pago_Pago", "America/St_Johns"]

    let zone: String
    let today: CalendarDate
    let windowEnd: CalendarDate
    let blocks: [ICalExport.Block]

    init(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        zone = Self.zones.randomElement(using: &random)!
        today = day("2026-01-01").adding(days: Int.random(in: 0..<1500, using: &random))
        windowEnd = today.adding(days: Int.random(in: 1...400, using: &random))
        var blocks: [ICalExport.Block] = []
        var closed: [CalendarDate] = []
        var cursor = today.adding(days: -Int.random(in: 0...30, using: &random))
        var nextReservation: Int64 = 1
        let density = Int.random(in: 1...6, using: &random)
        while cursor < windowEnd.adding(days: 30) {
            cursor = cursor.adding(days: Int.random(in: 0...(density * 4), using: &random))
            let length = Int.random(in: 1...(Bool.random(using: &random) ? 3 : 21), using: &random)
            if Bool.random(using: &random) {
                blocks.append(.init(nights: cursor..<cursor.adding(days: length),
                                    identity: .reservation(ReservationID(nextReservation))))
                nextReservation += 1
            } else {
                closed += (0..<length).map { cursor.adding(days: $0) }
            }
            cursor = cursor.adding(days: length)
        }
        self.blocks = blocks + ICalExport.hostBlockRuns(nights: closed)
    }

    /// The nights the blocks hold within `[today, windowEnd)`, ascending.
    var expectedNights: [CalendarDate] {
        var days = Set<Int>()
        for block in blocks {
            for night in block.nights.lowerBound.daysSinceEpoch..<block.nights.upperBound.daysSinceEpoch
            where night >= today.daysSinceEpoch && night < windowEnd.daysSinceEpoch {
                days.insert(night)
            }
        }
        return days.sorted().map { CalendarDate(daysSinceEpoch: $0) }
    }

    /// The blocks that keep a night after clipping (one VEVENT each).
    var eventCount: Int {
        blocks.filter { max($0.nights.lowerBound, today) < min($0.nights.upperBound, windowEnd) }.count
    }

    func render(listing: ListingID) -> String {
        ICalExport(listing: listing, timeZone: zone, calendarName: "Listing \(listing), \(zone); test")
            .render(blocks: blocks, today: today, windowEnd: windowEnd, stamp: Instant(millisecondsSinceEpoch: 1_795_000_000_000))
    }
}
