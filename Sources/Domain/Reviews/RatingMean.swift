/// A listing's rating as every screen shows it: the mean of its published overall ratings,
/// rounded half-up to 2 decimals, and null until at least `minimumCount` ratings are
/// published; the count is shown regardless.
///
/// Ratings imported from another platform (Inside Airbnb's `review_scores_*`, already a
/// mean over `number_of_reviews` reviews) and reviews written in Stays are combined by one
/// rule, `ListingRating.combine`: the imported mean weighs as that many reviews, each
/// Stays review as one, so the result is the mean over all of them:
///
///     rating = round½↑((importedMean × importedCount + Σ staysRatings) / (importedCount + staysCount), 2)
///
/// computed in exact integer hundredths (the imported mean is first rounded half-up to
/// hundredths). The same rule gives each category's mean; an imported category that the
/// file left empty weighs nothing in that category.
public enum RatingMean {
    /// Fewer published ratings than this: the mean is null.
    public static let minimumCount = 3

    /// `numerator / denominator` in hundredths, rounded half-up; both non-negative,
    /// `denominator` positive.
    static func hundredths(numeratorInHundredths numerator: Int64, count denominator: Int64) -> Int64 {
        (2 * numerator + denominator) / (2 * denominator)
    }

    /// A 0...5 value as whole hundredths, rounded half-up (4.875 -> 488).
    public static func hundredths(of value: Double) -> Int64 {
        Int64((value * 100 + 0.5).rounded(.down))
    }

    /// The mean of `count` ratings whose sum is `sumInHundredths`, as a 2-decimal value;
    /// nil below `minimumCount`.
    public static func mean(sumInHundredths: Int64, count: Int64) -> Double? {
        guard count >= Int64(minimumCount) else { return nil }
        return Double(hundredths(numeratorInHundredths: sumInHundredths, count: count)) / 100
    }
}

extension Listing {
    /// The listing's stored rating, count and category means.
    public var ratingSummary: ListingRating {
        ListingRating(rating: rating, reviewCount: reviewCount, storedCategories: ratingCategories)
    }
}

extension ListingRating {
    /// From a listing's stored values: categories nil (none stored) is each category without
    /// a mean.
    public init(rating: Double?, reviewCount: Int, storedCategories: [Double?]?) {
        self.init(rating: rating, reviewCount: reviewCount,
                  categories: storedCategories ?? Array(repeating: nil, count: ReviewCategory.allCases.count))
    }
}

/// What an import knows of a listing's ratings elsewhere: how many reviews, their overall
/// mean and each category's mean on a 0...5 scale (nil where the file has none).
public struct ImportedRatings: Hashable, Sendable {
    public var reviewCount: Int
    public var rating: Double?
    /// In `ReviewCategory.allCases` order; always six values.
    public var categories: [Double?]

    public init(reviewCount: Int, rating: Double?, categories: [Double?] = Array(repeating: nil, count: 6)) {
        precondition(categories.count == ReviewCategory.allCases.count, "one value per category")
        self.reviewCount = reviewCount
        self.rating = rating
        self.categories = categories
    }
}

/// The published Stays reviews of a listing, summed: how many, and the sums of their
/// overall and category ratings.
public struct StaysRatingTally: Hashable, Sendable {
    public var count: Int
    public var ratingSum: Int
    /// In `ReviewCategory.allCases` order.
    public var categorySums: [Int]

    public init(count: Int = 0, ratingSum: Int = 0, categorySums: [Int] = Array(repeating: 0, count: 6)) {
        self.count = count
        self.ratingSum = ratingSum
        self.categorySums = categorySums
    }
}

/// A listing's rating, review count and category means, as stored on the listing and shown
/// wherever the listing is (cards, detail, map pins, wishlist).
public struct ListingRating: Hashable, Sendable {
    /// 0...5 with 2 decimals; nil below `RatingMean.minimumCount` ratings.
    public var rating: Double?
    public var reviewCount: Int
    /// In `ReviewCategory.allCases` order; each nil below the minimum count of that category.
    public var categories: [Double?]

    public init(rating: Double?, reviewCount: Int, categories: [Double?]) {
        self.rating = rating
        self.reviewCount = reviewCount
        self.categories = categories
    }

    /// The combination rule (see `RatingMean`).
    public static func combine(imported: ImportedRatings?, stays: StaysRatingTally) -> ListingRating {
        let importedCount = Int64(imported?.reviewCount ?? 0)
        func mean(_ importedMean: Double?, _ staysSum: Int) -> Double? {
            let weight = importedMean == nil ? 0 : importedCount
            let sum = (importedMean.map(RatingMean.hundredths(of:)) ?? 0) * weight + Int64(staysSum) * 100
            return RatingMean.mean(sumInHundredths: sum, count: weight + Int64(stays.count))
        }
        let categories = ReviewCategory.allCases.indices.map { index in
            mean(imported?.categories[index], stays.categorySums.indices.contains(index) ? stays.categorySums[index] : 0)
        }
        return ListingRating(rating: mean(imported?.rating, stays.ratingSum),
                             reviewCount: Int(importedCount) + stays.count, categories: categories)
    }
}
