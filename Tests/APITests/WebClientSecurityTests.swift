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
        #expect(try server.get("/").text.contains(#"<meta name="stays-image-origins" content="">"#))
    }

    @Test func configuredImageOriginsAreAllowedAndToldToThePage() throws {
        let policy = try #require(WebClientPolicy(imageOrigins: ["https://tile.example.com", "https://photos.example.net/"]))
        let server = try APITestServer(configure: { $0.webClient = policy })
        let page = try server.get("/")
        #expect(page.header("Content-Security-Policy")?
            .contains("img-src 'self' https://tile.example.com https://photos.example.net;") == true)
        #expect(page.text.contains(#"<meta name="stays-image-origins" content="https://tile.example.com https://photos.example.net">"#))
    }

    @Test func onlyAnOriginIsAnImageOrigin() {
        #expect(WebClientPolicy(imageOrigins: ["https://tile.example.com/"])?.imageOrigins == ["https://tile.example.com"])
        #expect(WebClientPolicy(imageOrigins: ["http://127.0.0.1:8081", "https://[::1]:8443"]) != nil)
        for bad in ["tile.example.com", "https://", "https://tile.example.com/{z}", "https://a.example; script-src *",
                    "https://*.example.com", "ftp://tile.example.com", "https://user@tile.example.com"] {
            #expect(WebClientPolicy(imageOrigins: ["https://ok.example", bad]) == nil, "\(bad)")
        }
    }

    @Test func serveTakesImageOriginsAndRefusesWhatIsNotAnOrigin() throws {
        let good = try runStays(["serve", "--port", "0", "--print-config", "--image-origin", "https://tile.example.com",
                                 "--image-origin", "https://photos.example.net"], environment: ["PATH": "/usr/bin:/bin"])
        #expect(good.status == 0, "\(good)")
        #expect(good.output.contains("image-origin = https://tile.example.com,https://photos.example.net  (flag --image-origin)"),
                "\(good.output)")
        let bad = try runStays(["serve", "--port", "0", "--print-config", "--image-origin", "https://a.example; script-src *"],
                               environment: ["PATH": "/usr/bin:/bin"])
        #expect(bad.status != 0)
        #expect(bad.error.contains("image-origin"), "\(bad.error)")
    }
}
