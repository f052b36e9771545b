import Domain
import Testing

@Suite struct AmenityCodeTests {
    @Test func codesAreStableSnakeCaseAndFitOneWord() {
        #expect(AmenityCode.allCases.count <= 64)
        #expect(Set(AmenityCode.allCases.map(\.bit)).count == AmenityCode.allCases.count)
        for code in AmenityCode.allCases {
            #expect(code.rawValue.allSatisfy { $0.isLowercase || $0 == "_" }, "\(code.rawValue)")
            #expect(!code.koreanName.isEmpty && !code.englishName.isEmpty)
            #expect(AmenityCode.codes(of: [code.rawValue, code.koreanName, code.englishName]) == [code], "\(code)")
        }
        // The codes clients already store.
        #expect(AmenityCode.wifi.rawValue == "wifi" && AmenityCode.freeParking.rawValue == "free_parking"
                && AmenityCode.petsAllowed.rawValue == "pets_allowed" && AmenityCode.kitchen.rawValue == "kitchen")
    }

    @Test(arguments: [
        ("와이파이", [AmenityCode.wifi]), ("Wifi", [.wifi]), ("Fast wifi – 300 Mbps", [.wifi]), ("Wifi – 7 Mbps", [.wifi]),
        ("Kitchen", [.kitchen]), ("Kitchenette", []), ("무료 주차", [.freeParking]), ("Free parking on premises", [.freeParking]),
        ("Free street parking", [.freeParking]), ("Paid parking off premises", [.paidParking]),
        ("Pool", [.pool]), ("Pool view", []), ("Pool table", []), ("Shared outdoor pool - available all year", [.pool]),
        ("Washer –\u{a0}In unit", [.washer]), ("Free dryer – In unit", [.dryer]), ("Hair dryer", [.hairDryer]),
        ("Hot tub", [.hotTub]), ("Bathtub", [.bathtub]), ("반려동물 동반 가능", [.petsAllowed]), ("Pets allowed", [.petsAllowed]),
        ("바다 전망", [.seaView]), ("TV with standard cable", [.tv]), ("넷플릭스", []), ("", []),
        // Case and spacing as written: not a looser match than SQL's.
        ("WIFI", []), ("wifi ", []), ("Pets Allowed", []),
    ])
    func displayStringsMapToCodes(amenity: String, codes: [AmenityCode]) {
        #expect(AmenityCode.codes(of: [amenity]) == Set(codes))
        #expect(AmenityCode.mask(of: amenity) == AmenityCode.mask(Set(codes)))
    }

    @Test func theFilterRuleAsksForEveryAmenityAndEachMinimum() {
        let listing = ListingAttributes(amenities: ["Wifi", "주방"], instantBook: false, bedrooms: 2, beds: nil,
                                        bathrooms: 1.5, isSuperhost: true, cancellationPolicy: .moderate)
        let stay = Stay(checkin: CalendarDate("2027-03-11")!, checkout: CalendarDate("2027-03-13")!)
        #expect(ListingAttributeFilter().admits(listing, stay: stay))
        #expect(ListingAttributeFilter(amenities: [.wifi, .kitchen]).admits(listing, stay: stay))
        #expect(!ListingAttributeFilter(amenities: [.wifi, .pool]).admits(listing, stay: stay))
        #expect(!ListingAttributeFilter(instantBookOnly: true).admits(listing, stay: stay))
        #expect(ListingAttributeFilter(superhostOnly: true).admits(listing, stay: stay))
        #expect(ListingAttributeFilter(minBedrooms: 2).admits(listing, stay: stay))
        #expect(!ListingAttributeFilter(minBedrooms: 3).admits(listing, stay: stay))
        #expect(!ListingAttributeFilter(minBeds: 1).admits(listing, stay: stay))  // unknown: left out
        #expect(ListingAttributeFilter(minBathrooms: 1.5).admits(listing, stay: stay))
        #expect(!ListingAttributeFilter(minBathrooms: 2).admits(listing, stay: stay))
        // Moderate: free until 5 days before check-in (2027-03-06).
        #expect(ListingAttributeFilter(freeCancellationOn: CalendarDate("2027-03-06")!).admits(listing, stay: stay))
        #expect(!ListingAttributeFilter(freeCancellationOn: CalendarDate("2027-03-07")!).admits(listing, stay: stay))
        // Without a stay there is no check-in to count from: the filter asks nothing.
        #expect(ListingAttributeFilter(freeCancellationOn: CalendarDate("2027-03-07")!).admits(listing, stay: nil))
        #expect(ListingAttributeFilter(freeCancellationOn: CalendarDate("2027-03-07")!).freeCancellationPolicies(stay: stay)
                == [.flexible])
    }
}
