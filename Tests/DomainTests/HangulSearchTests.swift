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

    @Test func namesMixingAlphabetsMatchEitherPart() {
        #expect(HangulSearch.match(query: "n서울", name: "N서울타워", nameEnglish: "N Seoul Tower") == .prefix)
        #expect(HangulSearch.match(query: "서울타", name: "N서울타워", nameEnglish: "N Seoul Tower") == .contains)
        #expect(HangulSearch.match(query: "ddp", name: "DDP 동대문", nameEnglish: "Dongdaemun") == .prefix)
        #expect(HangulSearch.match(query: "83ㅌ", name: "83타워", nameEnglish: "83 Tower") == .prefix)
        #expect(HangulSearch.match(query: "n타", name: "서울타워", nameEnglish: "Seoul Tower") == nil)
    }

    @Test func englishIsCaseInsensitive() {
        #expect(HangulSearch.match(query: "seoul", name: "서울", nameEnglish: "Seoul") == .exact)
        #expect(HangulSearch.match(query: "GANG", name: "강남구", nameEnglish: "Gangnam-gu") == .prefix)
        #expect(HangulSearch.match(query: "nam", name: "강남구", nameEnglish: "Gangnam-gu") == .contains)
        #expect(HangulSearch.match(query: "busan", name: "서울", nameEnglish: "Seoul") == nil)
    }
}

/// What a Korean keyboard shows while the last syllable is being composed.
@Suite struct HangulComposingTests {
    func match(_ query: String, _ name: String) -> HangulSearch.Match? {
        HangulSearch.bestMatch(HangulSearch.Key(query), in: HangulSearch.Key(name))
    }
    let literalPrefix = HangulSearch.Match(rank: .prefix, isLiteral: true)

    @Test func aFinalMayStillCome() {
        #expect(match("서", "성수동") == HangulSearch.Match(rank: .prefix, isLiteral: false))
        #expect(match("강나", "강남구") == HangulSearch.Match(rank: .prefix, isLiteral: false))
        #expect(match("서", "서울") == literalPrefix)
        // A single final grows into a double one: 달 then ㄱ shows 닭.
        #expect(match("달", "닭갈비") == HangulSearch.Match(rank: .prefix, isLiteral: false))
        #expect(match("갑", "값") == HangulSearch.Match(rank: .exact, isLiteral: false))
        #expect(match("달", "답") == nil)
    }

    @Test func aFinalMayBeTheNextInitial() {
        // 서울 is typed ㅅ 서 성 서우 서울: 성 is on screen on the way.
        #expect(match("성", "서울") == HangulSearch.Match(rank: .exact, isLiteral: false))
        #expect(match("행", "해운대") == HangulSearch.Match(rank: .prefix, isLiteral: false))
        #expect(match("해운대햇", "해운대해수욕장") == HangulSearch.Match(rank: .prefix, isLiteral: false))
        #expect(match("부삿", "부산") == nil)   // ㅅ is not 산's final
        #expect(match("성", "서구") == nil)     // the next syllable must start with ㅇ
        #expect(match("성", "서") == nil)       // and there must be one
        #expect(match("강남ㄱ", "강남구") == HangulSearch.Match(rank: .exact, isLiteral: true))
        #expect(match("강남ㄱ", "강남구청") == literalPrefix)
        #expect(match("강남구", "강남구") == HangulSearch.Match(rank: .exact, isLiteral: true))
        // Only the last syllable: 성수 is not 서+울...
        #expect(match("성울", "서울") == nil)
    }

    @Test func doubleFinalsSplit() {
        // A double final is no initial: 닭 + ㅏ is 달가, 값 + ㅣ is 갑시, 앉 + ㅏ is 안자.
        #expect(match("닭", "달가") == HangulSearch.Match(rank: .exact, isLiteral: false))
        #expect(match("값", "갑시다") == HangulSearch.Match(rank: .prefix, isLiteral: false))
        #expect(match("앉", "안자") == HangulSearch.Match(rank: .exact, isLiteral: false))
        #expect(match("않", "안해") == HangulSearch.Match(rank: .exact, isLiteral: false))
        #expect(match("닭", "다가") == nil)   // ㄹ stays on the syllable
        #expect(match("닭", "다라") == nil)
        // Doubled consonants that are initials move whole: 있 + ㅓ is 이써.
        #expect(match("있", "이써") == HangulSearch.Match(rank: .exact, isLiteral: false))
        #expect(match("있", "잇서") == nil)
    }

    @Test func aVowelMayStillGrow() {
        let composingPrefix = HangulSearch.Match(rank: .prefix, isLiteral: false)
        #expect(match("고", "과천") == composingPrefix)
        #expect(match("우", "원주") == composingPrefix)
        #expect(match("그", "긔") == HangulSearch.Match(rank: .exact, isLiteral: false))
        #expect(match("과", "괘") == HangulSearch.Match(rank: .exact, isLiteral: false))
        #expect(match("고", "괴산") == composingPrefix)
        #expect(match("워", "웨") == HangulSearch.Match(rank: .exact, isLiteral: false))
        // Only the vowels a second keystroke can make: ㅏ never becomes ㅘ, ㅗ never ㅜ.
        #expect(match("가", "과천") == nil)
        #expect(match("고", "구리") == nil)
        #expect(match("과", "고") == nil)
        // Once a final is typed the vowel is settled: 곡 is not on the way to 곽.
        #expect(match("곡", "곽") == nil)
        #expect(match("운", "원주") == nil)
    }

