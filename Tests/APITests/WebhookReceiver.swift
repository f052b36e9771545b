import Crypto
import Foundation
import TestSupport

/// A webhook receiver for the tests: an `HTTPStub` socket server that checks every
/// delivery's `Stays-Signature` against the secret (HMAC-SHA256 of "<t>.<body>", as a
/// receiver must), records event ids and answers what `answer` says for the n-th request
/// (1-based).
final class WebhookReceiver: @unchecked Sendable {
    struct Delivery {
        var eventID: String
        var type: String
        var body: [String: Any]
        var signatureValid: Bool
    }

    private let lock = NSLock()
    private var secret = ""
    private var _deliveries: [Delivery] = []
    private var count = 0
    private(set) var stub: HTTPStub!

    /// `delaySeconds`: how long each answer takes (deliveries stay in flight that long).
    init(delaySeconds: Double = 0, answer: @escaping @Sendable (Int) -> Int = { _ in 200 }) throws {
        stub = try HTTPStub { [unowned self] request in
            let n = self.record(request)
            return HTTPStub.Response(status: answer(n), delaySeconds: delaySeconds)
        }
    }

    deinit { stub.stop() }

    var url: String { stub.url + "/hook" }

    func use(secret: String) { lock.withLock { self.secret = secret } }

    var deliveries: [Delivery] { lock.withLock { _deliveries } }

    private func record(_ request: HTTPStub.Request) -> Int {
        lock.withLock {
            count += 1
            let object = (try? JSONSerialization.jsonObject(with: Data(request.body))) as? [String: Any] ?? [:]
            _deliveries.append(Delivery(eventID: request.headers["stays-event-id"] ?? "", type: object["type"] as? String ?? "",
                                        body: object, signatureValid: Self.verify(request, secret: secret)))
            return count
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
