import API
import Foundation
import TestSupport
import Testing

/// The web client's answers tell the browser to load nothing from elsewhere (but the map tile
/// origin the operator names), to be framed by no one, and not to sniff.
@Suite struct WebClientSecurityTests {
    func assets(_ server: APITestServer) throws -> [String] {
        let page = try server.get("/").text
        let version = try #require(page.firstMatch(of: /\/web\/([0-9a-f]{16})\/app\.js/)?.1)
        return ["/", "/web/\(version)/app.js", "/web/\(version)/app.css"]
    }

    @Test func theWebClientCarriesItsSecurityHeaders() throws {
        let server = APITestServer.shared
        for path in try assets(server) {
            let response = try server.get(path)
            #expect(response.status == 200, "\(path)")
            let policy = response.header("Content-Security-Policy") ?? ""
            #expect(policy == "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
                        + "connect-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'self'; "
                        + "frame-ancestors 'none'", "\(path)")
            #expect(response.header("X-Content-Type-Options") == "nosniff", "\(path)")
            #expect(response.header("X-Frame-Options") == "DENY", "\(path)")
            #expect(response.header("Referrer-Policy") == "same-origin", "\(path)")
        }
        #expect(try server.get("/").text.contains(#"<meta name="stays-map-tiles-origin" content="">"#))
    }

    @Test func aConfiguredTileOriginIsAllowedForImagesAndToldToThePage() throws {
        let policy = try #require(WebClientPolicy(mapTilesOrigin: "https://tile.example.com"))
        let server = try APITestServer(configure: { $0.webClient = policy })
        let page = try server.get("/")
        #expect(page.header("Content-Security-Policy")?.contains("img-src 'self' https://tile.example.com;") == true)
        #expect(page.text.contains(#"<meta name="stays-map-tiles-origin" content="https://tile.example.com">"#))
    }

    @Test func onlyAnOriginIsATileOrigin() {
        #expect(WebClientPolicy(mapTilesOrigin: "https://tile.example.com/")?.mapTilesOrigin == "https://tile.example.com")
        #expect(WebClientPolicy(mapTilesOrigin: "http://127.0.0.1:8081") != nil)
        for bad in ["tile.example.com", "https://", "https://tile.example.com/{z}", "https://a.example; script-src *",
                    "https://*.example.com", "ftp://tile.example.com", "https://user@tile.example.com"] {
            #expect(WebClientPolicy(mapTilesOrigin: bad) == nil, "\(bad)")
        }
    }
}
