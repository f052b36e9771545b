import Domain
import HTTP1
import HTTPServer
import JSON

/// `/host/webhooks`: a host's receivers of events on their listings. `POST` answers 201
/// with the endpoint and its `secret`, shown this once (and again only by
/// `rotate-secret`, which replaces it); no other answer carries it, and it is never
/// logged. Accounts without the `host` role: 403; another host's endpoint: 404.
struct WebhookRoutes {
    let webhooks: WebhookService
    let accounts: AccountService

    static let maximumBodyBytes = 16_384

    func register(in router: inout Router) {
        let signedIn = AccountAuthentication(accounts: accounts)

        router.post("/host/webhooks", using: [signedIn]) { [webhooks] request in
            let account = try request.signedInAccount().account
            var body = try request.jsonObject(maxBytes: Self.maximumBodyBytes)
            let url = body.string("url", length: 1...2048)
            if let url, !WebhookService.isAcceptableURL(url) { body.fail("url", "must be an absolute http or https URL") }
            var patterns: [EventPattern] = []
            if let names = AccountRoutes.stringList(&body, "events") {
                for name in names {
                    guard let pattern = EventPattern(name) else {
                        body.fail("events", "names an unknown event type: \(name)")
                        break
                    }
                    if !patterns.contains(pattern) { patterns.append(pattern) }
                }
                if names.isEmpty { body.fail("events", "must name at least one event type or pattern") }
            } else if !body.allIssues.contains(where: { $0.name == "events" }) {
                body.fail("events", "is required")
            }
            try body.finish()
            guard let url else { throw Problem.invalidParameters([]) }  // unreachable: finish() named it
            let (endpoint, secret) = try webhooks.create(for: account, url: url, patterns: patterns)
            var response = Self.json(endpoint, secret: secret)
            response.status = .created
            response.headers.append(name: "Location", value: "/host/webhooks/\(endpoint.id)")
            return response
        }

        router.get("/host/webhooks", using: [signedIn]) { [webhooks] request in
            let account = try request.signedInAccount().account
            try QueryReader(request.query).finish()
            let endpoints = try webhooks.endpoints(of: account)
            var writer = JSONWriter(capacity: 128 + endpoints.count * 300)
            writer.object { w in
                w.key("items")
                w.array { a in for endpoint in endpoints { a.webhook(endpoint, secret: nil) } }
            }
            return .json(writer.bytes, cache: .never)
        }

        router.get("/host/webhooks/{id}", using: [signedIn]) { [webhooks] request in
            let account = try request.signedInAccount().account
            try QueryReader(request.query).finish()
            return Self.json(try webhooks.endpoint(try Self.webhookID(request), of: account), secret: nil)
        }

        router.delete("/host/webhooks/{id}", using: [signedIn]) { [webhooks] request in
            let account = try request.signedInAccount().account
            try webhooks.delete(try Self.webhookID(request), of: account)
            return HTTPResponse(status: .noContent)
        }

        router.post("/host/webhooks/{id}/rotate-secret", using: [signedIn]) { [webhooks] request in
            let account = try request.signedInAccount().account
            let (endpoint, secret) = try webhooks.rotateSecret(of: try Self.webhookID(request), of: account)
            return Self.json(endpoint, secret: secret)
        }

        router.get("/host/webhooks/{id}/deliveries", using: [signedIn]) { [webhooks] request in
            let account = try request.signedInAccount().account
            var reader = QueryReader(request.query)
            let limit = reader.integer("limit", default: 20, in: 1...100)
            var cursor: DeliveryID?
            if let token = reader.string("cursor") {
                if let fields = CursorToken.fields(of: token, count: 2), fields[0] == "d1" { cursor = DeliveryID(fields[1]) }
                if cursor == nil { reader.fail("cursor", "is not a cursor from a previous page of deliveries") }
            }
            try reader.finish()
            let (deliveries, next) = try webhooks.deliveries(of: try Self.webhookID(request), of: account, before: cursor,
                                                             limit: limit)
            var writer = JSONWriter(capacity: 128 + deliveries.count * 300)
            writer.object { w in
                w.key("items")
                w.array { a in for delivery in deliveries { a.delivery(delivery) } }
                w.field("nextCursor", next.map { CursorToken.encode(["d1", $0.description]) })
            }
            return .json(writer.bytes, cache: .never)
        }

        router.post("/host/webhooks/{id}/deliveries/{deliveryId}/redeliver", using: [signedIn]) { [webhooks] request in
            let account = try request.signedInAccount().account
            guard let deliveryID = DeliveryID(request.pathParameters["deliveryId"] ?? "") else {
                throw EventError.deliveryNotFound
            }
            let delivery = try webhooks.redeliver(deliveryID, of: try Self.webhookID(request), of: account)
            var writer = JSONWriter(capacity: 300)
            writer.delivery(delivery)
            var response = HTTPResponse.json(writer.bytes, cache: .never)
            response.status = .accepted
            return response
        }
    }

    private static func webhookID(_ request: Request) throws -> WebhookID {
        guard let id = WebhookID(request.pathParameters["id"] ?? "") else { throw EventError.webhookNotFound }
        return id
    }

    static func json(_ endpoint: WebhookEndpoint, secret: WebhookSecret?) -> HTTPResponse {
        var writer = JSONWriter(capacity: 512)
        writer.webhook(endpoint, secret: secret)
        return .json(writer.bytes, cache: .never)
    }
}

extension JSONWriter {
    /// An endpoint; `secret` only in the one answer that issues it.
    mutating func webhook(_ endpoint: WebhookEndpoint, secret: WebhookSecret?) {
        object { o in
            o.field("id", endpoint.id.description)
            o.field("url", endpoint.url)
            o.field("events", strings: endpoint.patterns.map(\.text))
            o.field("enabled", endpoint.disabledAt == nil)
            o.field("disabledAt", endpoint.disabledAt?.description)
            o.field("disabledReason", endpoint.disabledReason)
            o.field("createdAt", endpoint.createdAt.description)
            if let secret { o.field("secret", secret.text) }
        }
    }

    mutating func delivery(_ delivery: WebhookDelivery) {
        object { o in
            o.field("id", delivery.id.description)
            o.field("eventId", String(delivery.eventID))
            o.field("eventType", delivery.eventType?.rawValue)
            o.field("status", delivery.status.rawValue)
            o.field("attempts", delivery.attempts)
            o.field("responseCode", delivery.lastStatusCode)
            o.field("latencyMs", delivery.lastLatencyMilliseconds)
            o.field("error", delivery.lastError)
            o.field("createdAt", delivery.createdAt.description)
            o.field("lastAttemptAt", delivery.lastAttemptAt?.description)
            o.field("nextAttemptAt", delivery.nextAttemptAt?.description)
            o.field("deliveredAt", delivery.deliveredAt?.description)
        }
    }
}
