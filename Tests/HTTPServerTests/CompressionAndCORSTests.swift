import Foundation
import HTTP1
import Testing
import TestSupport
@testable import HTTPServer

/// gzip negotiation, entity tags per encoding, HEAD, Vary merging and CORS, over real sockets.
@Suite(.serialized) struct CompressionAndCORSTests {
    /// 4,000+ bytes of JSON-like text, compressible.
    static let large: [UInt8] = Array(("[" + (0..<200).map { "{\"day\":\"2026-12-\($0 % 28 + 10)\",\"n\":\($0)}" }
        .joined(separator: ",") + "]").utf8)

    static func router() -> Router {
        var router = Router()
        router.get("/large") { _ in
            var response = HTTPResponse.json(large)
            response.headers.append(name: "Cache-Control", value: "no-cache")
            response.headers.append(name: "Vary", value: "Accept-Language")
            return response
        }
        router.get("/small") { _ in .json(Array("{\"ok\":true}".utf8)) }
        router.get("/encoded") { _ in
            HTTPResponse(status: .ok, headers: ["Content-Encoding": "br", "Content-Type": "application/json"], body: large)
        }
        router.get("/tagged") { _ in
            HTTPResponse(status: .ok, headers: ["ETag": "W/\"v7\"", "Content-Type": "application/json"], body: large)
        }
        router.post("/items") { _ in HTTPResponse(status: .created, headers: ["Location": "/items/1"], body: large) }
        router.delete("/items/{id}") { _ in HTTPResponse(status: .noContent) }
        return router
    }

    static func server(cors: [String] = []) throws -> RunningServer {
        try RunningServer(responder: router().responder(errorLog: { _ in }, compression: ResponseCompression(),
                                                       cors: CORSPolicy(origins: cors)))
    }

    func get(_ server: RunningServer, _ target: String, _ headers: [(String, String)] = []) throws -> ClientResponse {
        try server.client().get(target, headers: headers)
    }

