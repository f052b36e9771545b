import Domain

/// The demo catalog's reviews, made from the listing alone (its id, rating and count) and
/// `today`, so a seed is reproducible: the listing's ratings as if imported (its count and
/// mean, and category means close to it) and its three newest review texts, in Korean and
/// English, each rated near the listing's mean. The texts are `ReviewSource.imported`, as
/// imported texts are: already counted in the listing's review count.
enum DemoReviews {
    static let korean = [
        "역에서 가깝고 깨끗했어요. 호스트님이 친절하게 안내해 주셨습니다.",
        "사진과 똑같아요! 침구가 포근해서 푹 잤습니다. 다음에 또 올게요.",
        "조용한 동네라 쉬기 좋았어요. 주변에 맛집도 많아요.",
        "체크인이 간편했고 필요한 물건이 다 있었어요.",
        "뷰가 정말 좋아요. 다만 주차가 조금 불편했어요.",
        "가족 여행으로 딱 좋은 크기였어요. 아이들도 좋아했습니다.",
    ]
    static let english = [
        "Spotless, quiet and close to the subway. The host answered within minutes.",
        "Exactly as pictured. Comfortable bed and a great neighbourhood for food.",
        "Easy self check-in and everything we needed for a week. Would stay again.",
        "Lovely view from the window. The street can be a little noisy at night.",
        "Great value for Seoul. The host left helpful notes about the area.",
        "Cozy place, friendly host, and the café downstairs is excellent.",
    ]
    static let names = ["민지", "서준", "지우", "하은", "Emma", "Liam", "Sophie", "Daniel", "유나", "Chen"]

    /// The listing's imported ratings: its count and mean, and each category within ±0.2 of it.
    static func ratings(of listing: Listing) -> ImportedRatings {
        guard let rating = listing.rating, listing.reviewCount > 0 else {
            return ImportedRatings(reviewCount: listing.reviewCount, rating: nil)
        }
        var rng = SplitMix64(seed: UInt64(bitPattern: listing.id.rawValue) &* 0x9E37_79B9)
        let categories = ReviewCategory.allCases.map { _ -> Double? in
            let offset = Double(Int(rng.next() % 41) - 20) / 100
            return (min(5, max(1, rating + offset)) * 100).rounded() / 100
        }
        return ImportedRatings(reviewCount: listing.reviewCount, rating: rating, categories: categories)
    }

    /// Up to three review texts, newest 9 days before `today` and then a month apart.
    static func texts(of listing: Listing, today: CalendarDate) -> [NewReview] {
        guard let rating = listing.rating else { return [] }
        var rng = SplitMix64(seed: UInt64(bitPattern: listing.id.rawValue) &+ 0x5EED)
        return (0..<min(3, listing.reviewCount)).map { index in
            let korean = rng.next() % 3 != 0
            let pool = korean ? Self.korean : Self.english
            let text = pool[Int(rng.next() % UInt64(pool.count))]
            let day = today.adding(days: -9 - 30 * index - Int(rng.next() % 7))
            let instant = Instant(millisecondsSinceEpoch: Int64(day.daysSinceEpoch) * 86_400_000 + 36_000_000)
            let score = min(5, max(1, Int(rating.rounded()) - (rng.next() % 5 == 0 ? 1 : 0)))
            return NewReview(
                listingID: listing.id, reservationID: nil, author: .guest, source: .imported, rating: score,
                categories: nil, text: text, language: korean ? .ko : .en,
                guestName: names[Int(rng.next() % UInt64(names.count))], stayMonth: YearMonth(day.adding(days: -3)),
                createdAt: instant, publishOn: day, publishedAt: instant)
        }
    }
}
