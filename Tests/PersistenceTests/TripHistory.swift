import Foundation
import Domain
import PostgresStorage
import Storage
import TestSupport
@testable import Persistence

/// Guests and reservations written straight into a `CatalogFixture`'s tables on either
/// engine, with any dates and statuses (the booking path only books from today on, and a
/// history needs past, current and cancelled trips). Rows are valid for the decoder: one
/// nightly price per night, a cancellation day on cancelled ones.
struct TripHistory {
    struct Row {
        var checkin: CalendarDate
        var nights: Int
        var cancelled: Bool
        var listing: Int64
    }

    let fixture: CatalogFixture
    let store: any BookingStore

    init(_ fixture: CatalogFixture) {
        self.fixture = fixture
        store = fixture.bookings
    }

    func insertGuest() throws -> GuestID {
        let token = (0..<32).map { _ in UInt8.random(in: 0...255) }
        switch fixture.engine {
        case .sqlite:
            return try fixture.pool.write { db in
                try db.execute(sql: "INSERT INTO guests (token_hash, created_at) VALUES (?, 0)", arguments: [token])
                return GuestID(db.lastInsertedRowID)
            }
        case .postgres:
            return try fixture.postgresPool!.write { connection in
                GuestID(try connection.queryOne("INSERT INTO guests (token_hash, created_at) VALUES ($1, 0) RETURNING id",
                                                [token]) { $0.int64(0) } ?? 0)
            }
        }
    }

    func insert(_ row: Row, of guest: GuestID) throws -> ReservationID {
        let checkout = row.checkin.adding(days: row.nights)
        let prices = Array(repeating: "1000", count: row.nights).joined(separator: ",")
        let total = Int64(1000 * row.nights)
        let values: [Any?] = [
            guest.rawValue, row.listing, row.checkin.daysSinceEpoch, checkout.daysSinceEpoch, prices,
            "accommodation:\(total)", total, row.cancelled ? "cancelled" : "confirmed",
            row.cancelled ? Int64(1) : nil, row.cancelled ? row.checkin.adding(days: -1).daysSinceEpoch : nil,
            row.cancelled ? "accommodation:0" : nil,
        ]
        let columns = """
            guest_id, listing_id, checkin, checkout, adults, children, infants, currency, nightly_prices, line_items, \
            total, cancellation_policy, status, created_at, cancelled_at, cancelled_on, refund_lines
            """
        switch fixture.engine {
        case .sqlite:
            return try fixture.pool.write { db in
                try db.execute(sql: """
                    INSERT INTO reservations (\(columns)) \
                    VALUES (?, ?, ?, ?, 1, 0, 0, 'KRW', ?, ?, ?, 'moderate', ?, 0, ?, ?, ?)
                    """, arguments: values.map { $0 as? any DatabaseBindable })
                return ReservationID(db.lastInsertedRowID)
            }
        case .postgres:
            return try fixture.postgresPool!.write { connection in
                ReservationID(try connection.queryOne("""
                    INSERT INTO reservations (\(columns)) \
                    VALUES ($1, $2, $3, $4, 1, 0, 0, 'KRW', $5, $6, $7, 'moderate', $8, 0, $9, $10, $11) RETURNING id
                    """, values.map { $0 as? any PostgresBindable }) { $0.int64(0) } ?? 0)
            }
        }
    }

    /// Check-ins within about a year either side of `today`, bunched on a few days so many
    /// share one; lengths from one night to the longest a quote allows, with the stays that
    /// end yesterday, today and tomorrow, and start on the walks' bounds, made likely.
    static func randomRow(_ random: inout TestRandom, around today: CalendarDate) -> Row {
        let nights = [1, 1, 2, 3, 7, 30, 364, StayParameters.maxNights][random.next(below: 8)]
        let offset: Int
        switch random.next(below: 4) {
        case 0: offset = random.next(in: -400...400)
        case 1: offset = [-3, -1, 0, 1, 2, 40][random.next(below: 6)]            // shared check-in days
        case 2: offset = -nights + random.next(in: -1...1)                        // checkout yesterday, today, tomorrow
        default: offset = [1 - StayParameters.maxNights, -StayParameters.maxNights, -1, 0][random.next(below: 4)]
        }
        return Row(checkin: today.adding(days: offset), nights: nights, cancelled: random.chance(30),
                   listing: [1, 2, 3, 4, 6][random.next(below: 5)])
    }

    /// A cursor of any value near `today`, in either group.
    static func randomCursor(_ random: inout TestRandom, around today: CalendarDate) -> TripCursor {
        TripCursor(group: random.next(below: 2), checkin: today.adding(days: random.next(in: -400...400)),
                   id: ReservationID(Int64(random.next(in: 0...400))))
    }
}