    @Test func everyStepOfTypingFindsTheName() {
        // What a 2-beolsik keyboard shows while typing each name, keystroke by keystroke.
        let sequences: [String: [String]] = [
            "과천": ["ㄱ", "고", "과", "괓", "과처", "과천"],
            "원주": ["ㅇ", "우", "워", "원", "원ㅈ", "원주"],
            "광안리": ["ㄱ", "고", "과", "광", "광아", "광안", "광안ㄹ", "광안리"],
            "닭갈비": ["ㄷ", "다", "달", "닭", "닭ㄱ", "닭가", "닭갈", "닭갈ㅂ", "닭갈비"],
            "의정부": ["ㅇ", "으", "의", "읮", "의저", "의정", "의정ㅂ", "의정부"],
        ]
        for (name, steps) in sequences {
            for step in steps {
                #expect(match(step, name) != nil, "\(step) while typing \(name)")
            }
        }
        // Literal steps stay literal, so they rank above composing matches elsewhere.
        #expect(match("과", "과천")?.isLiteral == true)
        #expect(match("괓", "과천")?.isLiteral == false)
    }

    @Test func literalBeatsComposingWhateverTheRank() {
        #expect(match("주", "제주")! > match("주", "중구")!)     // contains, literal > prefix, composing
        #expect(match("주", "주문진")! > match("주", "제주")!)   // then by rank
        // In a name both ways, the literal one counts.
        #expect(match("서", "성서") == HangulSearch.Match(rank: .contains, isLiteral: true))
    }

    @Test func romanisationIgnoresCaseSpacesAndHyphens() {
        #expect(HangulSearch.match(query: "myeongdong", name: "명동", nameEnglish: "Myeong-dong") == .exact)
        #expect(HangulSearch.match(query: "Myeong-dong", name: "명동", nameEnglish: "Myeong-dong") == .exact)
        #expect(HangulSearch.match(query: "myeong dong", name: "명동", nameEnglish: "Myeong-dong") == .exact)
        #expect(HangulSearch.match(query: "HAEUNDAE", name: "해운대구", nameEnglish: "Haeundae-gu") == .prefix)
    }

    @Test func administrativeStems() {
        func stems(_ query: String) -> Set<HangulSearch.Key> { Set(HangulSearch.stems(of: HangulSearch.Key(query))) }
        #expect(stems("서울특별시").contains(HangulSearch.Key("서울")))
        #expect(stems("서울특별").contains(HangulSearch.Key("서울")))   // still typing
        #expect(stems("서울시") == [HangulSearch.Key("서울")])
        #expect(stems("부산광역시").contains(HangulSearch.Key("부산")))
        #expect(stems("제주도") == [HangulSearch.Key("제주")])
        #expect(stems("제주특별자치도").contains(HangulSearch.Key("제주")))
        #expect(stems("구").isEmpty)      // a suffix alone leaves nothing
        #expect(stems("서울").isEmpty)
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

    /// Text of ASCII, syllables and compatibility jamo skips NFC and the mapping: it must come
    /// out as the full path makes it. Every eleventh syllable (11 is coprime to the 21 vowels
    /// and 28 finals, so each comes round) and every jamo, amid ASCII of both cases, spaces and hyphens;
    /// and scalars outside those ranges, which must not skip.
    @Test func theFastNormalizationIsTheFullOne() {
        var generator = SystemRandomNumberGenerator()
        let ascii = Array("aZ09 -.Seoul Gangnam-gu ")
        var texts: [String] = []
        var scalars = stride(from: 0xAC00, through: 0xD7A3, by: 11).map { Unicode.Scalar($0)! } + (0x3131...0x318E).map { Unicode.Scalar($0)! }
        scalars.shuffle(using: &generator)
        for chunk in stride(from: 0, to: scalars.count, by: 7) {
            var text = ""
            for scalar in scalars[chunk..<min(chunk + 7, scalars.count)] {
                text.unicodeScalars.append(scalar)
                text.append(ascii.randomElement(using: &generator)!)
            }
            texts.append(text)
        }
        for text in texts {
            #expect(HangulSearch.normalized(text) == HangulSearch.normalizedByMapping(text), "\(text)")
        }
        // Scalars outside those ranges go the full way: conjoining jamo compose, full-width is ASCII.
        #expect(HangulSearch.Key("\u{1109}\u{1165}\u{11AF}") == HangulSearch.Key("설"))
        #expect(HangulSearch.Key("Ｓｅｏｕｌ\u{200B}") == HangulSearch.Key("seoul"))
    }
}
