import HTTP1

/// What a browser is told about the web client's pages and assets: a Content Security Policy
/// that lets them load scripts, styles, images and connections from this server's own origin
/// only (plus, for images, the origins the operator names: a map tile server, the photo host
/// of imported listings), and be framed by no one; no MIME sniffing; no referrer sent to
/// other origins.
///
/// The page learns the image origins too (`<meta name="stays-image-origins">`), so that it
/// uses a map tile template from `localStorage` only when the policy lets the browser load
/// it (see Web/map.js) instead of causing violations.
public struct WebClientPolicy: Sendable {
    /// Origins besides this server's that images may come from (`https://tile.example.com`),
    /// without a trailing `/`, in the order given.
    public let imageOrigins: [String]

    /// nil when one of `imageOrigins` is not an origin: `http` or `https`, a host, an
    /// optional port, nothing else (no path, query, credentials, wildcard, or characters that
    /// could end a CSP directive). A trailing `/` is dropped.
    public init?(imageOrigins: [String] = []) {
        var origins: [String] = []
        for origin in imageOrigins {
            guard Self.isOrigin(origin) else { return nil }
            let trimmed = origin.hasSuffix("/") ? String(origin.dropLast()) : origin
            if !origins.contains(trimmed) { origins.append(trimmed) }
        }
        self.imageOrigins = origins
    }

    /// No other origin: images from this server only.
    public static let sameOriginOnly = WebClientPolicy(imageOrigins: [])!

    static func isOrigin(_ text: String) -> Bool {
        let trimmed = text.hasSuffix("/") ? String(text.dropLast()) : text
        let scheme: String
        if trimmed.hasPrefix("https://") {
            scheme = "https://"
        } else if trimmed.hasPrefix("http://") {
            scheme = "http://"
        } else {
            return false
        }
        let authority = trimmed.dropFirst(scheme.count)
        guard let first = authority.first, first != ":", first != "." else { return false }
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-:[]".utf8)
        return authority.utf8.allSatisfy { allowed.contains($0) }
    }

    /// `Content-Security-Policy`: everything not named is refused (`default-src 'none'`).
    public var contentSecurityPolicy: String {
        let images = (["'self'"] + imageOrigins).joined(separator: " ")
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
            // Requests for tiles and photos say nothing of the page.
            "Referrer-Policy": "same-origin",
        ]
    }
}
