import Domain
import Testing

@Suite struct HostListingDraftTests {
    func issues(_ draft: HostListingDraft, base: HostListingContent = HostListingContent(),
                region: String? = nil) -> [ParameterIssue] {
        do {
            _ = try draft.applied(to: base, regionTimeZone: region)
            return []
        } catch {
            guard case .invalidParameters(let issues) = error else { return [] }
            return issues
        }
    }

    @Test func aFullDraftSetsEveryField() throws {
        var draft = HostListingDraft()
        draft.title = .set("  한옥 스테이  ")
        draft.description = .set("북촌의 조용한 한옥")
        draft.locationID = .set(LocationID(7))
        draft.coordinate = .set(Coordinate(latitude: 37.58, longitude: 126.98))
        draft.address = .set("서울 종로구 계동길 1")
        draft.roomType = .set("private_room")
        draft.maxGuests = .set(4)
        draft.bedrooms = .set(2)
        draft.beds = .set(3)
        draft.bathrooms = .set(1.5)
        draft.amenities = .set(["wifi", "kitchen"])
        draft.photos = .set(["https://img.example/1.jpg", "https://img.example/2.jpg"])
        draft.houseRules = .set(["No smoking"])
        draft.currency = .set("usd")
        draft.basePrice = .set(12_000)
        draft.weekendPrice = .set(15_000)
        draft.cleaningFee = .set(3_000)
        draft.extraGuestFee = .set(1_000)
        draft.guestsIncluded = .set(2)
        draft.weeklyDiscountBasisPoints = .set(1000)
        draft.monthlyDiscountBasisPoints = .set(2500)
        draft.minNights = .set(2)
        draft.maxNights = .set(30)
        draft.checkinTime = .set("16:00")
        draft.checkoutTime = .set("10:30")
        draft.cancellationPolicy = .set("strict")
        draft.instantBook = .set(false)
        draft.availabilityWindowDays = .set(180)
        let content = try draft.applied(to: HostListingContent(timeZone: "UTC"), regionTimeZone: "Asia/Seoul", isNew: true)
        #expect(content.title == "한옥 스테이")
        #expect(content.locationID == LocationID(7) && content.timeZone == "Asia/Seoul")
        #expect(content.roomType == .privateRoom && content.bathrooms == 1.5)
        #expect(content.photos == ["https://img.example/1.jpg", "https://img.example/2.jpg"])
        #expect(content.currency == CurrencyCode(rawValue: "USD"))
        #expect(content.pricing == PricingRules(basePrice: 12_000, weekendPrice: 15_000, extraGuestFee: 1_000,
                                                guestsIncluded: 2, cleaningFee: 3_000, weeklyDiscountBasisPoints: 1000,
                                                monthlyDiscountBasisPoints: 2500))
        #expect(content.minNights == 2 && content.maxNights == 30 && content.availabilityWindowDays == 180)
        #expect(content.checkinTime == "16:00" && content.checkoutTime == "10:30")
        #expect(content.cancellationPolicy == .strict && !content.instantBook)
    }

    @Test func defaultsAreThoseOfTheIssue() {
        let content = HostListingContent()
        #expect(content.instantBook && content.currency == .krw && content.timeZone == "Asia/Seoul")
        #expect(content.basePrice == nil && content.pricing == nil)
    }

    @Test func aSentTimeZoneWinsOverTheRegionsAndAPatchKeepsTheZone() throws {
        var draft = HostListingDraft()
        draft.locationID = .set(LocationID(7))
        draft.timeZone = .set("Asia/Tokyo")
        #expect(try draft.applied(to: HostListingContent(), regionTimeZone: "Asia/Seoul", isNew: true).timeZone == "Asia/Tokyo")
        draft.timeZone = .absent
        #expect(try draft.applied(to: HostListingContent(timeZone: "Europe/Paris"), regionTimeZone: "Asia/Seoul").timeZone
                    == "Europe/Paris")
    }

    @Test func everyBadFieldIsNamedInOneError() {
        var draft = HostListingDraft()
        draft.title = .set("   ")
        draft.description = .set(String(repeating: "x", count: 5001))
        draft.locationID = .set(LocationID(99))
        draft.coordinate = .set(Coordinate(latitude: 91, longitude: 0))
        draft.roomType = .set("castle")
        draft.maxGuests = .set(0)
        draft.bedrooms = .set(-1)
        draft.bathrooms = .set(1.25)
        draft.amenities = .set(["wifi", "wifi", ""])
        draft.photos = .set(["http://img.example/1.jpg", "https://img.example/ok.jpg", "not a url"])
        draft.timeZone = .set("Mars/Olympus")
        draft.currency = .set("XXX")
        draft.basePrice = .set(-1)
        draft.cleaningFee = .null
        draft.extraGuestFee = .set(Money.maximumAmount + 1)
        draft.weeklyDiscountBasisPoints = .set(10_001)
        draft.minNights = .set(0)
        draft.checkinTime = .set("24:00")
        draft.checkoutTime = .set("9:00")
        draft.cancellationPolicy = .set("lenient")
        draft.instantBook = .null
        draft.availabilityWindowDays = .set(0)
        #expect(issues(draft).map(\.name) == [
            "title", "description", "locationId", "coordinate", "roomType", "maxGuests", "bedrooms", "bathrooms",
            "amenities[1]", "amenities[2]", "photos[0]", "photos[2]", "timeZone", "currency", "basePrice",
            "cleaningFee", "extraGuestFee", "weeklyDiscountBasisPoints", "minNights", "checkinTime", "checkoutTime",
            "cancellationPolicy", "instantBook", "availabilityWindowDays",
        ])
        #expect(issues(draft).first { $0.name == "photos[0]" }?.reason == "must be an https URL")
        #expect(issues(draft).first { $0.name == "cleaningFee" }?.reason == "must not be null")
    }

    @Test func photosAreOrderedAndBounded() throws {
        var draft = HostListingDraft()
        let urls = (1...50).map { "https://img.example/\($0).jpg" }
        draft.photos = .set(urls.reversed())
        #expect(try draft.applied(to: HostListingContent(), regionTimeZone: nil).photos == urls.reversed())
        draft.photos = .set(urls + ["https://img.example/51.jpg"])
        #expect(issues(draft) == [ParameterIssue(name: "photos", reason: "must have at most 50 URLs")])
        draft.photos = .set(["https://" + String(repeating: "a", count: 2048)])
        #expect(issues(draft).map(\.name) == ["photos[0]"])
        draft.photos = .set(["https:///no-host.jpg", "HTTPS://IMG.EXAMPLE/A.JPG"])
        #expect(issues(draft).map(\.name) == ["photos[0]"])
    }

    @Test func timeZonesAreIANANames() {
        for good in ["Asia/Seoul", "America/Argentina/Buenos_Aires", "Etc/GMT-9", "UTC", "Europe/London"] {
            #expect(HostListingDraft.isIANATimeZone(good), "\(good)")
        }
        for bad in ["GMT+0900", "EST", "KST", "asia/seoul", "Asia/Nowhere", "", "Asia/"] {
            #expect(!HostListingDraft.isIANATimeZone(bad), "\(bad)")
        }
    }

    @Test func clockTimes() {
        for good in ["00:00", "23:59", "09:05"] { #expect(HostListingDraft.isClockTime(good)) }
        for bad in ["24:00", "12:60", "9:00", "09:5", "0900", "ab:cd", "09:00 ", "-1:00"] {
            #expect(!HostListingDraft.isClockTime(bad), "\(bad)")
        }
    }

    @Test func aPatchAppliesOnlyTheFieldsSentAndNullClearsNullableOnes() throws {
        var base = HostListingContent()
        base.title = "Old"
        base.basePrice = 50_000
        base.weekendPrice = 70_000
        base.bedrooms = 2
        var patch = HostListingDraft()
        patch.weekendPrice = .null
        patch.bedrooms = .null
        let merged = try patch.applied(to: base, regionTimeZone: nil)
        var expected = base
        expected.weekendPrice = nil
        expected.bedrooms = nil
        #expect(merged == expected)
        #expect(try HostListingDraft().applied(to: base, regionTimeZone: nil) == base)
    }

    @Test func theMergedListingIsValidatedAsAWhole() {
        var base = HostListingContent()
        base.minNights = 3
        base.maxNights = 10
        base.maxGuests = 4
        base.guestsIncluded = 3
        var patch = HostListingDraft()
        patch.maxNights = .set(2)
        #expect(issues(patch, base: base) == [ParameterIssue(name: "maxNights", reason: "minNights (3) must not exceed maxNights (2)")])
        patch = HostListingDraft()
        patch.minNights = .set(11)
        #expect(issues(patch, base: base).map(\.name) == ["minNights"])
        patch = HostListingDraft()
        patch.maxGuests = .set(2)
        #expect(issues(patch, base: base) == [ParameterIssue(name: "maxGuests", reason: "guestsIncluded (3) must not exceed maxGuests (2)")])
        patch.guestsIncluded = .set(2)
        #expect(issues(patch, base: base).isEmpty)
    }

    @Test func publishingNeedsATitlePhotosAPriceALocationAndAVerifiedEmail() {
        var content = HostListingContent()
        #expect(PublishRequirements.missing(content, emailVerified: false) == PublishRequirement.allCases)
        content.title = "Stay"
        content.photos = ["https://img.example/1.jpg"]
        content.basePrice = 0
        content.locationID = LocationID(1)
        #expect(PublishRequirements.missing(content, emailVerified: true) == [.location])
        content.coordinate = Coordinate(latitude: 37.5, longitude: 127)
        #expect(PublishRequirements.missing(content, emailVerified: true).isEmpty)
        #expect(PublishRequirements.missing(content, emailVerified: false) == [.verifiedEmail])
        #expect(PublishRequirement.verifiedEmail.rawValue == "verifiedEmail")
    }
}

