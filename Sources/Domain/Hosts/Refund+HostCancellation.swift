extension Refund {
    /// The refund of a stay the host cancels: everything the guest paid, whatever the
    /// policy and the date (`isFull`, lines mirroring `lineItems`), with the true
    /// `daysBeforeCheckin`.
    ///
    /// Note: `Reservation.localized(in:)` recomputes a refund from the policy and
    /// `daysBeforeCheckin`; a host-cancelled reservation must be localized with this
    /// function instead (the reservation records who cancelled).
    public static func hostCancellation(policy: CancellationPolicy, stay: Stay, nightlyPrices: [NightlyPrice],
                                        lineItems: [LineItem], cancelledOn: CalendarDate,
                                        language: Language = .ko) -> Refund {
        // A day early enough for any policy's full refund, so the lines are the full ones.
        var refund = Refund(policy: policy, stay: stay, nightlyPrices: nightlyPrices, lineItems: lineItems,
                            cancelledOn: stay.checkin.adding(days: -policy.fullRefundDays), language: language)
        refund.daysBeforeCheckin = cancelledOn.days(until: stay.checkin)
        return refund
    }
}
