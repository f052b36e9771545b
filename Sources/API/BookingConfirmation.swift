import Domain
import HTTP1
import HTTPServer
import JSON

/// The 201 answer to a booking, as kept with its idempotency key (`BookingReceipt`): the
/// reservation's JSON as first sent (localized then, and as it was then: a replay after a
/// cancellation still answers the booking). The other fields of the answer follow from the
/// reservation's id, so a replay is the first answer whole, plus `Idempotent-Replayed`.
public struct BookingConfirmation: BookingReceipt {
    public let body: [UInt8]

    public init(_ reservation: Reservation) {
        var writer = JSONWriter(capacity: 1024)
        writer.reservation(reservation)
        body = writer.bytes
    }

    public init(recorded: [UInt8]) {
        body = recorded
    }

    public var recorded: [UInt8] { body }

    /// 201 with the body, `Location` of the reservation, never cached; a replay says so.
    func response(reservation id: ReservationID, replayed: Bool) -> HTTPResponse {
        var response = HTTPResponse.json(body, cache: .never)
        response.status = .created
        response.headers.append(name: "Location", value: "/reservations/\(id)")
        if replayed { response.headers.append(name: "Idempotent-Replayed", value: "true") }
        return response
    }
}
