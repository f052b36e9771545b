import HTTP1
import JSON
import TestSupport
import Testing
@testable import HTTPServer

@Suite struct JSONBodyReaderTests {
    func request(_ body: String, contentType: String? = "application/json") -> Request {
        request(bytes: Array(body.utf8), contentType: contentType)
    }

    func request(bytes: [UInt8], contentType: String? = "application/json") -> Request {
        var headers: HTTPFields = ["Host": "x"]
        if let contentType { headers.append(name: "Content-Type", value: contentType) }
        return Request(head: HTTPRequest(method: .post, target: "/r", headers: headers, body: bytes),
                       query: Self.noQuery, requestID: "t")
    }

    /// The problem `body` throws (any other error fails the test).
    func problem(_ body: () throws -> Void) -> Problem? {
        do {
            try body()
            return nil
        } catch let problem as Problem {
            return problem
        } catch {
            Issue.record("not a problem: \(error)")
            return nil
        }
    }

    /// No query: the body reader never looks at it.
    static let noQuery = try! QueryParameters(parsing: nil)

    @Test(arguments: [
        ("application/json", true), ("APPLICATION/JSON", true), ("application/json; charset=utf-8", true),
        ("application/json;charset=UTF-8", true), ("application/json ; charset=\"utf-8\"", true),
        ("application/json; version=2", true), ("Application/Json;", true), ("\tapplication/json ", true),
        ("application/json; charset=iso-8859-1", false), ("application/jsonx", false), ("application/json-seq", false),
        ("text/json", false), ("text/plain", false), ("application/problem+json", false), ("", false),
        ("application/json; charset", false), ("application/x-www-form-urlencoded", false),
    ])
    func mediaTypes(value: String, accepted: Bool) {
        #expect(JSONObjectReader.isJSONMediaType(value) == accepted, "\(value)")
    }

    @Test func wrongOrMissingContentTypeIs415() {
        for contentType in [nil, "text/plain", "application/json; charset=latin1"] as [String?] {
            let refused = problem { _ = try request("{}", contentType: contentType).jsonObject() }
            #expect(refused?.status.code == 415)
            #expect(refused?.type == .unsupportedMediaType)
        }
    }

    @Test func bodyOverTheLimitIs413EvenWhenNotJSON() {
        let body = String(repeating: "x", count: 101)
        let refused = problem { _ = try request(body).jsonObject(maxBytes: 100) }
        #expect(refused?.status == .contentTooLarge)
        #expect(refused?.type == .payloadTooLarge)
        #expect(problem { _ = try request("\"" + String(repeating: "x", count: 98) + "\"").jsonObject(maxBytes: 100) }?.status == .badRequest)
    }

