import Foundation
import Testing

/// `/locations?query=` on the demo catalog (the one `stays serve` seeds, shared with
/// `LandmarkEndToEndTests`) as people type: what the keyboard shows while a name is being
/// composed, and the forms other keyboards send.
@Suite struct DemoAutocompleteEndToEndTests {
    var server: APITestServer { LandmarkEndToEndTests.server }

    func names(_ query: String, limit: Int = 20) throws -> [String] {
        let body = try server.json("/locations?query=\(APITestServer.encode(query))&limit=\(limit)",
                                   headers: [("Accept-Language", "ko")])
        return (body["items"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }

    @Test func aPopularPlaceStaysInSightWhileItsLastSyllableIsComposed() throws {
        // 서울 is typed 서, 성, 서우, 서울; 해운대 is typed 해, 행, 해우, 해운.
        let seong = try names("성", limit: 5), haeng = try names("행", limit: 5), seou = try names("서우")
        #expect(seong.contains("서울"), "\(seong)")
        #expect(haeng.contains { $0.hasPrefix("해운대") }, "\(haeng)")
        #expect(seou.first == "서울", "\(seou)")
        #expect(try names("서울").first == "서울")
    }

    @Test(arguments: [
        "\u{1109}\u{1165}\u{110B}\u{116E}\u{11AF}",   // 서울 as conjoining jamo (NFD)
        "Ｓｅｏｕｌ",                                     // full-width Latin
        "ＳＥＯＵＬ",
        "서\u{200B}울",                                  // a zero-width space
        "\u{FEFF}서울\u{200D}",
        "\u{1109}\u{110B}",                             // 초성 ㅅㅇ as conjoining initials
    ])
    func queriesAreNormalisedBeforeMatching(query: String) throws {
        let found = try names(query)
        #expect(found.first == "서울", "\(found)")
    }
}
