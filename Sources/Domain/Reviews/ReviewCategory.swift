/// The six things a guest rates besides the stay as a whole, in the order they are shown
/// and stored (`listings.rating_categories` keeps their means in this order).
public enum ReviewCategory: String, CaseIterable, Hashable, Sendable {
    case cleanliness, accuracy, checkin, communication, location, value
}

/// A guest's 1...5 score for every category, in `ReviewCategory.allCases` order.
///
/// Promise: exactly six scores, each 1...5 (the initializer refuses anything else).
public struct CategoryScores: Hashable, Sendable {
    public let scores: [Int]

    /// nil unless `scores` has one value per category, each 1...5.
    public init?(_ scores: [Int]) {
        guard scores.count == ReviewCategory.allCases.count, scores.allSatisfy({ Review.scoreRange.contains($0) }) else {
            return nil
        }
        self.scores = scores
    }

    public subscript(category: ReviewCategory) -> Int {
        scores[ReviewCategory.allCases.firstIndex(of: category)!]
    }
}