    @Test func malformedJSONIs400WithTheOffset() {
        let refused = problem { _ = try request(#"{"a":1,}"#).jsonObject() }
        #expect(refused?.status == .badRequest)
        #expect(refused?.type == .invalidBody)
        #expect(refused?.detail == "The request body is not valid JSON. Invalid JSON at byte 7: unexpected character '}'.")
        #expect(problem { _ = try request("").jsonObject() }?.detail?.contains("byte 0: unexpected end of input") == true)
        #expect(problem { _ = try request(#"{"a":1,"a":2}"#).jsonObject() }?.detail?.contains("duplicate key \"a\"") == true)
        let deep = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
        #expect(problem { _ = try request(#"{"a":"# + deep + "}").jsonObject() }?.detail?.contains("nested too deeply") == true)
    }

    @Test func aTopLevelOtherThanAnObjectIs400() {
        for (body, kind) in [("[]", "an array"), ("1", "a number"), ("\"s\"", "a string"), ("null", "null"), ("true", "a boolean")] {
            let refused = problem { _ = try request(body).jsonObject() }
            #expect(refused?.type == .invalidBody)
            #expect(refused?.detail == "The request body must be a JSON object, not \(kind).")
        }
    }

    @Test func aValidBodyReadsCleanly() throws {
        var body = try request(#"{"listingId":"42","guests":{"adults":2,"children":0},"note":null,"flexible":true,"lat":37.5}"#)
            .jsonObject()
        #expect(body.string("listingId") == "42")
        let guests: (Int, Int)? = body.object("guests") { inner in
            guard let adults = inner.int("adults", in: 1...16), let children = inner.int("children", in: 0...15) else { return nil }
            return (adults, children)
        }
        #expect(guests?.0 == 2 && guests?.1 == 0)
        #expect(body.optionalString("note") == nil)          // null is absent
        #expect(body.optionalString("coupon") == nil)        // absent
        #expect(body.bool("flexible") == true)
        #expect(body.double("lat", in: -90...90) == 37.5)
        #expect(body.issues.isEmpty)
        try body.finish()
    }

    @Test func everyBadFieldIsNamedInOneProblem() throws {
        var body = try request(#"{"guests":17,"checkin":5,"name":"","extra":1,"nested":{"x":"1","y":true},"count":2.0,"big":1e2,"huge":99999999999999999999,"typo":null}"#)
            .jsonObject()
        _ = body.string("listingId")                   // missing
        _ = body.int("guests", in: 1...16)              // out of range
        _ = body.string("checkin")                      // wrong type
        _ = body.string("name", length: 1...64)        // too short
        _ = body.int("count", in: 0...Int.max)           // a fraction is not an integer
        _ = body.optionalInt("big")                     // nor an exponent
        _ = body.optionalInt("huge", in: Int.min...9)   // beyond Int64
        _ = body.object("nested") { inner -> Int? in inner.int("x") }
        _ = body.optionalBool("flag")
        body.fail("checkout", "must be after checkin")
        let thrown = problem { try body.finish() }
        let refused = try #require(thrown)
        #expect(refused.status == .badRequest)
        #expect(refused.type == .invalidBody)
        #expect(refused.title == "Invalid request body")
        #expect(refused.invalidParams == [
            InvalidParam(name: "listingId", reason: "is required"),
            InvalidParam(name: "guests", reason: "must be an integer between 1 and 16"),
            InvalidParam(name: "checkin", reason: "must be a string"),
            InvalidParam(name: "name", reason: "must be a string of 1 to 64 characters"),
            InvalidParam(name: "count", reason: "must be an integer of at least 0"),
            InvalidParam(name: "big", reason: "must be an integer"),
            InvalidParam(name: "huge", reason: "must be an integer of at most 9"),
            InvalidParam(name: "nested.x", reason: "must be an integer"),
            InvalidParam(name: "nested.y", reason: "is not a known field"),
            InvalidParam(name: "checkout", reason: "must be after checkin"),
            InvalidParam(name: "extra", reason: "is not a known field"),
            InvalidParam(name: "typo", reason: "is not a known field"),
        ])
    }

    @Test func requiredNullAndWrongContainerTypes() throws {
        var body = try request(#"{"a":null,"b":[],"c":"x","d":{}}"#).jsonObject()
        _ = body.int("a")
        _ = body.object("b") { _ -> Int? in 1 }
        _ = body.bool("c")
        _ = body.value("d")
        #expect(body.allIssues == [InvalidParam(name: "a", reason: "is required"),
                                   InvalidParam(name: "b", reason: "must be an object"),
                                   InvalidParam(name: "c", reason: "must be true or false")])
        var ignoring = try request(#"{"client":"web","v":1}"#).jsonObject()
        ignoring.ignore("client", "v")
        try ignoring.finish()
    }

    @Test func hostileBodiesNeverTrap() {
        var random = TestRandom(seed: 7)
        let pieces = ["{", "}", "[", "]", ":", ",", "\"a\"", "\"guests\"", "1", "-0", "1e999", "2.5", "null", "true",
                      "\"\\ud800\"", "\"\\u0000\"", " ", "\u{00}", "\u{FF}", "99999999999999999999999"]
        for _ in 0..<2_000 {
            let text = (0..<random.next(in: 0...12)).map { _ in pieces[random.next(below: pieces.count)] }.joined()
            do throws(Problem) {
                var body = try request(text).jsonObject(maxBytes: 256, limits: JSONLimits(maxDepth: 4))
                _ = body.int("guests", in: 1...16)
                _ = body.optionalString("a")
                _ = body.object("x") { $0.optionalDouble("y", in: 0...1) }
                try body.finish()
            } catch {
                #expect(error.status == .badRequest || error.status == .contentTooLarge)
            }
        }
    }
}
