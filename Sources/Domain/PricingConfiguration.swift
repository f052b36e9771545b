/// Platform fees added to every quote, in basis points (1% = 100).
public struct PricingConfiguration: Hashable, Sendable {
    /// Charged on accommodation + discount + cleaning fee. Default 1400 (14%).
    public var serviceFeeBasisPoints: Int
    /// Charged on the service fee. Default 1000 (10%).
    public var taxBasisPoints: Int

    public init(serviceFeeBasisPoints: Int = 1400, taxBasisPoints: Int = 1000) {
        precondition((0...10_000).contains(serviceFeeBasisPoints) && (0...10_000).contains(taxBasisPoints),
                     "basis points must be within 0...10000")
        self.serviceFeeBasisPoints = serviceFeeBasisPoints
        self.taxBasisPoints = taxBasisPoints
    }

    public static let standard = PricingConfiguration()
}
