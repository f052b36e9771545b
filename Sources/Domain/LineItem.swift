/// What a line of a price breakdown is for. Raw values are what clients receive.
public enum LineItemKind: String, CaseIterable, Hashable, Sendable {
    case accommodation
    case weeklyDiscount = "weekly_discount"
    case monthlyDiscount = "monthly_discount"
    case cleaningFee = "cleaning_fee"
    case serviceFee = "service_fee"
    case taxes
}

/// One line of a price breakdown. Discounts have negative amounts.
public struct LineItem: Hashable, Sendable {
    public var kind: LineItemKind
    /// Localized, e.g. `₩82,953 x 6박` or `Cleaning fee`.
    public var label: String
    /// Minor units of the quote's currency.
    public var amount: Int64
    public init(kind: LineItemKind, label: String, amount: Int64) {
        self.kind = kind
        self.label = label
        self.amount = amount
    }
}
