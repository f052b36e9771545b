import HTTP1
import HTTPServer

/// `GET /` (the web client's page) and `GET /web/{version}/{file}` (its scripts and styles).
/// The page is also the answer at the paths of the links Stays emails, `/verify-email` and
/// `/reset-password` (their `?token=` is read by the page, never by the server).
/// See `WebApp` for the caching scheme. An unknown file, or a version other than this binary's,
/// is the router's ordinary 404.
///
/// Every answer carries `policy`'s security headers (CSP, nosniff, no framing, referrer).
struct WebAppRoutes {
    let policy: WebClientPolicy

    /// The assets' URLs change with their content: a year, never revalidated.
    static let assetCache = "public, max-age=31536000, immutable"
    /// The page names the current assets: always revalidate.
    static let pageCache = "no-cache"
    /// Where the page is served: the root and the emailed links' paths.
    static let pagePaths = ["/", "/verify-email", "/reset-password"]

    func register(in router: inout Router) {
        let app = WebApp.shared
        let index = app.index(imageOrigins: policy.imageOrigins)
        let headers = policy.headers
        for path in Self.pagePaths {
            router.get(path) { _ in
                Self.response(index, cache: Self.pageCache, headers: headers)
            }
        }
        router.get("/web/{version}/{file}") { request in
            guard request.pathParameters["version"] == app.version,
                  let asset = app.assets[request.pathParameters["file"] ?? ""] else {
                throw Problem(type: .notFound, status: .notFound, detail: "No resource at \(request.path).")
            }
            return Self.response(asset, cache: Self.assetCache, headers: headers)
        }
    }

    /// The handler sets the ETag, so the router neither hashes the body again nor changes it;
    /// it still answers `If-None-Match` with 304.
    static func response(_ asset: WebApp.Asset, cache: String, headers: HTTPFields) -> HTTPResponse {
        var response = HTTPResponse(status: .ok, headers: ["Content-Type": asset.contentType, "Cache-Control": cache,
                                                           "ETag": asset.etag], body: asset.body)
        for field in headers { response.headers.append(name: field.name, value: field.value) }
        return response
    }
}
