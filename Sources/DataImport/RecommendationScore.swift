import Foundation

/// The `recommended` sort key for imported and generated listings: deterministic, 0...1000.
///
/// - rating: up to 600 (rating / 5 × 600); a listing without reviews gets a neutral 300.
/// - reviews: up to 300, growing with log2(1 + reviews) × 30, so the first reviews count most.
/// - superhost: +100.
public enum RecommendationScore {
    public static func compute(rating: Double?, reviewCount: Int, isSuperhost: Bool) -> Int {
        let ratingPart = rating.map { Int((min(max($0, 0), 5) / 5 * 600).rounded()) } ?? 300
        let reviewPart = min(300, Int((log2(Double(1 + max(0, reviewCount))) * 30).rounded()))
        return ratingPart + reviewPart + (isSuperhost ? 100 : 0)
    }
}
