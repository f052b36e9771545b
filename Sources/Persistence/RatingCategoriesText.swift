import Domain

/// `listings.rating_categories`: a listing's category means as six whole hundredths joined
/// by commas, in `ReviewCategory` order, empty where a mean is null ("485,490,,470,500,480");
/// the column is NULL when every mean is null. Hundredths keep the 2-decimal values exact.
enum RatingCategoriesText {
    static func encode(_ means: [Double?]?) -> String? {
        guard let means, means.contains(where: { $0 != nil }) else { return nil }
        return means.map { $0.map { String(RatingMean.hundredths(of: $0)) } ?? "" }.joined(separator: ",")
    }

    /// nil for NULL and for text that is not six such fields (never written by `encode`).
    static func decode(_ text: String?) -> [Double?]? {
        guard let text else { return nil }
        let fields = text.split(separator: ",", omittingEmptySubsequences: false)
        guard fields.count == ReviewCategory.allCases.count else { return nil }
        var means: [Double?] = []
        for field in fields {
            if field.isEmpty { means.append(nil); continue }
            guard let hundredths = Int64(field), (0...500).contains(hundredths) else { return nil }
            means.append(Double(hundredths) / 100)
        }
        return means
    }
}
