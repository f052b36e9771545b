/// What a guest gets back when they cancel a reservation, from the reservation's frozen
/// prices and its cancellation policy.
///
/// "Days before check-in" is `cancelledOn.days(until: stay.checkin)`, where `cancelledOn`
/// is today's date in the listing's time zone (so 0 on the check-in day, negative once the
/// stay has begun). With A the accommodation, D the length-of-stay discount (negative or
/// zero) and C the cleaning fee, as paid:
///
/// | policy | days before check-in | refunded |
/// | --- | --- | --- |
/// | flexible | >= 1 | everything |
/// | flexible | <= 0 | A + D minus the first night's price (at least 0), and C |
/// | moderate | >= 5 | everything |
/// | moderate | <= 4 | half of A + D for the nights not yet begun (dates >= `cancelledOn`), and C |
/// | strict | >= 14 | everything |
/// | strict | 7...13 | half of A + D, and C |
/// | strict | <= 6 | nothing |
///
/// The service fee and its taxes are refunded only with everything else. The moderate
/// share prorates the discount over the nights by price: `(A + D) * U / A / 2`, with U
/// the price of the unbegun nights, rounded half-up once (one division of a 128-bit
/// product, so neither the product can overflow nor two roundings compound).
///
/// Flexible's "A + D minus the first night" is clamped at 0: a deep discount can make A + D
/// smaller than the first night's undiscounted price, and a refund line is never negative.
/// The rules apply whatever the date, even after check-out (moderate then refunds C alone);
/// whether a finished stay may be cancelled at all is for the caller to decide.
///
/// Promises, for line items as `PriceBreakdown` makes them (discounts <= 0, everything else
/// >= 0, the discount no larger than the accommodation) and amounts below 2^62:
/// - `lines` sum exactly to `total`, and `total + retained == paid`, the sum of the paid
///   line items; `0 <= total <= paid`.
/// - A full refund mirrors the paid lines one for one, same kinds and amounts (the negative
///   discount line included) in the same order; only the labels are the refund's.
/// - A partial refund has at most an `accommodation` line (accommodation net of discount)
///   and a `cleaning_fee` line, each positive: zero lines are left out, so refunding
///   nothing is `lines == []` and `total == 0`.
/// - Each line is rounded half-up at most once (`Rounding`); no floating point.
/// A value type, `Sendable`.
public struct Refund: Hashable, Sendable {
    public var policy: CancellationPolicy
    /// `cancelledOn.days(until: checkin)`: 0 on the check-in day, negative after it.
    public var daysBeforeCheckin: Int
    /// True when everything paid is refunded.
    public var isFull: Bool
    /// The refund's lines, in minor units of the reservation's currency.
    public var lines: [LineItem]
    /// The sum of `lines`.
    public var total: Int64
    /// The sum of the paid line items.
    public var paid: Int64
    /// What the guest does not get back: `paid - total`.
    public var retained: Int64 { paid - total }

