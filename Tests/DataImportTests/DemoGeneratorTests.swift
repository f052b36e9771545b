import Testing
import Domain
@testable import DataImport

private let today = CalendarDate(year: 2026, month: 1, day: 10)!

@Suite struct DemoGeneratorTests {
    @Test func sameSeedGivesTheSameSequence() {
        let a = Array(DemoGenerator(seed: 42, listingCount: 50, today: today))
        let b = Array(DemoGenerator(seed: 42, listingCount: 50, today: today))
        #expect(a == b)
        #expect(DemoGenerator(seed: 42, listingCount: 50, today: today).locations
            == DemoGenerator(seed: 7, listingCount: 5, today: today).locations)
        // A listing does not depend on how many come after it.
        #expect(DemoGenerator(seed: 42, listingCount: 10, today: today).listing(at: 9) == a[9])
    }

    @Test func differentSeedsDiffer() {
        let a = Array(DemoGenerator(seed: 1, listingCount: 20, today: today))
        let b = Array(DemoGenerator(seed: 2, listingCount: 20, today: today))
        #expect(a.map(\.template.title) != b.map(\.template.title))
        #expect(a.map(\.template.pricing.basePrice) != b.map(\.template.pricing.basePrice))
    }

    @Test func everyRequiredCityIsPresentWithItsDistricts() {
        let locations = DemoGenerator(seed: 1, listingCount: 0, today: today).locations
        let cities = Set(locations.filter { $0.kind == .city }.map(\.name))
        #expect(cities == ["서울", "부산", "제주", "인천", "대구", "대전", "광주", "울산", "수원", "부천", "의정부",
                           "강릉", "경주", "전주", "여수", "속초"])
        let seoulDistricts = locations.filter { $0.parentKey == "demo:seoul" }
        #expect(seoulDistricts.count == 25)
        #expect(seoulDistricts.allSatisfy { $0.kind == .district && $0.name.hasSuffix("구") })
        #expect(locations.filter { $0.parentKey == "demo:busan" }.count == 16)
        let hongdae = locations.first { $0.name == "홍대" }
        #expect(hongdae?.parentKey == "demo:seoul:mapo-gu")
        #expect(hongdae?.fullName == "서울특별시 마포구 홍대")
        #expect(hongdae?.fullNameEnglish == "Hongdae, Mapo-gu, Seoul")
        #expect(Set(locations.filter { $0.parentKey == "demo:jeju" }.map(\.name)) == ["제주시", "서귀포시"])
        #expect(Set(locations.map(\.externalKey)).count == locations.count)
        // Parents come before children, and coordinates are in Korea.
        var seen: Set<String> = []
        for location in locations {
            if let parent = location.parentKey { #expect(seen.contains(parent)) }
            seen.insert(location.externalKey)
            #expect((33.0...38.7).contains(location.coordinate.latitude))
            #expect((124.5...131.0).contains(location.coordinate.longitude))
        }
    }

    /// Every location's picture is one the server generates, named after its key, each its own.
    @Test func locationPicturesAreServedByStays() throws {
        let generator = DemoGenerator(seed: 1, listingCount: 0, today: today)
        let images = generator.locations.map(\.imageURL)
        #expect(images.contains("/images/locations/seoul.svg"))
        #expect(images.contains("/images/locations/seoul-gangnam-gu.svg"))
        for image in images {
            let path = try #require(image)
            #expect(path.hasPrefix("/images/locations/") && path.hasSuffix(".svg"))
            let name = path.dropFirst("/images/locations/".count).dropLast(4)
            #expect(!name.isEmpty && name.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }, "\(path)")
        }
        #expect(Set(images).count == images.count)
    }

    @Test func invariantsHoldOverManyListings() throws {
        let generator = DemoGenerator(seed: 2026, listingCount: 2_000, today: today)
        let keys = Set(generator.locations.map(\.externalKey))
        var ids: Set<ListingID> = []
        var roomTypes: [RoomType: Int] = [:]
        var cityCounts: [String: Int] = [:]
        var withoutReviews = 0
        let end = today.adding(days: 365)
        for demo in generator {
            let listing = demo.template
            #expect(keys.contains(demo.locationKey))
            #expect(ids.insert(listing.id).inserted)
            #expect(listing.pricing.basePrice > 0 && listing.pricing.basePrice % 1_000 == 0)
            #expect((listing.pricing.weekendPrice ?? 1) > 0)
            #expect(listing.minNights >= 1 && listing.minNights <= listing.maxNights)
            #expect(listing.maxGuests >= 1 && listing.pricing.guestsIncluded <= listing.maxGuests)
            #expect((0...10_000).contains(listing.pricing.weeklyDiscountBasisPoints))
            #expect(listing.pricing.monthlyDiscountBasisPoints == 0
                    || listing.pricing.monthlyDiscountBasisPoints >= listing.pricing.weeklyDiscountBasisPoints)
            #expect(listing.roomType != .hotelRoom || listing.pricing.cleaningFee == 0)
            #expect(listing.currency == .krw && listing.timeZone == "Asia/Seoul")
            #expect(listing.availableUntil == end)
            #expect((listing.rating == nil) == (listing.reviewCount == 0))
            #expect(listing.photoURLs.count >= 3)
            // Pictures the server itself generates (the API's DemoImageRoutes): no outside request.
            #expect(listing.photoURLs == (1...listing.photoURLs.count).map { "/images/listings/\(listing.id.rawValue)/\($0).svg" })
            var previous: CalendarDate?
            for entry in demo.calendar {
                #expect(entry.date >= today && entry.date < end)
                if let previous { #expect(entry.date > previous) }
                previous = entry.date
                #expect((entry.price ?? 1) > 0)
                #expect((entry.minNights ?? 1) >= 1)
            }
            roomTypes[listing.roomType, default: 0] += 1
            cityCounts[String(demo.locationKey.split(separator: ":")[1]), default: 0] += 1
            if listing.reviewCount == 0 { withoutReviews += 1 }
        }
        let large = ids.filter { $0.rawValue > 1 << 53 }.count
        #expect((100...300).contains(large))
        #expect((1_000...1_200).contains(roomTypes[.entireHome] ?? 0))
        #expect((500...700).contains(roomTypes[.privateRoom] ?? 0))
        #expect((cityCounts["seoul"] ?? 0) > (cityCounts["daegu"] ?? 0) * 5)
        #expect((cityCounts["jeju"] ?? 0) > (cityCounts["ulsan"] ?? 0) * 5)
        #expect(withoutReviews > 50 && withoutReviews < 300)
    }

    @Test func calendarsShowBookingsHolidaysAndSummerPeaks() {
        let generator = DemoGenerator(seed: 9, listingCount: 300, today: CalendarDate(year: 2026, month: 6, day: 1)!)
        let chuseok = CalendarDate(year: 2026, month: 9, day: 25)!
        let summer = CalendarDate(year: 2026, month: 8, day: 1)!
        var booked = 0, blocked = 0, holidayOverrides = 0, summerOverrides = 0, closed = 0
        for demo in generator {
            for entry in demo.calendar {
                if entry.status == .booked { booked += 1 }
                if entry.status == .blocked { blocked += 1 }
                if entry.closedToArrival { closed += 1 }
                if entry.date == chuseok, let price = entry.price {
                    holidayOverrides += 1
                    #expect(price > demo.template.pricing.basePrice)
                }
                if entry.date == summer, entry.price != nil { summerOverrides += 1 }
            }
        }
        #expect(booked > 300 * 20)
        #expect(blocked > 0 && closed > 0)
        #expect(holidayOverrides > 150 && summerOverrides > 150)
    }

    @Test func seederWritesEverythingInBatches() throws {
        let writer = FakeCatalogWriter()
        let generator = DemoGenerator(seed: 5, listingCount: 250, today: today)
        var lastProgress = 0
        let summary = try DemoSeeder.seed(generator: generator, writer: writer, batchSize: 100) {
            if case .advanced(let completed) = $0 { lastProgress = completed }
        }
        #expect(summary.listings == 250 && lastProgress == 250)
        #expect(summary.locations == generator.locations.count)
        #expect(writer.state.listings.count == 250)
        #expect(writer.maxListingsPerTransaction == 100)
        #expect(writer.statisticsRefreshes == 1)
        #expect(summary.calendarEntries == writer.state.calendars.values.reduce(0) { $0 + $1.count })
        // Seeding again rewrites the same rows.
        let before = writer.state
        _ = try DemoSeeder.seed(generator: generator, writer: writer, progress: { _ in })
        #expect(writer.state.listings == before.listings)
        #expect(writer.state.locations.mapValues(\.id) == before.locations.mapValues(\.id))
    }
}
