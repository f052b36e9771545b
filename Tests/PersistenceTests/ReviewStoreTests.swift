import Foundation
import Testing
import Domain
@testable import Persistence

/// Errors and counts gathered from several threads.
final class LockedErrors: @unchecked Sendable {
    private let lock = NSLock()
    private var errors: [String] = []
    private var sum = 0
    func add(_ error: any Error) { lock.withLock { errors.append("\(error)") } }
    func count(_ value: Int) { lock.withLock { sum += value } }
    var all: [String] { lock.withLock { errors } }
    var total: Int { lock.withLock { sum } }
}

/// A "today" a test moves forward (the review window is counted in days).
final class MovableToday: DateProvider, @unchecked Sendable {
    private let lock = NSLock()
    private var date: CalendarDate
    init(_ date: CalendarDate) { self.date = date }
    func today(in timeZone: String) -> CalendarDate { lock.withLock { date } }
    func set(_ text: String) { lock.withLock { date = CalendarDate(text)! } }
}

extension StoreContractTests {
    /// Reviews (`StoreReviews`, through `ReviewService`) on either engine: the window,
    /// double-blind publication, the listing's rating and the change log, paging, replies and
    /// the publishing job.
    @Suite struct ReviewStoreTests {
        static let now = Instant(millisecondsSinceEpoch: 1_800_000_000_000)
        /// An imported review's date, before any written in a test run.
        static let imported = Instant(millisecondsSinceEpoch: 1_500_000_000_000)
        static let scores = CategoryScores([5, 4, 5, 5, 4, 5])!

        /// The fixture with a host account owning listing 1 and `count` guests (accounts
        /// named "Minji Kim", "Jisoo Park", ...) each with a confirmed stay there.
        struct Setting {
            let fixture: CatalogFixture
            let reviews: ReviewService
            let clock: MovableToday
            let host: AccountID
            let guests: [GuestID]
            let stays: [ReservationID]
        }

        static func setting(_ engine: CatalogFixture.Engine, stays: [Stay]) throws -> Setting {
            let fixture = try CatalogFixture(engine: engine)
            let accounts = fixture.accounts.accounts
            let names = ["Minji Kim", "Jisoo Park", "서연", "Alex Lee", "Hana"]
            func account(_ index: Int) throws -> (AccountID, GuestID) {
                try accounts.write { transaction in
                    let guest = try transaction.createGuest(tokenDigest: [UInt8](repeating: UInt8(index + 1), count: 32), at: now)
                    let id = try transaction.insertAccount(NewAccount(
                        guestID: guest, email: EmailAddress("person\(index)@example.com")!, passwordHash: "$argon2id$x",
                        name: names[index % names.count], roles: [.guest, .host], locale: .en, createdAt: now))
                    return (id, guest)
                }
            }
            let (host, _) = try account(9)
            try fixture.execute("UPDATE listings SET host_account_id = ? WHERE id = 1", [host.rawValue])
            var guests: [GuestID] = [], ids: [ReservationID] = []
            for (index, stay) in stays.enumerated() {
                let guest = try account(index).1
                let new = try BookingStoreTests.reservation(fixture, listing: 1, stay, guest: guest)
                ids.append(try fixture.bookings.write { try $0.insertReservation(new).id })
                guests.append(guest)
            }
            let clock = MovableToday(CalendarDate("2027-01-01")!)
            return Setting(fixture: fixture, reviews: ReviewService(store: fixture.store.reviewStore(), dateProvider: clock),
                           clock: clock, host: host, guests: guests, stays: ids)
        }

        static func guestDraft(_ rating: Int, _ text: String = "깨끗하고 조용했어요.") -> GuestReviewDraft {
            GuestReviewDraft(rating: rating, categories: scores, text: text)
        }