    /// - Parameters:
    ///   - nightlyPrices: one per night of `stay` in date order, as frozen at booking.
    ///   - lineItems: the paid line items, as frozen at booking.
    ///   - cancelledOn: today in the listing's time zone.
    ///   - language: of the line labels.
    public init(policy: CancellationPolicy, stay: Stay, nightlyPrices: [NightlyPrice], lineItems: [LineItem],
                cancelledOn: CalendarDate, language: Language = .ko) {
        let labels = Labels(language: language)
        let days = cancelledOn.days(until: stay.checkin)
        let paid = lineItems.reduce(Int64(0)) { $0 + $1.amount }
        self.policy = policy
        self.daysBeforeCheckin = days
        self.paid = paid

        if days >= policy.fullRefundDays {
            self.isFull = true
            self.lines = lineItems.map { LineItem(kind: $0.kind, label: labels.paid($0.kind), amount: $0.amount) }
            self.total = paid
            return
        }

        let paidAmounts = PaidAmounts(lineItems)
        // What the guest actually paid for the nights; never below zero, so that no share
        // of it can be negative.
        let net = max(0, paidAmounts.accommodation + paidAmounts.discount)
        var accommodation: (amount: Int64, label: String)?
        var refundsCleaning = true
        switch policy {
        case .flexible:
            let firstNight = nightlyPrices.first?.price ?? 0
            accommodation = (min(net, max(0, net - firstNight)), labels.exceptFirstNight)
        case .moderate:
            let unbegun = nightlyPrices.filter { $0.date >= cancelledOn }
            let unbegunPrice = unbegun.reduce(Int64(0)) { $0 + $1.price }
            accommodation = (Refund.halfOfShare(net: net, part: unbegunPrice, of: paidAmounts.accommodation),
                             labels.halfOfUnbegun(nights: unbegun.count))
        case .strict:
            if days >= 7 {
                accommodation = (Rounding.divide(net, by: 2), labels.half)
            } else {
                refundsCleaning = false
            }
        }

        var lines: [LineItem] = []
        if let accommodation, accommodation.amount > 0 {
            lines.append(LineItem(kind: .accommodation, label: accommodation.label, amount: accommodation.amount))
        }
        if refundsCleaning, paidAmounts.cleaningFee > 0 {
            lines.append(LineItem(kind: .cleaningFee, label: labels.cleaningFee, amount: paidAmounts.cleaningFee))
        }
        self.isFull = false
        self.lines = lines
        self.total = lines.reduce(Int64(0)) { $0 + $1.amount }
    }

    /// `net * part / whole / 2` rounded half-up, for `net >= 0`; `part` is clamped to
    /// `0...whole` so the result never exceeds half of `net`. 0 when `whole <= 0`.
    /// One division of the 128-bit product, so the only rounding is the final one.
    static func halfOfShare(net: Int64, part: Int64, of whole: Int64) -> Int64 {
        guard whole > 0, net > 0 else { return 0 }
        let part = min(max(part, 0), whole)
        let divisor = whole * 2 // whole < 2^62 (documented), so no overflow
        let (quotient, remainder) = divisor.dividingFullWidth(net.multipliedFullWidth(by: part))
        // Everything is non-negative here: round up when remainder >= divisor / 2, written
        // so that doubling the remainder cannot overflow.
        return remainder >= divisor - remainder ? quotient + 1 : quotient
    }

    /// The paid amounts by kind (summed, should a kind appear twice).
    private struct PaidAmounts {
        var accommodation: Int64 = 0
        var discount: Int64 = 0
        var cleaningFee: Int64 = 0

        init(_ lineItems: [LineItem]) {
            for item in lineItems {
                switch item.kind {
                case .accommodation: accommodation += item.amount
                case .weeklyDiscount, .monthlyDiscount: discount += item.amount
                case .cleaningFee: cleaningFee += item.amount
                case .serviceFee, .taxes: break
                }
            }
        }
    }

    private struct Labels {
        let language: Language

        /// A full refund's line for a paid line of `kind`. No amounts in the labels: the
        /// refund is not told the currency and the amounts are on the lines.
        func paid(_ kind: LineItemKind) -> String {
            switch kind {
            case .accommodation: language == .ko ? "숙박 요금" : "Accommodation"
            case .weeklyDiscount: language == .ko ? "주 단위 요금 할인" : "Weekly stay discount"
            case .monthlyDiscount: language == .ko ? "월 단위 요금 할인" : "Monthly stay discount"
            case .cleaningFee: cleaningFee
            case .serviceFee: language == .ko ? "서비스 수수료" : "Service fee"
            case .taxes: language == .ko ? "숙박세와 수수료" : "Taxes"
            }
        }

        var cleaningFee: String { language == .ko ? "청소비" : "Cleaning fee" }

        var exceptFirstNight: String {
            language == .ko ? "첫 1박을 제외한 숙박 요금" : "Accommodation except the first night"
        }

        func halfOfUnbegun(nights: Int) -> String {
            switch language {
            case .ko: "남은 \(nights)박 숙박 요금의 50%"
            case .en: "50% of accommodation for the \(nights) remaining night\(nights == 1 ? "" : "s")"
            }
        }

        var half: String { language == .ko ? "숙박 요금의 50%" : "50% of accommodation" }
    }
}
