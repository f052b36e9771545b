/// What the caller of `BookingService.book` keeps with an idempotency key so that a replay
/// answers exactly what the first request was answered: the caller's own type (the API's is
/// its 201 answer), opaque to the domain. The service stores `recorded` in the same
/// transaction as the reservation and rebuilds the receipt from it on a replay; it never
/// makes or reads the bytes itself.
public protocol BookingReceipt: Sendable {
    /// The form kept in the idempotency record.
    var recorded: [UInt8] { get }
    /// The receipt `recorded` was made from.
    init(recorded: [UInt8]) throws
}
