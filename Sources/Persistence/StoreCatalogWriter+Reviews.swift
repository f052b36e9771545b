import Domain

// What an import writes of ratings and reviews (`CatalogWriting`), on either engine.
extension StoreCatalogWriter {
    /// Replaces the listing's imported ratings and recomputes its stored rating with its
    /// Stays reviews (`ListingRating.combine`), appending to the change log.
    public func saveImportedRatings(_ ratings: ImportedRatings, of listing: ListingID) throws {
        try write { connection in
            let columns = StoreReviewContext<Engine>.categoryColumns
            try connection.run("""
                INSERT INTO listing_imported_ratings (listing_id, review_count, rating, \(columns.joined(separator: ", "))) \
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (listing_id) DO UPDATE SET \
                review_count = excluded.review_count, rating = excluded.rating, \
                \(columns.map { "\($0) = excluded.\($0)" }.joined(separator: ", "))
                """, .positional([listing.rawValue.storeValue, ratings.reviewCount.storeValue, ratings.rating.storeValue]
                                 + ratings.categories.map(\.storeValue)))
            try StoreReviewContext<Engine>.refreshRating(of: listing, in: connection)
        }
    }

    /// Adds review texts imported with the listing (published at once, no rating); with
    /// `replacing`, the listing's earlier imported texts go first, so a re-import does not
    /// list them twice. Reviews written in Stays are never touched.
    public func saveImportedReviews(_ reviews: [NewReview], of listing: ListingID, replacing: Bool) throws {
        try write { connection in
            if replacing {
                _ = try connection.run("DELETE FROM reviews WHERE listing_id = ? AND source = 'imported'", [listing.rawValue])
            }
            let context = StoreReviewContext<Engine>(connection)
            for review in reviews where review.listingID == listing { _ = try context.insertReview(review) }
        }
    }
}
