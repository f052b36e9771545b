import Testing
import Domain
@testable import DataImport

/// Ratings and review texts an import reads: `number_of_reviews` and `review_scores_*` on both
/// of Inside Airbnb's scales, and `reviews.csv`.
@Suite struct ReviewImportTests {
    static let options = ImportOptions(currency: CurrencyCode(rawValue: "SGD"), timeZone: "Asia/Singapore",
                                       cityName: "Singapore")

    func importSingapore(into writer: FakeCatalogWriter, reviews: String? = nil) throws -> ImportSummary {
        var options = Self.options
        options.reviewsFile = reviews
        return try Importer().import(listingsFile: Fixtures.singapore + "/listings_detailed.csv", calendarFile: nil,
                                     options: options, writer: writer, progress: { _ in })
    }

    @Test func theRealSampleKeepsItsRatingsApartWithEveryCategory() throws {
        let writer = FakeCatalogWriter()
        _ = try importSingapore(into: writer)
        // Listing 71609: 20 reviews, 4.44 overall (newer files: every score 0-5).
        let ratings = try #require(writer.state.importedRatings[ListingID(71_609)])
        #expect(ratings.reviewCount == 20 && ratings.rating == 4.44)
        // cleanliness, accuracy, checkin, communication, location, value.
        #expect(ratings.categories == [4.0, 4.37, 4.63, 4.78, 4.26, 4.32])
        // A listing without reviews has nothing to weigh.
        let none = try #require(writer.state.importedRatings[ListingID(542_953_504_353_473_979)])
        #expect(none.reviewCount == 0 && none.rating == nil && none.categories.allSatisfy { $0 == nil })
        #expect(writer.state.importedRatings.count == writer.state.listings.count)
    }

    @Test func olderFilesScoresOnTheHundredAndTenPointScalesBecomeFivePointMeans() throws {
        func scores(_ values: [String: String]) throws -> (Double?, [Double?]) {
            try InsideAirbnbListingRow.reviewScores { values[$0] ?? "" }
        }
        let old = try scores(["review_scores_rating": "89", "review_scores_cleanliness": "9", "review_scores_accuracy": "10",
                              "review_scores_checkin": "8", "review_scores_value": "7"])
        #expect(old.0 == 4.45 && old.1 == [4.5, 5, 4, nil, nil, 3.5])
        let new = try scores(["review_scores_rating": "4.89", "review_scores_cleanliness": "4.9"])
        #expect(new.0 == 4.89 && new.1 == [4.9, nil, nil, nil, nil, nil])
        #expect(throws: InsideAirbnbListingRow.Rejection.self) { try scores(["review_scores_rating": "101"]) }
        // On the new scale a category above 5 is an error, not an old-scale value.
        #expect(throws: InsideAirbnbListingRow.Rejection.self) {
            try scores(["review_scores_rating": "4.5", "review_scores_value": "9"])
        }
    }

    @Test func reviewTextsBecomePublishedImportedReviews() throws {
        let file = try TemporaryFile.write(#"""
            listing_id,id,date,reviewer_id,reviewer_name,comments
            71609,1,2019-03-02,11,Minji Kim,"깨끗하고 조용했어요.<br/>다시 올게요!"
            71609,2,2023-08-30,12,Alex,"Great host.<br/><br/>Would stay again, ""really"""
            99,3,2023-08-30,13,Nobody,"not an imported listing"
            71609,4,not-a-date,14,Bad,"skipped"

            """#)
        defer { TemporaryFile.remove(file) }
        let writer = FakeCatalogWriter()
        let summary = try importSingapore(into: writer, reviews: file)
        let reviews = try #require(writer.state.importedReviews[ListingID(71_609)])
        #expect(summary.reviewsImported == 2 && reviews.count == 2)
        #expect(reviews[0].text == "깨끗하고 조용했어요.\n다시 올게요!" && reviews[0].language == .ko)
        #expect(reviews[0].guestName == "Minji" && reviews[0].stayMonth.description == "2019-03")
        #expect(reviews[1].text.hasPrefix("Great host.\n") && reviews[1].text.hasSuffix(#"Would stay again, "really""#))
        #expect(reviews[1].language == .en)
        #expect(reviews.allSatisfy { $0.source == .imported && $0.rating == nil && $0.publishedAt == $0.createdAt })
        #expect(writer.state.importedReviews[ListingID(99)] == nil)
        #expect(summary.issues.map(\.file) == [.reviews])
    }
}