        static func listingOne(_ fixture: CatalogFixture) throws -> Listing {
            try #require(try fixture.reads.listing(ListingID(1)))
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func eachWrongStateIsItsOwnErrorAndAnotherAccountsStayIsNotFound(engine: CatalogFixture.Engine) throws {
            let s = try Self.setting(engine, stays: [stay("2027-03-01", "2027-03-05"), stay("2027-03-10", "2027-03-12")])
            let (first, second) = (s.stays[0], s.stays[1])
            s.clock.set("2027-03-04")
            #expect(throws: ReviewError.beforeCheckout(opensOn: date("2027-03-05"))) {
                try s.reviews.writeGuestReview(Self.guestDraft(5), reservation: first, guest: s.guests[0])
            }
            s.clock.set("2027-03-05")
            #expect(throws: StaysError.reservationNotFound(first)) {
                try s.reviews.writeGuestReview(Self.guestDraft(5), reservation: first, guest: s.guests[1])
            }
            #expect(throws: StaysError.reservationNotFound(first)) {
                try s.reviews.writeHostReview(HostReviewDraft(rating: 5, text: ""), reservation: first,
                                              host: AccountID(s.host.rawValue + 100))
            }
            let receipt = try s.reviews.writeGuestReview(Self.guestDraft(5), reservation: first, guest: s.guests[0])
            #expect(!receipt.published && receipt.publishOn == date("2027-03-19"))
            #expect(throws: ReviewError.alreadyReviewed) {
                try s.reviews.writeGuestReview(Self.guestDraft(4), reservation: first, guest: s.guests[0])
            }
            // The window of the second stay closes on 2027-03-26.
            s.clock.set("2027-03-26")
            #expect(throws: ReviewError.windowClosed(closedOn: date("2027-03-26"))) {
                try s.reviews.writeGuestReview(Self.guestDraft(5), reservation: second, guest: s.guests[1])
            }
            #expect(throws: ReviewError.windowClosed(closedOn: date("2027-03-26"))) {
                try s.reviews.writeHostReview(HostReviewDraft(rating: 5, text: ""), reservation: second, host: s.host)
            }
            try s.fixture.execute("UPDATE reservations SET status = 'cancelled' WHERE id = ?", [second.rawValue])
            s.clock.set("2027-03-12")
            #expect(throws: ReviewError.reservationNotCompleted(status: "cancelled")) {
                try s.reviews.writeGuestReview(Self.guestDraft(5), reservation: second, guest: s.guests[1])
            }
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func bothReviewsPublishTogetherAndTheRatingFollowsThroughTheChangeLog(engine: CatalogFixture.Engine) throws {
            let s = try Self.setting(engine, stays: [stay("2027-03-01", "2027-03-05")])
            s.clock.set("2027-03-06")
            _ = try s.reviews.writeGuestReview(Self.guestDraft(4, "Lovely flat, very clean."), reservation: s.stays[0],
                                               guest: s.guests[0])
            // Double-blind: nobody sees it yet, and the listing's stored rating is untouched.
            #expect(try s.reviews.reviews(of: ListingID(1), after: nil, limit: 10).reviews.isEmpty)
            #expect(try Self.listingOne(s.fixture).rating == 4.8)
            let before = try s.fixture.latestSequence()
            let receipt = try s.reviews.writeHostReview(HostReviewDraft(rating: 5, text: "좋은 게스트"), reservation: s.stays[0],
                                                        host: s.host)
            #expect(receipt.published)
            let page = try s.reviews.reviews(of: ListingID(1), after: nil, limit: 10)
            let review = try #require(page.reviews.first)
            #expect(page.reviews.count == 1 && page.nextCursor == nil)  // the host's review of the guest is not the listing's
            #expect(review.rating == 4 && review.categories == Self.scores && review.text == "Lovely flat, very clean.")
            #expect(review.language == .en && review.guestName == "Minji" && review.stayMonth.description == "2027-03")
            #expect(review.source == .stays && review.reply == nil)
            // One Stays review and no imported ratings: the count shows, the mean waits for three.
            let listing = try Self.listingOne(s.fixture)
            #expect(listing.rating == nil && listing.reviewCount == 1)
            #expect(try s.fixture.changeLogRows(after: before).map(\.reason) == ["review"])
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func aLoneReviewIsVisibleOnceTheWindowClosesAndTheJobPublishesItOnce(engine: CatalogFixture.Engine) throws {
            let s = try Self.setting(engine, stays: [stay("2027-03-01", "2027-03-05")])
            s.clock.set("2027-03-05")
            _ = try s.reviews.writeGuestReview(Self.guestDraft(3), reservation: s.stays[0], guest: s.guests[0])
            s.clock.set("2027-03-18")
            #expect(try s.reviews.reviews(of: ListingID(1), after: nil, limit: 10).reviews.isEmpty)
            #expect(try s.reviews.publishDue() == 0)
            // Evaluated on read: visible on the closing day, before any job ran.
            s.clock.set("2027-03-19")
            #expect(try s.reviews.reviews(of: ListingID(1), after: nil, limit: 10).reviews.map(\.rating) == [3])
            #expect(try Self.listingOne(s.fixture).reviewCount == 12)
            #expect(try s.reviews.publishDue() == 1)
            #expect(try s.reviews.publishDue() == 0)
            #expect(try Self.listingOne(s.fixture).reviewCount == 1)
            // The host answers a published review once.
            let id = try #require(try s.reviews.reviews(of: ListingID(1), after: nil, limit: 1).reviews.first?.id)
            #expect(throws: ReviewError.reviewNotFound(id)) {
                try s.reviews.reply(to: id, text: "감사합니다", host: AccountID(s.host.rawValue + 100))
            }
            _ = try s.reviews.reply(to: id, text: "감사합니다", host: s.host)
            #expect(throws: ReviewError.alreadyReplied) { try s.reviews.reply(to: id, text: "again", host: s.host) }
            #expect(try s.reviews.reviews(of: ListingID(1), after: nil, limit: 1).reviews.first?.reply?.text == "감사합니다")
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func threeReviewsMakeAMeanAndPagesRunNewestFirst(engine: CatalogFixture.Engine) throws {
            let s = try Self.setting(engine, stays: [stay("2027-03-01", "2027-03-03"), stay("2027-03-03", "2027-03-05"),
                                                     stay("2027-03-05", "2027-03-07")])
            s.clock.set("2027-03-08")
            for (index, rating) in [5, 4, 4].enumerated() {
                _ = try s.reviews.writeGuestReview(Self.guestDraft(rating), reservation: s.stays[index], guest: s.guests[index])
                _ = try s.reviews.writeHostReview(HostReviewDraft(rating: 5, text: ""), reservation: s.stays[index], host: s.host)
            }
            let listing = try Self.listingOne(s.fixture)
            #expect(listing.rating == 4.33 && listing.reviewCount == 3)
            #expect(listing.ratingCategories == [5, 4, 5, 5, 4, 5])
            let first = try s.reviews.reviews(of: ListingID(1), after: nil, limit: 2)
            let cursor = try #require(first.nextCursor)
            let second = try s.reviews.reviews(of: ListingID(1), after: cursor, limit: 2)
            #expect(second.nextCursor == nil)
            let ids = (first.reviews + second.reviews).map(\.id.rawValue)
            #expect(ids.count == 3 && ids == ids.sorted(by: >))
            #expect(throws: StaysError.listingNotFound(ListingID(999))) {
                try s.reviews.reviews(of: ListingID(999), after: nil, limit: 2)
            }
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func importedRatingsAndTextsCombineWithStaysReviews(engine: CatalogFixture.Engine) throws {
            let s = try Self.setting(engine, stays: [stay("2027-03-01", "2027-03-05")])
            try s.fixture.anyWriter.saveImportedRatings(
                ImportedRatings(reviewCount: 10, rating: 4.5, categories: [4.8, nil, 4.9, 5, 4.7, 4.6]), of: ListingID(1))
            var listing = try Self.listingOne(s.fixture)
            #expect(listing.rating == 4.5 && listing.reviewCount == 10)
            #expect(listing.ratingCategories == [4.8, nil, 4.9, 5, 4.7, 4.6])
            let text = NewReview(listingID: ListingID(1), reservationID: nil, author: .guest, source: .imported, rating: nil,
                                 categories: nil, text: "Great host.", language: .en, guestName: "Alex",
                                 stayMonth: YearMonth(year: 2017, month: 7)!, createdAt: Self.imported,
                                 publishOn: date("2017-07-14"), publishedAt: Self.imported)
            try s.fixture.anyWriter.saveImportedReviews([text, text], of: ListingID(1), replacing: true)
            try s.fixture.anyWriter.saveImportedReviews([text], of: ListingID(1), replacing: true)
            s.clock.set("2027-03-05")
            _ = try s.reviews.writeGuestReview(Self.guestDraft(5), reservation: s.stays[0], guest: s.guests[0])
            _ = try s.reviews.writeHostReview(HostReviewDraft(rating: 4, text: ""), reservation: s.stays[0], host: s.host)
            // (4.5 × 10 + 5) / 11 = 4.5454… -> 4.55; accuracy has only the one Stays review.
            listing = try Self.listingOne(s.fixture)
            #expect(listing.rating == 4.55 && listing.reviewCount == 11)
            #expect(listing.ratingCategories == [4.82, nil, 4.91, 5, 4.64, 4.64])
            // The re-import replaced the imported text; the Stays review is listed first (newer).
            let page = try s.reviews.reviews(of: ListingID(1), after: nil, limit: 10).reviews
            #expect(page.map(\.source) == [.stays, .imported] && page.last?.rating == nil)
        }

        /// Several servers at once (threads with their own service over one database): the
        /// guest and the host of each stay writing together still publish the pair, and the
        /// publishing job run everywhere publishes each review once.
        @Test(arguments: CatalogFixture.Engine.available)
        func concurrentWritersPublishPairsAndConcurrentJobsPublishEachReviewOnce(engine: CatalogFixture.Engine) throws {
            let dates = [("2027-03-01", "2027-03-02"), ("2027-03-02", "2027-03-03"), ("2027-03-03", "2027-03-04"),
                         ("2027-03-04", "2027-03-05"), ("2027-03-05", "2027-03-06")]
            let s = try Self.setting(engine, stays: dates.map { stay($0.0, $0.1) })
            s.clock.set("2027-03-06")
            let failures = LockedErrors()
            let (store, clock, stays, guests, host) = (s.fixture.store.reviewStore(), s.clock, s.stays, s.guests, s.host)
            // Stays 0 and 1: guest and host at the same moment.
            DispatchQueue.concurrentPerform(iterations: 4) { task in
                let service = ReviewService(store: store, dateProvider: clock)
                let index = task / 2
                do {
                    if task % 2 == 0 {
                        _ = try service.writeGuestReview(Self.guestDraft(4), reservation: stays[index], guest: guests[index])
                    } else {
                        _ = try service.writeHostReview(HostReviewDraft(rating: 5, text: ""), reservation: stays[index], host: host)
                    }
                } catch { failures.add(error) }
            }
            #expect(failures.all.isEmpty, "\(failures.all)")
            #expect(try s.reviews.reviews(of: ListingID(1), after: nil, limit: 10).reviews.count == 2)
            // Stays 2 to 4: guests only; their window closes, and four servers run the job at once.
            for index in 2..<5 {
                _ = try s.reviews.writeGuestReview(Self.guestDraft(5), reservation: s.stays[index], guest: s.guests[index])
            }
            s.clock.set("2027-03-20")
            let before = try s.fixture.latestSequence()
            let published = LockedErrors()
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                let service = ReviewService(store: store, dateProvider: clock)
                do { published.count(try service.publishDue()) } catch { published.add(error) }
            }
            #expect(published.all.isEmpty && published.total == 3, "\(published.all) \(published.total)")
            #expect(try s.fixture.changeLogRows(after: before).map(\.reason) == ["review", "review", "review"])
            let listing = try Self.listingOne(s.fixture)
            #expect(listing.reviewCount == 5 && listing.rating == 4.6)
        }
    }
}
