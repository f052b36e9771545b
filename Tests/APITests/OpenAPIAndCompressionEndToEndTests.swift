import Application
import Foundation
import HTTPServer
import Testing
import TestSupport

/// The served API description, and gzip and CORS as `buildApplication` wires them.
@Suite(.serialized) struct OpenAPIAndCompressionEndToEndTests {
    static let specURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../docs/openapi.yaml").standardizedFileURL

    @Test func servesTheYAMLItWasBuiltWith() throws {
        let server = try APITestServer()
        let response = try server.get("/openapi.yaml")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/yaml")
        #expect(response.header("Cache-Control") == "public, max-age=300")
        #expect(response.body == Array(try Data(contentsOf: Self.specURL)))
        let etag = try #require(response.header("ETag"))
        let again = try server.get("/openapi.yaml", headers: [("If-None-Match", etag)])
        #expect(again.status == 304)
        #expect(again.header("Cache-Control") == "public, max-age=300")
        let zipped = try server.get("/openapi.yaml", headers: [("Accept-Encoding", "gzip")])
        #expect(zipped.header("Content-Encoding") == "gzip")
        #expect(try Gzip.decompress(zipped.body) == response.body)
    }

    /// docs/openapi.json as committed, and the same document as the YAML by PyYAML's reading,
    /// member order included.
    @Test func servesTheSameDocumentAsJSON() throws {
        let server = try APITestServer()
        let response = try server.get("/openapi.json")
        #expect(response.status == 200)
        let committed = Self.specURL.deletingPathExtension().appendingPathExtension("json")
        #expect(response.body == Array(try Data(contentsOf: committed)))
        #expect(response.header("Content-Type") == "application/json; charset=utf-8")
        #expect(response.header("Cache-Control") == "public, max-age=300")
        let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        #expect(object?["openapi"] as? String == "3.1.0")
        #expect((object?["paths"] as? [String: Any])?["/openapi.json"] != nil)

        let served = FileManager.default.temporaryDirectory.appendingPathComponent("stays-openapi-\(getpid()).json")
        try Data(response.body).write(to: served)
        defer { _ = unlink(served.path) }
        let script = """
            import json, sys
            try:
                import yaml
            except ImportError:
                print("no PyYAML"); sys.exit(3)
            reference = json.dumps(yaml.safe_load(open(sys.argv[1], encoding="utf-8")), default=str, sort_keys=False)
            mine = json.dumps(json.load(open(sys.argv[2], encoding="utf-8")), sort_keys=False)
            if reference != mine:
                for i, (a, b) in enumerate(zip(reference, mine)):
                    if a != b:
                        print("differs at", i, repr(reference[max(0, i - 80):i + 80]), repr(mine[max(0, i - 80):i + 80]))
                        break
                else:
                    print("lengths differ", len(reference), len(mine))
                sys.exit(1)
            print("same")
            """
        let process = Process()
        // python3 from PATH (CI's has PyYAML); 127: not installed.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, Self.specURL.path, served.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus == 3 || process.terminationStatus == 127 {
            print("OpenAPIAndCompressionEndToEndTests: SKIPPED the comparison with PyYAML: "
                  + (process.terminationStatus == 3 ? "PyYAML is not installed" : "python3 is not installed"))
            return
        }
        #expect(process.terminationStatus == 0, "\(output)")
    }

    @Test func twelveMonthCalendarShrinksFiveTimes() throws {
        let server = try APITestServer()
        let target = "/calendar?listingId=101&start=2027-12&months=12"
        let plain = try server.get(target)
        let zipped = try server.get(target, headers: [("Accept-Encoding", "gzip, deflate, br")])
        #expect(plain.status == 200)
        #expect(plain.header("Content-Encoding") == nil)
        #expect(zipped.header("Content-Encoding") == "gzip")
        #expect(zipped.header("Vary") == "Accept-Language, Accept-Encoding")
        #expect(plain.header("Vary") == "Accept-Language, Accept-Encoding")
        #expect(try Gzip.decompress(zipped.body) == plain.body)
        #expect(plain.body.count >= 5 * zipped.body.count, "\(plain.body.count) -> \(zipped.body.count)")
        let tag = try #require(zipped.header("ETag"))
        #expect(tag == String(try #require(plain.header("ETag")).dropLast()) + "-gzip\"")
        #expect(try server.get(target, headers: [("Accept-Encoding", "gzip"), ("If-None-Match", tag)]).status == 304)
    }

    @Test func offWithoutConfiguration() throws {
        let server = try APITestServer(configure: { $0.compression = nil })
        let response = try server.get("/calendar?listingId=101&start=2027-12&months=12", headers: [("Accept-Encoding", "gzip"),
                                                                                                    ("Origin", "https://app.example.com")])
        #expect(response.header("Content-Encoding") == nil)
        #expect(response.header("Vary") == "Accept-Language")
        #expect(!response.headers.contains { $0.0.lowercased().hasPrefix("access-control-") })
    }

    @Test func corsFromTheConfiguration() throws {
        let server = try APITestServer(configure: { $0.cors = CORSPolicy(origins: ["https://app.example.com"]) })
        let client = try TestClient(port: server.port)
        let preflight = try client.send(method: "OPTIONS", "/reservations", headers: [
            ("Origin", "https://app.example.com"), ("Access-Control-Request-Method", "POST"),
            ("Access-Control-Request-Headers", "authorization, content-type, idempotency-key")])
        #expect(preflight.status == 204)
        #expect(preflight.header("Access-Control-Allow-Origin") == "https://app.example.com")
        #expect(preflight.header("Access-Control-Allow-Methods")?.contains("POST") == true)
        #expect(preflight.header("Access-Control-Max-Age") != nil)
        let unauthorized = try server.get("/reservations", headers: [("Origin", "https://app.example.com")])
        #expect(unauthorized.status == 401)
        #expect(unauthorized.header("Access-Control-Allow-Origin") == "https://app.example.com")
        #expect(unauthorized.header("Access-Control-Expose-Headers")?.contains("Idempotent-Replayed") == true)
        let other = try server.get("/health", headers: [("Origin", "https://evil.example")])
        #expect(other.header("Access-Control-Allow-Origin") == nil)
        #expect(other.header("Vary") == "Origin")
    }
}
