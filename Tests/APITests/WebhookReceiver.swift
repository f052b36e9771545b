import Crypto
import Foundation
import TestSupport

/// A webhook receiver for the tests: an `HTTPStub` socket server that checks every
/// delivery's `Stays-Signature` against the secret (HMAC-SHA256 of "<t>.<body>", as a
/// receiver must), records event ids and answers what `answer` says for the n-th request
/// (1-based), or what `respond` says of the delivery. It also counts how many deliveries
/// about one listing (`data.listingId`) it was answering at once (`mostAtOnceForAListing`).
final class WebhookReceiver: @unchecked Sendable {
    struct Delivery {
        var eventID: String
        var type: String
        var body: [String: Any]
        var signatureValid: Bool
        /// `data.listingId`, when the event names a listing.
        var listingID: String?
        /// The status this receiver answered.
        var status: Int
    }

    /// What the stub's threads write: kept apart from the receiver, so that an answer still
    /// being held when the test ends (and the receiver goes) touches only this.
    private final class State: @unchecked Sendable {
        let lock = NSLock()
        var secret = ""
        var deliveries: [Delivery] = []
        var answering: [String: Int] = [:]
        var mostAtOnceForAListing = 0
    }

    private let state = State()
    private(set) var stub: HTTPStub!

    /// `delaySeconds`: how long each answer takes (deliveries stay in flight that long).
    convenience init(delaySeconds: Double = 0, answer: @escaping @Sendable (Int) -> Int = { _ in 200 }) throws {
        try self.init(delaySeconds: delaySeconds) { _, earlier in answer(earlier.count + 1) }
    }

    /// `respond`: the status for a delivery, given the deliveries received before it.
    init(delaySeconds: Double = 0, respond: @escaping @Sendable (Delivery, [Delivery]) -> Int) throws {
        let state = state
        stub = try HTTPStub { request in
            let delivery = Self.record(request, in: state, respond)
            // Held while "working", so that deliveries in flight at once overlap here.
            if delaySeconds > 0 { Thread.sleep(forTimeInterval: delaySeconds) }
            state.lock.withLock { if let listing = delivery.listingID { state.answering[listing, default: 0] -= 1 } }
            return HTTPStub.Response(status: delivery.status)
        }
    }

    deinit { stub.stop() }

    var url: String { stub.url + "/hook" }

    func use(secret: String) { state.lock.withLock { state.secret = secret } }

    var deliveries: [Delivery] { state.lock.withLock { state.deliveries } }

    /// The most deliveries about one listing this receiver was answering at the same time.
    var mostAtOnceForAListing: Int { state.lock.withLock { state.mostAtOnceForAListing } }

    private static func record(_ request: HTTPStub.Request, in state: State,
                               _ respond: (Delivery, [Delivery]) -> Int) -> Delivery {
        state.lock.withLock {
            let object = (try? JSONSerialization.jsonObject(with: Data(request.body))) as? [String: Any] ?? [:]
            var delivery = Delivery(eventID: request.headers["stays-event-id"] ?? "", type: object["type"] as? String ?? "",
                                    body: object, signatureValid: verify(request, secret: state.secret),
                                    listingID: (object["data"] as? [String: Any])?["listingId"] as? String, status: 0)
            delivery.status = respond(delivery, state.deliveries)
            state.deliveries.append(delivery)
            if let listing = delivery.listingID {
                state.answering[listing, default: 0] += 1
                state.mostAtOnceForAListing = max(state.mostAtOnceForAListing, state.answering[listing] ?? 0)
            }
            return delivery
        }
    }

    /// Stripe's recipe: split `t=` and `v1=`, recompute over "<t>.<raw body>", compare in
    /// constant time, and refuse a timestamp more than five minutes off.
    static func verify(_ request: HTTPStub.Request, secret: String) -> Bool {
        guard let header = request.headers["stays-signature"] else { return false }
        var timestamp: String?, signatures: [String] = []
        for part in header.split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2 else { return false }
            if pair[0] == "t" { timestamp = pair[1] } else if pair[0] == "v1" { signatures.append(pair[1]) }
        }
        guard let timestamp, let seconds = Int64(timestamp),
              abs(Int64(Date().timeIntervalSince1970) - seconds) < 300 else { return false }
        let expected = HMACSHA256.authenticationCode(for: Array("\(timestamp).".utf8) + request.body, key: Array(secret.utf8))
        let hex = expected.map { String(format: "%02x", $0) }.joined()
        return signatures.contains { ConstantTime.equals(Array($0.utf8), Array(hex.utf8)) }
    }

    /// Waits (up to `seconds`) until `condition` holds of the deliveries; false if it never did.
    func wait(seconds: Double = 20, until condition: ([Delivery]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition(deliveries) { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return condition(deliveries)
    }
}
