import Foundation
import Testing
import TestSupport
@testable import API

/// The web client served at `/` from the files embedded at build time, and the demo
/// catalog's generated pictures: what a browser relies on (types, validators, caching).
@Suite(.serialized) struct WebClientEndToEndTests {
    static let webDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Web").standardizedFileURL

    /// The asset URLs the page names, `/web/<version>/<file>`.
    static func assetPaths(in page: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"(?:href|src)="(/web/[0-9a-f]{16}/[a-z]+\.(?:js|css))""#)
        return pattern.matches(in: page, range: NSRange(page.startIndex..., in: page)).map {
            String(page[Range($0.range(at: 1), in: page)!])
        }
    }

    @Test func rootServesThePageAlwaysRevalidated() throws {
        let server = try APITestServer()
        let response = try server.get("/")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "text/html; charset=utf-8")
        #expect(response.header("Cache-Control") == "no-cache")
        let page = String(decoding: response.body, as: UTF8.self)
        #expect(page.hasPrefix("<!doctype html>"))
        #expect(!page.contains("{{VERSION}}"))
        let etag = try #require(response.header("ETag"))
        #expect(etag.hasPrefix("\"") && etag.hasSuffix("\""), "a strong validator")
        let again = try server.get("/", headers: [("If-None-Match", etag)])
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
        #expect(again.header("Cache-Control") == "no-cache")
    }

    /// The links Stays emails open the page itself (which reads their token), with the
    /// page's caching and security policy; other paths stay unknown.
    @Test func theEmailedLinksPathsServeThePage() throws {
        let server = try APITestServer()
        let root = try server.get("/")
        #expect(root.header("Content-Security-Policy") != nil)
        for path in ["/verify-email?token=abc", "/reset-password?token=abc"] {
            let response = try server.get(path)
            #expect(response.status == 200, "\(path)")
            #expect(response.header("Content-Type") == "text/html; charset=utf-8")
            #expect(response.header("Cache-Control") == "no-cache")
            #expect(response.header("Content-Security-Policy") == root.header("Content-Security-Policy"))
            #expect(response.body == root.body, "\(path) is the same page as /")
        }
        #expect(try server.get("/verify-emails").status == 404)
    }

    /// Every asset the page names is served with its type, a year of caching, and the exact
    /// bytes of its file in Web/ (so `swift run stays` needs no files on disk).
    @Test func theAssetsThePageNamesAreTheFilesInWeb() throws {
        let server = try APITestServer()
        let page = String(decoding: try server.get("/").body, as: UTF8.self)
        let paths = Self.assetPaths(in: page)
        #expect(paths.count == 2, "the stylesheet and the main module")
        let types = ["js": "text/javascript; charset=utf-8", "css": "text/css; charset=utf-8"]
        for path in paths {
            let response = try server.get(path)
            #expect(response.status == 200, "\(path)")
            let name = String(path.split(separator: "/").last!)
            #expect(response.header("Content-Type") == types[String(name.split(separator: ".").last!)])
            #expect(response.header("Cache-Control") == "public, max-age=31536000, immutable")
            let file = try Data(contentsOf: Self.webDirectory.appendingPathComponent(name))
            #expect(response.body == Array(file), "\(name) as in Web/")
            let etag = try #require(response.header("ETag"))
            #expect(try server.get(path, headers: [("If-None-Match", etag)]).status == 304)
        }
    }

    /// The modules import each other by relative URL: each import resolves inside the version.
    @Test func everyModuleTheMainModuleImportsIsServed() throws {
        let server = try APITestServer()
        let page = String(decoding: try server.get("/").body, as: UTF8.self)
        let main = try #require(Self.assetPaths(in: page).first { $0.hasSuffix("/app.js") })
        let base = main.dropLast("app.js".count)
        let modules = try FileManager.default.contentsOfDirectory(atPath: Self.webDirectory.path).filter { $0.hasSuffix(".js") }
        #expect(modules.count > 1)
        for module in modules {
            let response = try server.get(base + module)
            #expect(response.status == 200, "\(module)")
            #expect(response.header("Content-Type") == "text/javascript; charset=utf-8")
        }
    }

    @Test func anotherVersionOrAnUnknownFileIsNotFound() throws {
        let server = try APITestServer()
        let page = String(decoding: try server.get("/").body, as: UTF8.self)
        let main = try #require(Self.assetPaths(in: page).first { $0.hasSuffix("/app.js") })
        #expect(try server.get("/web/0000000000000000/app.js").status == 404)
        #expect(try server.get(String(main.dropLast("app.js".count)) + "nothing.js").status == 404)
        let problem = try server.json("/web/0000000000000000/app.js", status: 404)
        #expect(problem["type"] as? String == "/problems/not-found")
    }

    @Test func demoPicturesAreDeterministicSVGPerPath() throws {
        let server = try APITestServer()
        let first = try server.get("/images/listings/2538/1.svg")
        #expect(first.status == 200)
        #expect(first.header("Content-Type") == "image/svg+xml")
        #expect(first.header("Cache-Control") == "public, max-age=86400")
        let svg = String(decoding: first.body, as: UTF8.self)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.hasSuffix("</svg>"))
        #expect(try server.get("/images/listings/2538/1.svg").body == first.body, "the same bytes every time")
        #expect(try server.get("/images/listings/2538/2.svg").body != first.body, "another photo looks different")
        #expect(try server.get("/images/listings/2539/1.svg").body != first.body, "another listing looks different")
        // A cover is outside (a house or a view), and covers differ in kind between listings;
        // photos 2 to 5 are the four rooms.
        func scene(_ path: String) throws -> String {
            let svg = String(decoding: try server.get(path).body, as: UTF8.self)
            let marker = try #require(svg.range(of: "data-scene=\""))
            return String(svg[marker.upperBound...].prefix { $0 != "\"" })
        }
        let covers = try Set((1...40).map { try scene("/images/listings/\($0)/1.svg") })
        #expect(covers.isSubset(of: DemoImage.outsideScenes) && covers.count == 4, "\(covers)")
        let rooms = try (2...5).map { try scene("/images/listings/2538/\($0).svg") }
        #expect(Set(rooms) == Set(DemoImage.rooms), "\(rooms)")
        let city = try server.get("/images/locations/seoul.svg")
        #expect(city.status == 200)
        #expect(city.header("Content-Type") == "image/svg+xml")
        #expect(try server.get("/images/locations/busan.svg").body != city.body)
    }

    @Test func picturePathsTheGeneratorCannotMakeAreNotFound() throws {
        let server = try APITestServer()
        for path in ["/images/listings/abc/1.svg", "/images/listings/1/0.svg", "/images/listings/1/100.svg",
                     "/images/listings/1/01.svg", "/images/listings/1/1.png", "/images/locations/Seoul.svg",
                     "/images/locations/seoul.png", "/images/locations/.svg"] {
            #expect(try server.get(path).status == 404, "\(path)")
        }
    }
}
