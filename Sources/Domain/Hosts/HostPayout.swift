/// What a host's payout line is for. Raw values are what clients receive.
public enum PayoutLineKind: String, CaseIterable, Hashable, Sendable {
    case accommodation
    case weeklyDiscount = "weekly_discount"
    case monthlyDiscount = "monthly_discount"
    case cleaningFee = "cleaning_fee"
    /// What a cancellation gave back to the guest of the lines above (negative).
    case guestRefund = "guest_refund"
    /// The platform's fee on the host's side (negative).
    case hostServiceFee = "host_service_fee"
}

/// One line of a payout, in minor units of the reservation's currency.
public struct PayoutLine: Hashable, Sendable {
    public var kind: PayoutLineKind
    public var amount: Int64
    public init(kind: PayoutLineKind, amount: Int64) {
        self.kind = kind
        self.amount = amount
    }
}

/// What the host receives for a reservation: the accommodation (net of the length-of-stay
/// discount) and the cleaning fee the guest paid, less what a cancellation refunded of
/// them, less the host service fee on the rest.
///
/// Promises: integer minor units only; `total` is the exact sum of `lines`; the fee is
/// `Rounding.applying(basisPoints: hostFeeBasisPoints, to: basis)` (half away from zero),
/// written here once, on `basis` = the sum of the lines before it; zero lines other than
/// `accommodation` are left out. The guest's service fee and taxes are never the host's.
/// A reservation that never became a stay (declined, expired, withdrawn) pays nothing:
/// callers ask `payout` only of `confirmed` and `cancelled` ones.
public struct HostPayout: Hashable, Sendable {
    /// `--host-fee-bp`'s default: 3%.
    public static let defaultHostFeeBasisPoints = 300

    public var lines: [PayoutLine]
    public var total: Int64
    public var hostFeeBasisPoints: Int

    /// - Parameters:
    ///   - lineItems: the line items the guest paid, as frozen at booking.
    ///   - refund: the guest's refund when the reservation was cancelled.
    public init(lineItems: [LineItem], refund: Refund? = nil,
                hostFeeBasisPoints: Int = HostPayout.defaultHostFeeBasisPoints) {
        precondition((0...10_000).contains(hostFeeBasisPoints), "basis points must be within 0...10000")
        var lines = [PayoutLine(kind: .accommodation, amount: 0)]
        for item in lineItems {
            switch item.kind {
            case .accommodation: lines[0].amount += item.amount
            case .weeklyDiscount: lines.append(PayoutLine(kind: .weeklyDiscount, amount: item.amount))
            case .monthlyDiscount: lines.append(PayoutLine(kind: .monthlyDiscount, amount: item.amount))
            case .cleaningFee: lines.append(PayoutLine(kind: .cleaningFee, amount: item.amount))
            case .serviceFee, .taxes: break
            }
        }
        if let refund {
            // Only what was refunded of the host's lines: the service fee and taxes a full
            // refund returns were never the host's.
            let refunded = refund.lines.reduce(Int64(0)) { sum, line in
                switch line.kind {
                case .accommodation, .weeklyDiscount, .monthlyDiscount, .cleaningFee: sum + line.amount
                case .serviceFee, .taxes: sum
                }
            }
            lines.append(PayoutLine(kind: .guestRefund, amount: -refunded))
        }
        let basis = lines.reduce(Int64(0)) { $0 + $1.amount }
        lines.append(PayoutLine(kind: .hostServiceFee, amount: -Self.hostFee(on: basis, basisPoints: hostFeeBasisPoints)))
        self.lines = lines.enumerated().filter { $0.offset == 0 || $0.element.amount != 0 }.map(\.element)
        self.total = self.lines.reduce(Int64(0)) { $0 + $1.amount }
        self.hostFeeBasisPoints = hostFeeBasisPoints
    }

    /// The host service fee on `basis`: the rounding rule, once.
    public static func hostFee(on basis: Int64, basisPoints: Int) -> Int64 {
        Rounding.applying(basisPoints: basisPoints, to: basis)
    }
}