@Suite struct HostListingCatalogTests {
    @Test func aPublishableListingBecomesTheCatalogsListingWithItsWindow() throws {
        var content = HostListingContent(timeZone: "Asia/Seoul")
        content.title = "Hanok"
        content.photos = ["https://img.example/1.jpg"]
        content.basePrice = 90_000
        content.cleaningFee = 10_000
        content.locationID = LocationID(3)
        content.coordinate = Coordinate(latitude: 37.5, longitude: 127)
        content.availabilityWindowDays = 90
        content.cancellationPolicy = .flexible
        var listing = HostListing(id: ListingID(5), host: AccountID(1), status: .published, content: content, version: 3,
                                  createdAt: Instant(millisecondsSinceEpoch: 0), updatedAt: Instant(millisecondsSinceEpoch: 0))
        let host = Host(name: "민지", isSuperhost: false, since: nil)
        let catalog = try #require(listing.catalogListing(host: host, today: date("2027-03-01")))
        #expect(catalog.id == ListingID(5) && catalog.locationID == LocationID(3) && catalog.title == "Hanok")
        #expect(catalog.pricing == PricingRules(basePrice: 90_000, cleaningFee: 10_000))
        #expect(catalog.availableUntil == date("2027-05-30") && catalog.cancellationPolicy == .flexible)
        #expect(catalog.rating == nil && catalog.reviewCount == 0 && catalog.photoURLs == content.photos)
        listing.content.basePrice = nil
        #expect(listing.catalogListing(host: host, today: date("2027-03-01")) == nil)
    }
}
