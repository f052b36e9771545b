import Domain
import Testing
@testable import API

/// The `Accept-Language` parsing of the API (moved here from Domain with its assertions).
@Suite struct LanguageTests {
    @Test func acceptLanguage() {
        #expect(Language(acceptLanguage: nil) == .ko)
        #expect(Language(acceptLanguage: "") == .ko)
        #expect(Language(acceptLanguage: "en") == .en)
        #expect(Language(acceptLanguage: "en-US,en;q=0.9") == .en)
        #expect(Language(acceptLanguage: "ko-KR,ko;q=0.9,en-US;q=0.8") == .ko)
        #expect(Language(acceptLanguage: "fr-FR, en;q=0.5, ko;q=0.4") == .en)
        #expect(Language(acceptLanguage: "ko;q=0.3, EN-gb;q=0.7") == .en)
        #expect(Language(acceptLanguage: "en;q=0, ko;q=0.1") == .ko)
        #expect(Language(acceptLanguage: "en;q=0") == .ko)
        #expect(Language(acceptLanguage: "fr, de") == .ko)
        #expect(Language(acceptLanguage: "en;q=abc") == .ko)
        #expect(Language(acceptLanguage: "*") == .ko)
    }
}
