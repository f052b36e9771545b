import Foundation
import Domain
import PostgresStorage
import Storage
import TestSupport
import Testing
@testable import Persistence

extension StoreContractTests {
    /// Each engine's trips query (two bounded index walks, `TripWalk`) pages through random
    /// histories exactly as `TripOrder.reference` does: the same reservations, in the same
    /// order, the same cursors, no duplicates, no gaps.
    @Suite struct TripsPagingTests {
        /// Days around the year and month ends, a leap day and an ordinary mid-year day.
        static let todays = ["2026-12-31", "2027-01-01", "2027-02-28", "2028-02-29", "2028-03-01", "2027-06-15"].map(date)

        @Test(arguments: CatalogFixture.Engine.available)
        func pagesFollowTheReferenceOrder(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            let history = TripHistory(fixture)
            let store = history.store
            var random = TestRandom(seed: engine == .sqlite ? 0x7819_5017 : 0x7819_5018)
            var pagesCompared = 0, crossings = 0, failures = 0
            for round in 0..<40 where failures < 3 {
                let today = Self.todays[random.next(below: Self.todays.count)]
                let guest = try history.insertGuest()
                let other = try history.insertGuest()   // whose trips must never show
                let count = [0, 1, 2, 5, 20, 60, 120][random.next(below: 7)]
                var ids: [ReservationID] = []
                for _ in 0..<count {
                    ids.append(try history.insert(TripHistory.randomRow(&random, around: today), of: guest))
                    if random.chance(20) { _ = try history.insert(TripHistory.randomRow(&random, around: today), of: other) }
                }
                let all = try store.read { reads in try ids.map { try #require(try reads.reservation($0, of: guest)) } }
                let expected = TripOrder.reference(all, today: today, after: nil, limit: .max).reservations.map(\.id)
                #expect(Set(expected).count == count)

                // From the start, and sometimes from a cursor of any value (as a client holding
                // yesterday's cursor, or one on a deleted row's key, would send).
                var cursor: TripCursor? = random.chance(25) ? TripHistory.randomCursor(&random, around: today) : nil
                let start = cursor
                var seen: [ReservationID] = []
                repeat {
                    let limit = [1, 2, 3, 5, 8, 20][random.next(below: 6)]
                    let page = try store.read { try $0.trips(of: guest, today: today, after: cursor, limit: limit) }
                    let reference = TripOrder.reference(all, today: today, after: cursor, limit: limit)
                    pagesCompared += 1
                    if page != reference {
                        failures += 1
                        Issue.record("""
                            \(engine) round \(round) today \(today) after \(String(describing: cursor)) limit \(limit):
                              store:     \(page.reservations.map(\.id.rawValue)) next \(String(describing: page.nextCursor))
                              reference: \(reference.reservations.map(\.id.rawValue)) next \(String(describing: reference.nextCursor))
                            """)
                        break
                    }
                    if let first = page.reservations.first, let last = page.reservations.last,
                       TripOrder.group(of: first, today: today) != TripOrder.group(of: last, today: today) {
                        crossings += 1
                    }
                    seen += page.reservations.map(\.id)
                    cursor = page.nextCursor
                } while cursor != nil
                if start == nil && failures == 0 {
                    #expect(seen == expected, "\(engine) round \(round): every trip once, in order")
                }
            }
            #expect(pagesCompared > 150)
            #expect(crossings > 5, "pages crossing from upcoming into past: \(crossings)")
        }

        /// SQLite walks `reservations_trips` for both walks and never sorts: with a long
        /// history and fresh statistics, no temporary B-tree and no other index.
        /// Each engine's plan of both walks (below).
        @Test(arguments: CatalogFixture.Engine.available)
        func plansWalkTheTripsIndexWithoutSorting(engine: CatalogFixture.Engine) throws {
            switch engine {
            case .sqlite: try sqlitePlansWalkTheTripsIndexWithoutSorting()
            case .postgres: try postgresPlansWalkTheTripsIndexWithoutSorting()
            }
        }

        private func sqlitePlansWalkTheTripsIndexWithoutSorting() throws {
            let fixture = try CatalogFixture(engine: .sqlite)
            let history = TripHistory(fixture)
            let today = date("2027-06-15")
            var random = TestRandom(seed: 0xE8_1A17)
            let guest = try history.insertGuest()
            for _ in 0..<2_000 { _ = try history.insert(TripHistory.randomRow(&random, around: today), of: guest) }
            try fixture.pool.write { try $0.execute(sql: "ANALYZE") }
            for sql in [TripWalk.SQL.sqliteUpcoming, TripWalk.SQL.sqlitePast] {
                let plan = try fixture.pool.read { db in
                    try db.prepare("EXPLAIN QUERY PLAN " + sql).fetchAll { $0.string(3) }
                }
                let reservationSteps = plan.filter { $0.contains(" r ") || $0.hasSuffix(" r") }
                #expect(!reservationSteps.isEmpty, "\(plan)")
                #expect(reservationSteps.allSatisfy { $0.contains("USING INDEX reservations_trips (guest_id=? AND status=? AND checkin") },
                        "\(plan)")
                #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
            }
        }

        /// PostgreSQL as well: index scans of `reservations_trips` (backward under a Merge
        /// Append for the past walk), no Sort node, no sequential scan of reservations. Other
        /// guests' rows make the table look like a real one to the planner.
        private func postgresPlansWalkTheTripsIndexWithoutSorting() throws {
            let fixture = try CatalogFixture(engine: .postgres)
            let history = TripHistory(fixture)
            let today = date("2027-06-15")
            var random = TestRandom(seed: 0xE8_1A18)
            let guest = try history.insertGuest()
            for _ in 0..<2_000 { _ = try history.insert(TripHistory.randomRow(&random, around: today), of: guest) }
            for _ in 0..<20 {
                let other = try history.insertGuest()
                for _ in 0..<100 { _ = try history.insert(TripHistory.randomRow(&random, around: today), of: other) }
            }
            let pool = try #require(fixture.postgresPool)
            try pool.write { try $0.query("ANALYZE reservations") }
            let walk = TripWalk(today: today, after: nil)
            let plans = try pool.read { connection in [
                try PostgresStoreConnection(connection: connection).fetchAll("EXPLAIN " + TripWalk.SQL.postgresUpcoming, [
                    ":guest": guest.rawValue, ":from": walk.upcomingFrom, ":today": today.daysSinceEpoch,
                    ":after_checkin": walk.upcomingAfterCheckin, ":after_id": walk.upcomingAfterID, ":limit": 21,
                ]) { $0.string(0) },
                try PostgresStoreConnection(connection: connection).fetchAll("EXPLAIN " + TripWalk.SQL.postgresPast, [
                    ":guest": guest.rawValue, ":before_checkin": walk.pastBeforeCheckin, ":before_id": walk.pastBeforeID,
                    ":confirmed_through": walk.pastConfirmedThrough, ":today": today.daysSinceEpoch, ":limit": 21,
                ]) { $0.string(0) },
            ] }
            for plan in plans {
                let text = plan.joined(separator: "\n")
                #expect(text.contains("reservations_trips"), "\(text)")
                #expect(!text.contains("Seq Scan on reservations"), "\(text)")
                #expect(!plan.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("Sort  (")
                                         || $0.contains("->  Sort  (") }, "\(text)")
            }
            #expect(plans[1].joined().contains("Merge Append"), "\(plans[1].joined(separator: "\n"))")
        }
    }
}
