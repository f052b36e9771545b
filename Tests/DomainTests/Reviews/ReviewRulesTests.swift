import Testing
@testable import Domain

/// The review rules, each once: the window after checkout (month and year ends, leap
/// years), double-blind visibility, the rating's half-up rounding, the 3-review minimum and
/// the combination of imported ratings with Stays reviews.
@Suite struct ReviewRulesTests {
    func day(_ text: String) -> CalendarDate { CalendarDate(text)! }

    @Test(arguments: [
        ("2026-03-10", "2026-03-24"),  // inside a month
        ("2026-01-25", "2026-02-08"),  // across a month end
        ("2026-12-25", "2027-01-08"),  // across a year end
        ("2024-02-20", "2024-03-05"),  // through a leap day
        ("2023-02-20", "2023-03-06"),  // the same dates without one
        ("2024-02-29", "2024-03-14"),  // from a leap day
        ("2100-02-20", "2100-03-06"),  // 2100 is not a leap year
        ("2000-02-20", "2000-03-05"),  // 2000 is
    ])
    func theWindowClosesFourteenDaysAfterCheckout(checkout: String, closes: String) {
        let window = ReviewWindow(checkout: day(checkout))
        #expect(window.opensOn == day(checkout))
        #expect(window.closesOn == day(closes))
        #expect(window.state(on: day(checkout).adding(days: -1)) == .beforeCheckout)
        #expect(window.state(on: day(checkout)) == .open)
        #expect(window.state(on: day(closes).adding(days: -1)) == .open)
        #expect(window.state(on: day(closes)) == .closed)
        #expect(window.state(on: day(closes).adding(days: 400)) == .closed)
    }

    @Test func aReviewIsVisibleOncePublishedOrOnceTheWindowHasClosed() {
        let closes = day("2026-12-31")
        let published = Instant(millisecondsSinceEpoch: 1)
        #expect(!ReviewVisibility.isVisible(publishedAt: nil, publishOn: closes, today: day("2026-12-30")))
        #expect(ReviewVisibility.isVisible(publishedAt: nil, publishOn: closes, today: closes))
        #expect(ReviewVisibility.isVisible(publishedAt: nil, publishOn: closes, today: day("2027-01-01")))
        #expect(ReviewVisibility.isVisible(publishedAt: published, publishOn: closes, today: day("2026-12-01")))
    }

    @Test func theMeanRoundsHalfUpToTwoDecimals() {
        // 13/3 = 4.333… -> 4.33; 14/3 = 4.666… -> 4.67; 4.125 and 4.375 are exact halves -> up.
        #expect(RatingMean.mean(sumInHundredths: 1_300, count: 3) == 4.33)
        #expect(RatingMean.mean(sumInHundredths: 1_400, count: 3) == 4.67)
        #expect(RatingMean.mean(sumInHundredths: 3_300, count: 8) == 4.13)
        #expect(RatingMean.mean(sumInHundredths: 3_500, count: 8) == 4.38)
        #expect(RatingMean.mean(sumInHundredths: 1_500, count: 3) == 5)
        #expect(RatingMean.hundredths(of: 4.875) == 488 && RatingMean.hundredths(of: 4.87) == 487)
    }

    @Test func theMeanIsNullBelowThreeReviewsButTheCountShows() {
        let two = ListingRating.combine(imported: nil, stays: StaysRatingTally(count: 2, ratingSum: 9, categorySums: [9, 9, 9, 9, 9, 9]))
        #expect(two.rating == nil && two.reviewCount == 2 && two.categories.allSatisfy { $0 == nil })
        let three = ListingRating.combine(imported: nil, stays: StaysRatingTally(count: 3, ratingSum: 13,
                                                                                   categorySums: [15, 14, 13, 12, 11, 10]))
        #expect(three.rating == 4.33 && three.reviewCount == 3)
        #expect(three.categories == [5, 4.67, 4.33, 4, 3.67, 3.33])
    }

    @Test func importedRatingsWeighAsTheirReviewCount() {
        // 10 imported reviews at 4.5 and two Stays reviews of 5 and 3: (45 + 8) / 12 = 4.4166… -> 4.42.
        let imported = ImportedRatings(reviewCount: 10, rating: 4.5, categories: [4.8, nil, 4.9, 5, 4.7, 4.6])
        let combined = ListingRating.combine(imported: imported, stays: StaysRatingTally(count: 2, ratingSum: 8,
                                                                                         categorySums: [10, 8, 10, 10, 10, 10]))
        #expect(combined.rating == 4.42 && combined.reviewCount == 12)
        // Accuracy was not imported: it has only the two Stays reviews, below the minimum.
        #expect(combined.categories[1] == nil)
        // Cleanliness: (48 + 10) / 12 = 4.8333… -> 4.83.
        #expect(combined.categories[0] == 4.83)
        // An import with a count but no scores adds to the count only.
        let unscored = ListingRating.combine(imported: ImportedRatings(reviewCount: 5, rating: nil),
                                             stays: StaysRatingTally(count: 1, ratingSum: 4, categorySums: [4, 4, 4, 4, 4, 4]))
        #expect(unscored.rating == nil && unscored.reviewCount == 6)
        // Imported alone: the imported mean, rounded to hundredths.
        #expect(ListingRating.combine(imported: ImportedRatings(reviewCount: 3, rating: 4.666), stays: StaysRatingTally()).rating == 4.67)
    }

    @Test func categoryScoresAreSixValuesFromOneToFive() {
        #expect(CategoryScores([5, 4, 3, 2, 1, 5]) != nil)
        #expect(CategoryScores([5, 4, 3, 2, 1]) == nil)
        #expect(CategoryScores([5, 4, 3, 2, 1, 6]) == nil)
        #expect(CategoryScores([0, 4, 3, 2, 1, 5]) == nil)
        #expect(CategoryScores([5, 4, 3, 2, 1, 5])![.checkin] == 3)
    }

    @Test func theLanguageIsKoreanWithHangulEnglishWithLatinLettersOnly() {
        #expect(ReviewLanguage.detect("깨끗하고 좋았어요! 5/5") == .ko)
        #expect(ReviewLanguage.detect("Great stay, 10/10 — would return") == .en)
        #expect(ReviewLanguage.detect("Very nice 숙소") == .ko)
        #expect(ReviewLanguage.detect("とても良かった") == nil)
        #expect(ReviewLanguage.detect("") == nil && ReviewLanguage.detect("5/5 !!") == nil)
    }
}
