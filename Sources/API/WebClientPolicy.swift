import HTTP1

/// What a browser is told about the web client's pages and assets: a Content Security Policy
/// that lets them load scripts, styles, images and connections from this server's own origin
/// only (plus, for images, the map tile server the operator names), and be framed by no one;
/// no MIME sniffing; no referrer sent to other origins.
///
/// The page learns the tile origin too (`<meta name="stays-map-tiles-origin">`), so that it
/// uses a tile template from `localStorage` only when the policy lets the browser load it
/// (see Web/map.js) instead of causing violations.
public struct WebClientPolicy: Sendable {
    /// The origin of the map tile server (`https://tile.example.com`), or nil: tiles only from
    /// this server.
    public let mapTilesOrigin: String?

    /// nil when `mapTilesOrigin` is not an origin: `http` or `https`, a host, an optional
    /// port, nothing else (no path, query, credentials, wildcard, or characters that could
    /// end a CSP directive).
    public init?(mapTilesOrigin: String? = nil) {
        if let origin = mapTilesOrigin {
            guard Self.isOrigin(origin) else { return nil }
            self.mapTilesOrigin = origin.hasSuffix("/") ? String(origin.dropLast()) : origin
        } else {
            self.mapTilesOrigin = nil
        }
    }

    /// No tile server: images from this origin only.
    public static let sameOriginOnly = WebClientPolicy(mapTilesOrigin: nil)!

    static func isOrigin(_ text: String) -> Bool {
        let trimmed = text.hasSuffix("/") ? String(text.dropLast()) : text
        let scheme: String
        if trimmed.hasPrefix("https://") { scheme = "https://" } else if trimmed.hasPrefix("http://") { scheme = "http://" } else {
            return false
        }
        let authority = trimmed.dropFirst(scheme.count)
        guard !authority.isEmpty else { return false }
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-:[]".utf8)
        return authority.utf8.allSatisfy { allowed.contains($0) } && authority.first != ":" && authority.first != "."
    }

    /// `Content-Security-Policy`: everything not named is refused (`default-src 'none'`).
    public var contentSecurityPolicy: String {
        let images = ["'self'", mapTilesOrigin].compactMap { $0 }.joined(separator: " ")
        return "default-src 'none'; script-src 'self'; style-src 'self'; img-src \(images); connect-src 'self'; "
            + "manifest-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    }

    /// The header fields every response of the web client carries.
    var headers: HTTPFields {
        [
            "Content-Security-Policy": contentSecurityPolicy,
            "X-Content-Type-Options": "nosniff",
            // Older browsers know no `frame-ancestors`.
            "X-Frame-Options": "DENY",
            // Requests to the tile server say nothing of the page.
            "Referrer-Policy": "same-origin",
        ]
    }
}
