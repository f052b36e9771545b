import Foundation
import Testing

/// `/locations?query=` over a real socket, as an app sends what a Korean keyboard shows
/// while composing (see `AutocompleteFixture`).
@Suite struct AutocompleteEndToEndTests {
    static let server: APITestServer = {
        do { return try APITestServer(catalog: AutocompleteFixture.make) }
        catch { fatalError("cannot start the autocomplete test server: \(error)") }
    }()

    func items(_ query: String, language: String = "ko") throws -> [[String: Any]] {
        let body = try Self.server.json("/locations?query=\(APITestServer.encode(query))",
                                        headers: [("Accept-Language", language)])
        return body["items"] as? [[String: Any]] ?? []
    }
    func names(_ query: String) throws -> [String] { try items(query).compactMap { $0["name"] as? String } }
    func fullNames(_ query: String) throws -> [String] { try items(query).compactMap { $0["fullName"] as? String } }

    @Test func whatTheKeyboardShowsWhileComposing() throws {
        // 서울 is typed ㅅ, 서, 성, 서우, 서울: each finds 서울.
        for screen in ["ㅅ", "서", "성", "서우", "서울"] {
            #expect(try names(screen).contains("서울"), "\(screen)")
        }
        for screen in ["해", "행", "해우", "해운", "해운대"] {
            #expect(try names(screen).contains("해운대구"), "\(screen)")
        }
        #expect(try names("서").contains("성수동"))
        #expect(try names("강남ㄱ") == ["강남구"])
        // As typed before still composing: 성수동 before 서울 for 성, whatever the counts.
        #expect(try names("성") == ["성수동", "서울"])
    }

    @Test func ranking() throws {
        #expect(try names("주") == ["주문진", "제주", "중구", "중구"])   // literal prefix, literal contains, composing
        #expect(try fullNames("주").suffix(2) == ["서울특별시 중구", "부산광역시 중구"])
        #expect(try names("ㅈㅈ") == ["제주"])
    }

    @Test func officialFormsAndParents() throws {
        for (query, name) in [("서울특별시", "서울"), ("서울시", "서울"), ("부산광역시", "부산"), ("제주도", "제주")] {
            #expect(try names(query).first == name, "\(query)")
        }
        #expect(try fullNames("서울 강남") == ["서울특별시 강남구"])
        #expect(try fullNames("부산 중구").first == "부산광역시 중구")
        #expect(try fullNames("서울 중구").first == "서울특별시 중구")
    }

    @Test func romanisation() throws {
        for query in ["myeongdong", "Myeong-dong", "myeong dong"] {
            #expect(try names(query) == ["명동"], "\(query)")
        }
        for query in ["haeundae", "HAEUNDAE"] {
            #expect(try names(query) == ["해운대구"], "\(query)")
        }
        let english = try items("haeundae", language: "en")
        #expect(english.first?["name"] as? String == "Haeundae-gu")
        #expect(english.first?["fullName"] as? String == "Haeundae-gu, Busan")
    }

    @Test func duplicateNamesKeepTheirFullNamesAndCounts() throws {
        let both = try items("중구")
        #expect(both.compactMap { $0["fullName"] as? String } == ["서울특별시 중구", "부산광역시 중구"])
        #expect(both.compactMap { $0["listingCount"] as? Int } == [6, 1])
    }
}
