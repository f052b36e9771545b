/// The line items and total of a stay, from its accommodation total.
///
/// Rules, applied in this order (each line rounded half-up on its own; the total is the
/// exact sum of the lines, so clients can add them up and get the total):
/// 1. `accommodation`: the sum of the nightly prices.
/// 2. A length-of-stay discount on accommodation, negative:
///    `monthly_discount` when nights >= 28 and the monthly rate > 0; otherwise
///    `weekly_discount` when nights >= 7 and the weekly rate > 0 (so a 28+ night stay of a
///    listing with only a weekly rate still gets the weekly discount). At most one.
/// 3. `cleaning_fee` when non-zero.
/// 4. `service_fee`: the configured rate of accommodation + discount + cleaning fee.
/// 5. `taxes`: the configured rate of the service fee.
///
/// `/listings` totals and `/quote` totals both come from here, so they agree exactly.
public struct PriceBreakdown: Hashable, Sendable {
    public var lineItems: [LineItem]
    public var total: Int64
    public var averageNightlyPrice: Int64

    public init(accommodation: Int64, nights: Int, rules: PricingRules, currency: CurrencyCode,
                configuration: PricingConfiguration = .standard, language: Language = .ko) {
        precondition(nights >= 1, "a stay has at least one night")
        let average = Self.averageNightlyPrice(accommodation: accommodation, nights: nights)
        let amounts = Amounts(accommodation: accommodation, nights: nights, rules: rules, configuration: configuration)
        func item(_ kind: LineItemKind, _ amount: Int64) -> LineItem {
            LineItem(kind: kind, label: Self.label(for: kind, averageNightlyPrice: average, nights: nights,
                                                   currency: currency, language: language), amount: amount)
        }
        var items = [item(.accommodation, accommodation)]
        if let kind = amounts.discountKind { items.append(item(kind, amounts.discount)) }
        if rules.cleaningFee != 0 { items.append(item(.cleaningFee, rules.cleaningFee)) }
        items.append(item(.serviceFee, amounts.serviceFee))
        items.append(item(.taxes, amounts.taxes))
        self.lineItems = items
        self.total = items.reduce(0) { $0 + $1.amount }
        self.averageNightlyPrice = average
    }

    /// The total alone, without labels or line items, for search results (up to 50 per
    /// page): the same amounts as the line items, so it equals `init(...).total`.
    public static func total(accommodation: Int64, nights: Int, rules: PricingRules,
                             configuration: PricingConfiguration = .standard) -> Int64 {
        precondition(nights >= 1, "a stay has at least one night")
        let amounts = Amounts(accommodation: accommodation, nights: nights, rules: rules, configuration: configuration)
        return accommodation + amounts.discount + rules.cleaningFee + amounts.serviceFee + amounts.taxes
    }

    /// Every amount but the accommodation, by the rules above.
    private struct Amounts {
        var discountKind: LineItemKind?
        var discount: Int64 = 0
        var serviceFee: Int64
        var taxes: Int64

        init(accommodation: Int64, nights: Int, rules: PricingRules, configuration: PricingConfiguration) {
            if nights >= 28, rules.monthlyDiscountBasisPoints > 0 {
                discountKind = .monthlyDiscount
                discount = -Rounding.applying(basisPoints: rules.monthlyDiscountBasisPoints, to: accommodation)
            } else if nights >= 7, rules.weeklyDiscountBasisPoints > 0 {
                discountKind = .weeklyDiscount
                discount = -Rounding.applying(basisPoints: rules.weeklyDiscountBasisPoints, to: accommodation)
            }
            serviceFee = Rounding.applying(basisPoints: configuration.serviceFeeBasisPoints,
                                           to: accommodation + discount + rules.cleaningFee)
            taxes = Rounding.applying(basisPoints: configuration.taxBasisPoints, to: serviceFee)
        }
    }

    /// Accommodation / nights, rounded half-up: the average the accommodation line's label
    /// and `Quote.averageNightlyPrice` show.
    public static func averageNightlyPrice(accommodation: Int64, nights: Int) -> Int64 {
        Rounding.divide(accommodation, by: Int64(nights))
    }

    /// The label of a line of `kind`, e.g. `₩82,953 x 6박` or `Cleaning fee`: the one place
    /// line item labels are made, for quotes and for reservations read back later.
    public static func label(for kind: LineItemKind, averageNightlyPrice: Int64, nights: Int, currency: CurrencyCode,
                             language: Language) -> String {
        let korean = language == .ko
        switch kind {
        case .accommodation:
            let average = Money(averageNightlyPrice, currency).formatted
            return korean ? "\(average) x \(nights)박" : "\(average) x \(nights) night\(nights == 1 ? "" : "s")"
        case .weeklyDiscount: return korean ? "주 단위 요금 할인" : "Weekly stay discount"
        case .monthlyDiscount: return korean ? "월 단위 요금 할인" : "Monthly stay discount"
        case .cleaningFee: return korean ? "청소비" : "Cleaning fee"
        case .serviceFee: return korean ? "서비스 수수료" : "Service fee"
        case .taxes: return korean ? "숙박세와 수수료" : "Taxes"
        }
    }
}
