import Foundation
import TestSupport

/// A guest of the test server: its token, and JSON requests over a fresh connection each.
struct BookingClient {
    let port: Int
    var token: String?

    /// Creates a guest with `POST /guests`.
    static func newGuest(port: Int) throws -> BookingClient {
        let response = try BookingClient(port: port, token: nil).send("POST", "/guests")
        guard response.status == 201, let body = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any],
              let token = body["token"] as? String else {
            throw ClientError(description: "POST /guests: \(response.status) \(response.text)")
        }
        return BookingClient(port: port, token: token)
    }

    /// One request on a fresh connection with `Authorization` (when the client has a token),
    /// the given headers and body (sent as `application/json` unless a Content-Type header is
    /// given).
    func send(_ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8]? = nil) throws
        -> ClientResponse {
        var all = headers
        if let token { all.append(("Authorization", "Bearer \(token)")) }
        if body != nil && !headers.contains(where: { $0.0.lowercased() == "content-type" }) {
            all.append(("Content-Type", "application/json"))
        }
        return try TestClient(port: port).send(method: method, target, headers: all, body: body ?? [])
    }

    func json(_ object: [String: Any]) throws -> [UInt8] {
        Array(try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
    }

    /// `POST /reservations` with this body and key.
    func book(_ body: [String: Any], key: String = UUID().uuidString) throws -> ClientResponse {
        try send("POST", "/reservations", headers: [("Idempotency-Key", key)], body: json(body))
    }
}

extension ClientResponse {
    /// Stands for a request that got no response at all.
    static var failed: ClientResponse { ClientResponse(status: -1, headers: [], body: []) }

    /// The body as a JSON object (empty when it is not one).
    var object: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:]
    }
}

func int64(_ value: Any?) -> Int64? { (value as? NSNumber)?.int64Value }
