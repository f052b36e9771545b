import Domain
import HTTP1
import HTTPServer
import JSON

/// `POST /guests`: an anonymous guest account and its bearer token, shown once.
struct GuestRoutes {
    let services: APIServices

    func register(in router: inout Router) {
        let limit: [any Middleware] = services.guestCreationLimit.map { [AddressRateLimit($0)] } ?? []
        router.post("/guests", using: limit) { [services] _ in
            let (id, token) = try services.guests.createGuest()
            var writer = JSONWriter(capacity: 128)
            writer.object {
                $0.field("id", id.description)
                $0.field("token", token.text)
            }
            var response = HTTPResponse.json(writer.bytes, cache: .never)
            response.status = .created
            return response
        }
    }
}
