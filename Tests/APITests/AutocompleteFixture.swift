import Domain
import Foundation
import Persistence
import Storage

/// A catalog of its own for the autocomplete tests: places a Korean keyboard and a
/// traveller type, with names that repeat (중구 in Seoul and Busan) and listing counts that
/// order them. Each place gets `listings` listings, so its count is known.
enum AutocompleteFixture {
    static func make(in directory: URL) throws -> DatabasePool {
        let pool = try openCatalogDatabase(path: directory.appendingPathComponent("stays.sqlite").path)
        let writer = SQLiteCatalogWriter(pool: pool)
        var nextListing: Int64 = 5_000
        try writer.transaction {
            func place(_ key: String, _ parent: String?, _ kind: LocationKind, _ name: String, _ english: String,
                       _ fullName: String, _ fullEnglish: String, listings: Int) throws {
                var draft = CatalogFixture.draft(key, parent, kind, name, english, fullName, 37.5, 127.0)
                draft.fullNameEnglish = fullEnglish
                let id = try writer.saveLocation(draft)
                for _ in 0..<listings {
                    nextListing += 1
                    try writer.saveListing(CatalogFixture.listing(ListingID(nextListing), in: id, base: 50_000,
                                                                  at: (37.5, 127.0), pricing: PricingRules(basePrice: 50_000),
                                                                  maxGuests: 2, score: 10))
                }
            }
            try place("seoul", nil, .city, "서울", "Seoul", "서울특별시", "Seoul", listings: 3)
            try place("seoul-jung", "seoul", .district, "중구", "Jung-gu", "서울특별시 중구", "Jung-gu, Seoul", listings: 2)
            try place("myeongdong", "seoul-jung", .neighbourhood, "명동", "Myeong-dong", "서울특별시 중구 명동",
                      "Myeong-dong, Jung-gu, Seoul", listings: 4)
            try place("gangnam", "seoul", .district, "강남구", "Gangnam-gu", "서울특별시 강남구", "Gangnam-gu, Seoul", listings: 3)
            try place("seongsu", "seoul", .neighbourhood, "성수동", "Seongsu-dong", "서울특별시 성수동", "Seongsu-dong, Seoul",
                      listings: 1)
            try place("busan", nil, .city, "부산", "Busan", "부산광역시", "Busan", listings: 1)
            try place("busan-jung", "busan", .district, "중구", "Jung-gu", "부산광역시 중구", "Jung-gu, Busan", listings: 1)
            try place("haeundae", "busan", .district, "해운대구", "Haeundae-gu", "부산광역시 해운대구", "Haeundae-gu, Busan",
                      listings: 2)
            try place("jeju", nil, .city, "제주", "Jeju", "제주특별자치도", "Jeju Province", listings: 3)
            try place("gangneung", nil, .city, "강릉", "Gangneung", "강원특별자치도 강릉시", "Gangneung, Gangwon", listings: 0)
            try place("jumunjin", "gangneung", .neighbourhood, "주문진", "Jumunjin", "강원특별자치도 강릉시 주문진",
                      "Jumunjin, Gangneung, Gangwon", listings: 1)
        }
        try writer.refreshLocationStatistics()
        return pool
    }
}
