import Testing
@testable import Domain

@Suite struct HangulSearchTests {
    @Test func initials() {
        #expect(HangulSearch.initials(of: "강남구") == "ㄱㄴㄱ")
        #expect(HangulSearch.initials(of: "서울") == "ㅅㅇ")
        #expect(HangulSearch.initials(of: "까치산 A") == "ㄲㅊㅅ A")
        #expect(HangulSearch.initials(of: "가") == "ㄱ")   // U+AC00, the first syllable
        #expect(HangulSearch.initials(of: "힣") == "ㅎ")   // U+D7A3, the last
    }

    @Test func initialConsonantQueries() {
        #expect(HangulSearch.match(query: "ㅅㅇ", name: "서울", nameEnglish: "Seoul") == .exact)
        #expect(HangulSearch.match(query: "ㄱㄴ", name: "강남구", nameEnglish: "Gangnam-gu") == .prefix)
        #expect(HangulSearch.match(query: "강ㄴ", name: "강남구", nameEnglish: "Gangnam-gu") == .prefix)
        #expect(HangulSearch.match(query: "ㄴㄱ", name: "강남구", nameEnglish: "Gangnam-gu") == .contains)
        #expect(HangulSearch.match(query: "ㄱㅅ", name: "강남구", nameEnglish: "Gangnam-gu") == nil)
        // A full syllable must be equal: 갈 is not 강.
        #expect(HangulSearch.match(query: "갈ㄴ", name: "강남구", nameEnglish: "Gangnam-gu") == nil)
    }

    @Test func syllablesAndTyping() {
        #expect(HangulSearch.match(query: "강남구", name: "강남구", nameEnglish: "Gangnam-gu") == .exact)
        #expect(HangulSearch.match(query: "강남", name: "강남구", nameEnglish: "Gangnam-gu") == .prefix)
        #expect(HangulSearch.match(query: "남구", name: "강남구", nameEnglish: "Gangnam-gu") == .contains)
        #expect(HangulSearch.match(query: "강나", name: "강남구", nameEnglish: "Gangnam-gu") == .prefix) // still typing 남
        #expect(HangulSearch.match(query: "가남", name: "강남구", nameEnglish: "Gangnam-gu") == nil)      // only the last syllable
        #expect(HangulSearch.match(query: "서 울", name: "서울", nameEnglish: "Seoul") == .exact)
        #expect(HangulSearch.match(query: "  ", name: "서울", nameEnglish: "Seoul") == nil)
    }

    @Test func englishIsCaseInsensitive() {
        #expect(HangulSearch.match(query: "seoul", name: "서울", nameEnglish: "Seoul") == .exact)
        #expect(HangulSearch.match(query: "GANG", name: "강남구", nameEnglish: "Gangnam-gu") == .prefix)
        #expect(HangulSearch.match(query: "nam", name: "강남구", nameEnglish: "Gangnam-gu") == .contains)
        #expect(HangulSearch.match(query: "busan", name: "서울", nameEnglish: "Seoul") == nil)
    }
}

@Suite struct HangulJamoTableTests {
    @Test func jamoIndexAgreesWithTheTable() {
        for (index, jamo) in HangulSearch.initialJamo.enumerated() {
            #expect(HangulSearch.initialJamoIndex(of: jamo) == index)
        }
        // Vowels and final-only consonants of the same block are not initials.
        for scalar in ["ㅏ", "ㅣ", "ㄳ", "ㄵ", "ㅄ", "a", "가"] as [Unicode.Scalar] {
            #expect(HangulSearch.initialJamoIndex(of: scalar) == nil)
        }
    }
}
