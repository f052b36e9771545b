import HTTP1
import HTTPServer

/// `GET /images/listings/{id}/{n}.svg` and `GET /images/locations/{name}.svg`: the demo
/// catalog's pictures (`DemoImage`), generated per request from the path alone, so the demo
/// and its tests never reach another origin. A path the demo generator cannot make (an id that
/// is not digits, a photo number outside 1...99, a name other than lowercase letters, digits
/// and hyphens) is the router's ordinary 404. The bytes never change for a path: cached a day.
struct DemoImageRoutes {
    static let cache = "public, max-age=86400"

    func register(in router: inout Router) {
        router.get("/images/listings/{id}/{file}") { request in
            let id = request.pathParameters["id"] ?? ""
            let file = request.pathParameters["file"] ?? ""
            guard (1...19).contains(id.utf8.count), id.utf8.allSatisfy({ (48...57).contains($0) }), Int64(id) != nil,
                  file.hasSuffix(".svg"), let number = Int(file.dropLast(4)), (1...99).contains(number),
                  file == "\(number).svg" else {
                throw Self.notFound(request)
            }
            // The cover is outside (the house or its view); the others are its rooms, each
            // listing starting the round of rooms elsewhere.
            var order = Dice(seed: "listing:\(id)")
            let setting: DemoImage.Setting = number == 1 ? .outside : .inside(room: order.next(0...3) + number - 2)
            return Self.response(DemoImage.svg(seed: "listing:\(id):\(number)", setting: setting))
        }
        router.get("/images/locations/{file}") { request in
            let file = request.pathParameters["file"] ?? ""
            let name = file.hasSuffix(".svg") ? file.dropLast(4) : ""
            guard (1...100).contains(name.utf8.count),
                  name.utf8.allSatisfy({ (97...122).contains($0) || (48...57).contains($0) || $0 == 45 }) else {
                throw Self.notFound(request)
            }
            return Self.response(DemoImage.svg(seed: "location:\(name)"))
        }
    }

    static func notFound(_ request: Request) -> Problem {
        Problem(type: .notFound, status: .notFound, detail: "No resource at \(request.path).")
    }

    static func response(_ svg: String) -> HTTPResponse {
        HTTPResponse(status: .ok, headers: ["Content-Type": "image/svg+xml", "Cache-Control": cache],
                     body: Array(svg.utf8))
    }
}
