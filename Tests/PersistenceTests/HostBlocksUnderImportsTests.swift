import Testing
import Domain
@testable import Persistence

extension StoreContractTests {
    /// A host's own block and an import's block of the same night, on either engine, under
    /// `HostService` and `StoreCalendarSync`: each source is removed on its own, in any
    /// order. The night stays closed while either holds it, the host's calendar names the
    /// source that still does, and only a change guests can see writes the change log.
    @Suite struct HostBlocksUnderImportsTests {
        static let today = date("2027-01-15")  // HostTestClock's
        static let night = date("2027-03-11")

        struct Scene {
            let setup: HostStoreTests.Setup
            let listing: ListingID
            let sync: any CalendarSyncStore

            init(_ engine: CatalogFixture.Engine) throws {
                setup = try HostStoreTests.Setup(engine)
                let service = setup.service
                listing = try service.publish(try service.createListing(setup.draft(), by: setup.host).id, by: setup.host).id
                sync = setup.fixture.store.calendarSyncStore()
            }

            func addImport(_ byte: UInt8) throws -> CalendarImportID {
                try sync.insertImport(listing: listing, name: "Channel \(byte)", url: "https://example.com/\(byte).ics",
                                      exportDigest: [UInt8](repeating: byte, count: 32), exportHint: "h\(byte)",
                                      at: setup.clock.now()).id
            }

            /// Stores a good sync of `feed` reading `nights` (days of March 2027); returns the
            /// calendar nights it changed.
            @discardableResult
            func sync(_ feed: CalendarImportID, _ nights: [Int]) throws -> Int {
                try sync.storeSync(of: feed, nights: Set(nights.map { date("2027-03-\(String(format: "%02d", $0))") }),
                                   today: HostBlocksUnderImportsTests.today, eventCount: nights.count, warnings: [],
                                   at: setup.clock.now(), nextSyncAt: setup.clock.now()).changedNights
            }

            @discardableResult
            func hostSets(_ available: Bool, on date: CalendarDate = HostBlocksUnderImportsTests.night) throws -> Int {
                try setup.service.changeCalendar(listing, [CalendarChange(from: date, to: date, available: available)],
                                                 by: setup.host).changedNights
            }

            /// Days of March 2027 guests cannot book, from the rows search and booking read.
            func closedDays() throws -> [Int] {
                try setup.fixture.reads.listingAndCalendar(listing, calendarIn: date("2027-03-01")..<date("2027-04-01"))?
                    .entries.filter { $0.status != .available }.map { $0.date.daysSinceEpoch - date("2027-03-01").daysSinceEpoch + 1 }
                    ?? []
            }

            /// Why the host's calendar says the night is closed (nil: open).
            func reason(_ date: CalendarDate = HostBlocksUnderImportsTests.night) throws -> HostUnavailability? {
                try setup.service.calendar(listing, start: YearMonth(year: 2027, month: 3)!, months: 1, by: setup.host)
                    .first { $0.date == date }?.unavailableBecause
            }

            func logged() throws -> Int { try setup.changeLogCount() }
        }

        /// The bug of issue 28: the import closed the 11th, the host closed it too, and the
        /// feed dropping it opened the night, losing the host's block.
        @Test(arguments: CatalogFixture.Engine.available)
        func aHostsBlockOverAnImportedNightOutlivesTheImportsEvent(engine: CatalogFixture.Engine) throws {
            let scene = try Scene(engine)
            defer { withExtendedLifetime(scene) {} }
            let feed = try scene.addImport(1)
            #expect(try scene.sync(feed, [10, 11, 12]) == 3)
            let before = try scene.logged()
            #expect(try scene.hostSets(false) == 1)  // the host's own flag, on a night already closed
            #expect(try scene.logged() == before)     // guests see no change
            #expect(try scene.hostSets(false) == 0)  // the same request again changes nothing
            #expect(try scene.reason() == .imported(source: "Channel 1"))

            #expect(try scene.sync(feed, []) == 2)  // the 10th and 12th open, the host's 11th stays
            #expect(try scene.closedDays() == [11])
            #expect(try scene.reason() == .blockedByHost)
            #expect(try scene.logged() == before + 1)
            #expect(try scene.sync(feed, []) == 0)  // an unchanged feed writes nothing
            #expect(try scene.logged() == before + 1)
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func aNightTheHostClosedFirstStaysClosedWhenTheImportDropsIt(engine: CatalogFixture.Engine) throws {
            let scene = try Scene(engine)
            defer { withExtendedLifetime(scene) {} }
            #expect(try scene.hostSets(false) == 1)
            let feed = try scene.addImport(1)
            #expect(try scene.sync(feed, [10, 11, 12]) == 2)
            #expect(try scene.reason() == .imported(source: "Channel 1"))
            #expect(try scene.sync(feed, [10]) == 1)
            #expect(try scene.closedDays() == [10, 11])
            #expect(try scene.reason() == .blockedByHost)
            // Removing the import altogether leaves the host's night too.
            #expect(try scene.sync.deleteImport(feed, today: Self.today, at: scene.setup.clock.now()))
            #expect(try scene.closedDays() == [11])
        }

        /// The host's `available: true` over an imported night removes only the host's own
        /// block: the import's still holds while its feed has the night, and the night opens
        /// when the feed drops it.
        @Test(arguments: CatalogFixture.Engine.available)
        func theHostOpeningAnImportedNightRemovesOnlyTheHostsOwnBlock(engine: CatalogFixture.Engine) throws {
            let scene = try Scene(engine)
            defer { withExtendedLifetime(scene) {} }
            let feed = try scene.addImport(1)
            #expect(try scene.sync(feed, [10, 11, 12]) == 3)
            let before = try scene.logged()
            // Only the import closed the 11th: the host's "open" has nothing of its own to remove.
            #expect(try scene.hostSets(true) == 0)
            #expect(try scene.closedDays() == [10, 11, 12])
            #expect(try scene.reason() == .imported(source: "Channel 1"))
            #expect(try scene.logged() == before)

            // Closed by both, then opened by the host: still closed, by the import alone.
            #expect(try scene.hostSets(false) == 1)
            #expect(try scene.hostSets(true) == 1)
            #expect(try scene.closedDays() == [10, 11, 12])
            #expect(try scene.logged() == before)
            #expect(try scene.sync(feed, [10, 11, 12]) == 0)  // the calendar agrees with the feed
            #expect(try scene.sync(feed, [10, 12]) == 1)      // dropped: nothing holds the 11th
            #expect(try scene.closedDays() == [10, 12])
            #expect(try scene.reason() == nil)
            #expect(try scene.logged() == before + 1)
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func twoImportsAndTheHostEachRemoveOnlyTheirOwnBlock(engine: CatalogFixture.Engine) throws {
            let scene = try Scene(engine)
            defer { withExtendedLifetime(scene) {} }
            let first = try scene.addImport(1), second = try scene.addImport(2)
            #expect(try scene.sync(first, [11]) == 1)
            #expect(try scene.sync(second, [11]) == 0)
            #expect(try scene.hostSets(false) == 1)
            #expect(try scene.sync(first, []) == 0)
            #expect(try scene.reason() == .imported(source: "Channel 2"))
            #expect(try scene.sync(second, []) == 0)
            #expect(try scene.reason() == .blockedByHost)
            #expect(try scene.hostSets(true) == 1)
            #expect(try scene.closedDays() == [])
        }
    }
}