    @Test func negotiationMatrix() throws {
        let server = try Self.server()
        defer { server.stop() }
        let cases: [(String?, Bool)] = [
            (nil, false),
            ("", false),
            ("gzip", true),
            ("GZIP", true),
            ("x-gzip", true),
            ("gzip, deflate, br", true),
            ("deflate, br", false),
            ("gzip;q=0", false),
            ("gzip; q=0.000", false),
            ("gzip;q=0.001", false),          // identity, not listed, weighs 1 and wins
            ("gzip;q=0.001, identity;q=0", true),
            ("*", true),
            ("*;q=0", false),
            ("*, gzip;q=0", false),
            ("identity", false),
            ("identity;q=0", false),          // gzip not listed, no `*`: gzip weighs 0
            ("identity;q=0, *", true),
            ("gzip;q=0.5, identity;q=1", false),
            ("gzip;q=1, identity;q=0.5", true),
            ("gzip;q=0.5, identity;q=0.5", true),
            ("gzip;q=2", false),              // malformed q-value: the element is ignored
            ("gzip;q=abc, *;q=0.1", true),
            ("br;q=1.0, gzip;q=0.8, *;q=0.1", true),
            (" gzip ; Q=0.7 , identity;q=0.5", true),
            ("gzip;q=0.7", false),
        ]
        for (header, expected) in cases {
            let response = try get(server, "/large", header.map { [("Accept-Encoding", $0)] } ?? [])
            #expect(response.status == 200)
            #expect((response.header("Content-Encoding") == "gzip") == expected, "Accept-Encoding: \(header ?? "<absent>")")
            #expect(response.header("Vary") == "Accept-Language, Accept-Encoding")
            let body = expected ? try Gzip.decompress(response.body) : response.body
            #expect(body == Self.large, "Accept-Encoding: \(header ?? "<absent>")")
            if expected { #expect(response.body.count < Self.large.count / 4) }
        }
    }

    @Test func entityTagsPerEncodingAnd304() throws {
        let server = try Self.server()
        defer { server.stop() }
        let plain = try get(server, "/large")
        let zipped = try get(server, "/large", [("Accept-Encoding", "gzip")])
        let identityTag = try #require(plain.header("ETag"))
        let gzipTag = try #require(zipped.header("ETag"))
        #expect(gzipTag == String(identityTag.dropLast()) + "-gzip\"")
        #expect(identityTag == EntityTag.strong(for: Self.large))

        let gzip304 = try get(server, "/large", [("Accept-Encoding", "gzip"), ("If-None-Match", gzipTag)])
        #expect(gzip304.status == 304)
        #expect(gzip304.body.isEmpty)
        #expect(gzip304.header("ETag") == gzipTag)
        #expect(gzip304.header("Vary") == "Accept-Language, Accept-Encoding")
        #expect(gzip304.header("Content-Encoding") == nil)
        let identity304 = try get(server, "/large", [("If-None-Match", identityTag)])
        #expect(identity304.status == 304)
        #expect(identity304.header("ETag") == identityTag)
        // The other encoding's tag does not match: the full answer.
        let crossed = try get(server, "/large", [("Accept-Encoding", "gzip"), ("If-None-Match", identityTag)])
        #expect(crossed.status == 200)
        #expect(try Gzip.decompress(crossed.body) == Self.large)
        #expect(try get(server, "/large", [("If-None-Match", gzipTag)]).status == 200)
        // A handler's weak tag keeps its W/ and gets the suffix inside the quotes.
        let tagged = try get(server, "/tagged", [("Accept-Encoding", "gzip")])
        #expect(tagged.header("ETag") == "W/\"v7-gzip\"")
        #expect(try get(server, "/tagged", [("Accept-Encoding", "gzip"), ("If-None-Match", "\"v7-gzip\"")]).status == 304)
    }

    @Test func headReportsTheHeadersOfGet() throws {
        let server = try Self.server()
        defer { server.stop() }
        for encoding in ["gzip", "identity"] {
            let get = try get(server, "/large", [("Accept-Encoding", encoding)])
            let head = try server.client().send(method: "HEAD", "/large", headers: [("Accept-Encoding", encoding)])
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
            for name in ["Content-Encoding", "Content-Length", "ETag", "Vary", "Content-Type"] {
                #expect(head.header(name) == get.header(name), "\(encoding): \(name)")
            }
        }
    }

    @Test func whatIsNotCompressed() throws {
        let server = try Self.server()
        defer { server.stop() }
        let small = try get(server, "/small", [("Accept-Encoding", "gzip")])
        #expect(small.header("Content-Encoding") == nil)
        #expect(small.header("Vary") == nil)
        let encoded = try get(server, "/encoded", [("Accept-Encoding", "gzip")])
        #expect(encoded.header("Content-Encoding") == "br")
        #expect(encoded.body == Self.large)
        let notFound = try get(server, "/nothing", [("Accept-Encoding", "gzip")])
        #expect(notFound.status == 404)
        #expect(notFound.header("Content-Encoding") == nil)
        let client = try server.client()
        let deleted = try client.send(method: "DELETE", "/items/1", headers: [("Accept-Encoding", "gzip")])
        #expect(deleted.status == 204)
        #expect(deleted.header("Content-Encoding") == nil)
        // Large non-GET answers are compressed too, without an ETag.
        let created = try client.post("/items", json: "{}", headers: [("Accept-Encoding", "gzip")])
        #expect(created.status == 201)
        #expect(created.header("Content-Encoding") == "gzip")
        #expect(created.header("ETag") == nil)
        #expect(try Gzip.decompress(created.body) == Self.large)
    }

    @Test func independentGunzipReadsOurOutput() throws {
        let gunzip = URL(fileURLWithPath: "/bin/gzip")
        guard FileManager.default.isExecutableFile(atPath: gunzip.path) else {
            print("skipped: /bin/gzip not installed")
            return
        }
        let compressed = try Gzip.compress(Self.large)
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("stays-gzip-\(getpid()).gz")
        try Data(compressed).write(to: input)
        defer { _ = unlink(input.path) }
        let process = Process()
        process.executableURL = gunzip
        process.arguments = ["-dc", input.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(Array(output) == Self.large)
        #expect(throws: Gzip.Failure.self) { try Gzip.decompress(Array(compressed.dropLast(9))) }
    }

    @Test func varyMerging() {
        var headers: HTTPFields = ["Vary": "Accept-Language"]
        RouterResponder.addVary("Accept-Encoding", to: &headers)
        #expect(headers.values(for: "Vary") == ["Accept-Language, Accept-Encoding"])
        RouterResponder.addVary("Accept-Encoding", to: &headers)
        #expect(headers.values(for: "Vary") == ["Accept-Language, Accept-Encoding"])
        var two: HTTPFields = ["Vary": "Accept-Language", "vary": "Cookie"]
        RouterResponder.addVary("Origin", to: &two)
        #expect(two.values(for: "Vary") == ["Accept-Language, Cookie, Origin"])
        var star: HTTPFields = ["Vary": "*"]
        RouterResponder.addVary("Origin", to: &star)
        #expect(star.values(for: "Vary") == ["*"])
        var none = HTTPFields()
        RouterResponder.addVary("Origin", to: &none)
        #expect(none.values(for: "Vary") == ["Origin"])
    }

    // MARK: CORS

    static let origin = "https://app.example.com"

    @Test func corsOffSendsNothing() throws {
        let server = try RunningServer(responder: Self.router().responder(errorLog: { _ in }))
        defer { server.stop() }
        let response = try get(server, "/small", [("Origin", Self.origin)])
        #expect(!response.headers.contains { $0.0.lowercased().hasPrefix("access-control-") })
        #expect(response.header("Vary") == nil)
        let preflight = try server.client().send(method: "OPTIONS", "/items/1", headers: [
            ("Origin", Self.origin), ("Access-Control-Request-Method", "DELETE")])
        #expect(preflight.status == 204)
        #expect(!preflight.headers.contains { $0.0.lowercased().hasPrefix("access-control-") })
        #expect(CORSPolicy(origins: []) == nil)
    }

    @Test func corsAllowedOrigin() throws {
        let server = try Self.server(cors: [Self.origin + "/", "https://other.example"])
        defer { server.stop() }
        let response = try get(server, "/large", [("Origin", Self.origin), ("Accept-Encoding", "gzip")])
        #expect(response.header("Access-Control-Allow-Origin") == Self.origin)
        #expect(response.header("Access-Control-Expose-Headers")
                == "ETag, Location, X-Request-Id, Retry-After, Idempotent-Replayed")
        #expect(response.header("Vary") == "Accept-Language, Accept-Encoding, Origin")
        let notModified = try get(server, "/large", [("Origin", Self.origin), ("Accept-Encoding", "gzip"),
                                                     ("If-None-Match", response.header("ETag") ?? "")])
        #expect(notModified.status == 304)
        #expect(notModified.header("Access-Control-Allow-Origin") == Self.origin)
        let problem = try get(server, "/nothing", [("Origin", "https://other.example")])
        #expect(problem.status == 404)
        #expect(problem.header("Access-Control-Allow-Origin") == "https://other.example")
    }

    @Test func corsDisallowedOrigin() throws {
        let server = try Self.server(cors: [Self.origin])
        defer { server.stop() }
        for origin in ["https://evil.example", "http://app.example.com", "null"] {
            let response = try get(server, "/small", [("Origin", origin)])
            #expect(response.status == 200)
            #expect(!response.headers.contains { $0.0.lowercased().hasPrefix("access-control-") })
            #expect(response.header("Vary") == "Origin")
            let preflight = try server.client().send(method: "OPTIONS", "/items/1", headers: [
                ("Origin", origin), ("Access-Control-Request-Method", "DELETE")])
            #expect(preflight.status == 204)
            #expect(preflight.header("Allow") == "DELETE, OPTIONS")
            #expect(!preflight.headers.contains { $0.0.lowercased().hasPrefix("access-control-") })
        }
        let noOrigin = try get(server, "/small")
        #expect(!noOrigin.headers.contains { $0.0.lowercased().hasPrefix("access-control-") })
    }

    @Test func corsPreflight() throws {
        let server = try Self.server(cors: [Self.origin])
        defer { server.stop() }
        let preflight = try server.client().send(method: "OPTIONS", "/items", headers: [
            ("Origin", Self.origin), ("Access-Control-Request-Method", "POST"),
            ("Access-Control-Request-Headers", "authorization, content-type, idempotency-key")])
        #expect(preflight.status == 204)
        #expect(preflight.header("Access-Control-Allow-Origin") == Self.origin)
        #expect(preflight.header("Access-Control-Allow-Methods") == "OPTIONS, POST")
        let allowedHeaders = preflight.header("Access-Control-Allow-Headers") ?? ""
        for name in ["Authorization", "Content-Type", "Idempotency-Key", "If-None-Match", "Accept-Language", "X-Request-Id"] {
            #expect(allowedHeaders.contains(name))
        }
        #expect(preflight.header("Access-Control-Max-Age") == "600")
        #expect(preflight.header("Vary") == "Origin")
        #expect(preflight.header("Access-Control-Expose-Headers") == nil)
        // A plain OPTIONS (no Access-Control-Request-Method) is the router's 204 + Allow.
        let plain = try server.client().send(method: "OPTIONS", "/large", headers: [("Origin", Self.origin)])
        #expect(plain.status == 204)
        #expect(plain.header("Allow") == "GET, HEAD, OPTIONS")
        #expect(plain.header("Access-Control-Allow-Methods") == nil)
        // Unrouted path: 404, still readable by the page.
        let missing = try server.client().send(method: "OPTIONS", "/nowhere", headers: [
            ("Origin", Self.origin), ("Access-Control-Request-Method", "GET")])
        #expect(missing.status == 404)
    }
}
