import HTTP1
import HTTPServer

/// `GET /openapi.yaml` and `GET /openapi.json`: the API description this binary was built
/// with (docs/openapi.yaml and docs/openapi.json, the same document, embedded at build time
/// by the EmbedOpenAPI plugin). The bytes are made once, at start-up; the router adds the ETag.
struct OpenAPIRoutes {
    static let yaml = Array(EmbeddedOpenAPI.yaml.utf8)
    static let json = Array(EmbeddedOpenAPI.json.utf8)

    func register(in router: inout Router) {
        let yaml = Self.yaml, json = Self.json
        router.get("/openapi.yaml") { _ in
            HTTPResponse(status: .ok, headers: ["Content-Type": "application/yaml",
                                                "Cache-Control": CachePolicy.locations.rawValue], body: yaml)
        }
        router.get("/openapi.json") { _ in
            HTTPResponse(status: .ok, headers: ["Content-Type": "application/json; charset=utf-8",
                                                "Cache-Control": CachePolicy.locations.rawValue], body: json)
        }
    }
}
