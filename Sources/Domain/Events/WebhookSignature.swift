import Crypto

/// What a delivery carries: the body, and `Stays-Signature: t=<unix seconds>,v1=<hex
/// HMAC-SHA256 of "<t>.<body>" under the endpoint's secret>` (as Stripe signs). The
/// timestamp is inside the signed text, so a receiver that also checks it is recent
/// refuses a replayed old delivery.
public enum WebhookSignature {
    public static func header(secret: WebhookSecret, timestamp: Int64, body: [UInt8]) -> String {
        "t=\(timestamp),v1=\(hex(code(secret: secret, timestamp: timestamp, body: body)))"
    }

    public static func code(secret: WebhookSecret, timestamp: Int64, body: [UInt8]) -> [UInt8] {
        HMACSHA256.authenticationCode(for: Array("\(timestamp).".utf8) + body, key: Array(secret.text.utf8))
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The JSON a delivery posts: `{"id","type","createdAt","data"}`, `data` the event's
    /// stored snapshot as it is. Built from the stored event alone, so every attempt of a
    /// delivery sends the same bytes.
    public static func body(of delivery: ClaimedDelivery) -> [UInt8] {
        // The id is digits, the type a known name, the time RFC 3339: nothing to escape.
        Array("{\"id\":\"\(delivery.eventID)\",\"type\":\"\(delivery.eventType)\",\"createdAt\":\"\(delivery.eventCreatedAt)\",\"data\":\(delivery.data)}".utf8)
    }
}
