/// The well-known places of the demo cities, seeded as locations of kind `landmark`: real
/// names and real coordinates (WGS 84, to about 100 m: the place's centre, main gate or
/// main building), each under the district of `DemoGeography` it lies in (or its city when
/// the city has no such district).
///
/// Places that are already demo neighbourhoods (해운대해수욕장, 광안리, 송정, 강남역,
/// 전주한옥마을, 송도해수욕장, ...) are not repeated here: they are found as neighbourhoods.
public enum DemoLandmarks {
    /// What kind of place a landmark is. It sets the default search radius.
    public enum Category: String, Sendable, CaseIterable {
        case palace, market, beach, station, airport, university, park, mountain, temple, museum, tower,
             district, stadium, island, bridge, village, lake, shopping, nature
    }

    public struct Landmark: Sendable {
        public let name: String
        public let nameEnglish: String
        public let category: Category
        public let latitude: Double
        public let longitude: Double
        /// `DemoGeography.City.slug`.
        public let city: String
        /// A district's Korean name in that city; nil: directly under the city.
        public let district: String?
        /// Other names people type for it.
        public let aliases: [String]

        /// How far around it `/listings?locationId=` searches by default: airports serve a
        /// wide area and lie away from homes; anything else is a walk or a short ride.
        public var searchRadiusKm: Double {
            switch category {
            case .airport: return 10
            case .mountain: return 5
            default: return 3
            }
        }
    }

    private static func l(_ name: String, _ english: String, _ category: Category, _ latitude: Double,
                          _ longitude: Double, _ city: String, _ district: String?, aliases: [String] = []) -> Landmark {
        Landmark(name: name, nameEnglish: english, category: category, latitude: latitude, longitude: longitude,
                 city: city, district: district, aliases: aliases)
    }

    public static let all: [Landmark] = seoul + busan + jeju + incheon + otherCities

    static let seoul: [Landmark] = [
        l("경복궁", "Gyeongbokgung Palace", .palace, 37.5796, 126.9770, "seoul", "종로구"),
        l("창덕궁", "Changdeokgung Palace", .palace, 37.5794, 126.9910, "seoul", "종로구"),
        l("창경궁", "Changgyeonggung Palace", .palace, 37.5787, 126.9949, "seoul", "종로구"),
        l("덕수궁", "Deoksugung Palace", .palace, 37.5658, 126.9751, "seoul", "중구"),
        l("경희궁", "Gyeonghuigung Palace", .palace, 37.5716, 126.9685, "seoul", "종로구"),
        l("종묘", "Jongmyo Shrine", .palace, 37.5744, 126.9941, "seoul", "종로구"),
        l("광화문", "Gwanghwamun Gate", .palace, 37.5760, 126.9769, "seoul", "종로구"),
        l("광화문광장", "Gwanghwamun Square", .district, 37.5725, 126.9769, "seoul", "종로구"),
        l("북촌한옥마을", "Bukchon Hanok Village", .village, 37.5826, 126.9830, "seoul", "종로구", aliases: ["북촌"]),
        l("삼청동", "Samcheong-dong", .district, 37.5847, 126.9817, "seoul", "종로구"),
        l("청와대", "Cheong Wa Dae", .palace, 37.5866, 126.9748, "seoul", "종로구"),
        l("흥인지문", "Heunginjimun Gate", .palace, 37.5711, 127.0095, "seoul", "종로구", aliases: ["동대문"]),
        l("숭례문", "Sungnyemun Gate", .palace, 37.5600, 126.9753, "seoul", "중구", aliases: ["남대문"]),
        l("조계사", "Jogyesa Temple", .temple, 37.5740, 126.9818, "seoul", "종로구"),
        l("봉은사", "Bongeunsa Temple", .temple, 37.5151, 127.0573, "seoul", "강남구"),
        l("세종문화회관", "Sejong Center", .museum, 37.5725, 126.9759, "seoul", "종로구"),
        l("대학로", "Daehak-ro", .district, 37.5822, 127.0020, "seoul", "종로구"),
        l("낙산공원", "Naksan Park", .park, 37.5806, 127.0075, "seoul", "종로구"),
        l("인왕산", "Inwangsan", .mountain, 37.5853, 126.9578, "seoul", "종로구"),
        l("광장시장", "Gwangjang Market", .market, 37.5700, 126.9996, "seoul", "종로구"),
        l("통인시장", "Tongin Market", .market, 37.5808, 126.9701, "seoul", "종로구"),
        l("서울시청", "Seoul City Hall", .district, 37.5663, 126.9779, "seoul", "중구", aliases: ["시청"]),
        l("청계광장", "Cheonggye Plaza", .park, 37.5690, 126.9781, "seoul", "중구", aliases: ["청계천"]),
        l("명동성당", "Myeongdong Cathedral", .temple, 37.5633, 126.9873, "seoul", "중구"),
        l("남대문시장", "Namdaemun Market", .market, 37.5591, 126.9776, "seoul", "중구"),
        l("동대문디자인플라자", "Dongdaemun Design Plaza", .museum, 37.5665, 127.0092, "seoul", "중구", aliases: ["DDP", "동대문시장"]),
        l("남산골한옥마을", "Namsangol Hanok Village", .village, 37.5593, 126.9945, "seoul", "중구"),
        l("남산", "Namsan", .mountain, 37.5509, 126.9908, "seoul", "중구", aliases: ["남산공원"]),
        l("N서울타워", "N Seoul Tower", .tower, 37.5512, 126.9882, "seoul", "용산구", aliases: ["남산타워", "남산서울타워", "서울타워"]),
        l("서울로7017", "Seoullo 7017", .park, 37.5568, 126.9700, "seoul", "중구"),
        l("동국대학교", "Dongguk University", .university, 37.5582, 126.9985, "seoul", "중구", aliases: ["동국대"]),
        l("서울역", "Seoul Station", .station, 37.5547, 126.9707, "seoul", "용산구"),
        l("용산역", "Yongsan Station", .station, 37.5299, 126.9648, "seoul", "용산구"),
        l("국립중앙박물관", "National Museum of Korea", .museum, 37.5240, 126.9804, "seoul", "용산구"),
        l("전쟁기념관", "War Memorial of Korea", .museum, 37.5365, 126.9772, "seoul", "용산구"),
        l("숙명여자대학교", "Sookmyung Women's University", .university, 37.5465, 126.9647, "seoul", "용산구", aliases: ["숙명여대"]),
        l("서울숲", "Seoul Forest", .park, 37.5444, 127.0374, "seoul", "성동구"),
        l("한양대학교", "Hanyang University", .university, 37.5572, 127.0452, "seoul", "성동구", aliases: ["한양대"]),
        l("건국대학교", "Konkuk University", .university, 37.5419, 127.0796, "seoul", "광진구", aliases: ["건국대"]),
        l("서울어린이대공원", "Seoul Children's Grand Park", .park, 37.5480, 127.0747, "seoul", "광진구", aliases: ["어린이대공원"]),
        l("뚝섬한강공원", "Ttukseom Hangang Park", .park, 37.5296, 127.0696, "seoul", "광진구"),
        l("청량리역", "Cheongnyangni Station", .station, 37.5801, 127.0476, "seoul", "동대문구"),
        l("경동시장", "Gyeongdong Market", .market, 37.5803, 127.0387, "seoul", "동대문구"),
        l("경희대학교", "Kyung Hee University", .university, 37.5967, 127.0524, "seoul", "동대문구", aliases: ["경희대"]),
        l("고려대학교", "Korea University", .university, 37.5894, 127.0323, "seoul", "성북구", aliases: ["고려대"]),
        l("성균관대학교", "Sungkyunkwan University", .university, 37.5878, 126.9938, "seoul", "종로구", aliases: ["성균관대"]),
        l("북서울꿈의숲", "Dream Forest", .park, 37.6208, 127.0410, "seoul", "강북구"),
        l("북한산", "Bukhansan", .mountain, 37.6590, 126.9779, "seoul", "강북구", aliases: ["백운대"]),
        l("도봉산", "Dobongsan", .mountain, 37.6989, 127.0154, "seoul", "도봉구"),
        l("서대문형무소역사관", "Seodaemun Prison History Hall", .museum, 37.5743, 126.9561, "seoul", "서대문구"),
        l("연세대학교", "Yonsei University", .university, 37.5658, 126.9386, "seoul", "서대문구", aliases: ["연세대"]),
        l("이화여자대학교", "Ewha Womans University", .university, 37.5618, 126.9468, "seoul", "서대문구", aliases: ["이화여대"]),
        l("서강대학교", "Sogang University", .university, 37.5509, 126.9410, "seoul", "마포구", aliases: ["서강대"]),
        l("홍익대학교", "Hongik University", .university, 37.5509, 126.9254, "seoul", "마포구", aliases: ["홍익대"]),
        l("망원시장", "Mangwon Market", .market, 37.5560, 126.9063, "seoul", "마포구"),
        l("망원한강공원", "Mangwon Hangang Park", .park, 37.5550, 126.8950, "seoul", "마포구"),
        l("하늘공원", "Haneul Park", .park, 37.5681, 126.8851, "seoul", "마포구"),
        l("서울월드컵경기장", "Seoul World Cup Stadium", .stadium, 37.5683, 126.8972, "seoul", "마포구"),
        l("김포국제공항", "Gimpo International Airport", .airport, 37.5587, 126.7945, "seoul", "강서구", aliases: ["김포공항"]),
        l("서울식물원", "Seoul Botanic Park", .park, 37.5694, 126.8350, "seoul", "강서구"),
        l("고척스카이돔", "Gocheok Sky Dome", .stadium, 37.4982, 126.8671, "seoul", "구로구"),
        l("영등포역", "Yeongdeungpo Station", .station, 37.5156, 126.9074, "seoul", "영등포구"),
        l("여의도공원", "Yeouido Park", .park, 37.5256, 126.9220, "seoul", "영등포구"),
        l("여의도한강공원", "Yeouido Hangang Park", .park, 37.5284, 126.9336, "seoul", "영등포구"),
        l("63빌딩", "63 Building", .tower, 37.5198, 126.9403, "seoul", "영등포구"),
        l("국회의사당", "National Assembly", .district, 37.5318, 126.9140, "seoul", "영등포구"),
        l("더현대서울", "The Hyundai Seoul", .shopping, 37.5259, 126.9284, "seoul", "영등포구"),
        l("노량진수산시장", "Noryangjin Fish Market", .market, 37.5133, 126.9405, "seoul", "동작구"),
        l("중앙대학교", "Chung-Ang University", .university, 37.5050, 126.9571, "seoul", "동작구", aliases: ["중앙대"]),
        l("보라매공원", "Boramae Park", .park, 37.4930, 126.9195, "seoul", "동작구"),
        l("서울대학교", "Seoul National University", .university, 37.4600, 126.9519, "seoul", "관악구", aliases: ["서울대"]),
        l("예술의전당", "Seoul Arts Center", .museum, 37.4786, 127.0114, "seoul", "서초구"),
        l("고속터미널", "Express Bus Terminal", .station, 37.5049, 127.0049, "seoul", "서초구", aliases: ["강남고속버스터미널"]),
        l("반포한강공원", "Banpo Hangang Park", .park, 37.5100, 126.9960, "seoul", "서초구"),
        l("코엑스", "COEX", .shopping, 37.5116, 127.0595, "seoul", "강남구"),
        l("가로수길", "Garosu-gil", .district, 37.5207, 127.0229, "seoul", "강남구"),
        l("선릉", "Seolleung Royal Tombs", .palace, 37.5088, 127.0489, "seoul", "강남구"),
        l("수서역", "Suseo Station", .station, 37.4876, 127.1013, "seoul", "강남구"),
        l("롯데월드타워", "Lotte World Tower", .tower, 37.5126, 127.1025, "seoul", "송파구", aliases: ["롯데타워"]),
        l("롯데월드", "Lotte World", .park, 37.5111, 127.0982, "seoul", "송파구"),
        l("석촌호수", "Seokchon Lake", .lake, 37.5093, 127.1040, "seoul", "송파구"),
        l("올림픽공원", "Olympic Park", .park, 37.5206, 127.1214, "seoul", "송파구"),
        l("잠실종합운동장", "Jamsil Sports Complex", .stadium, 37.5153, 127.0728, "seoul", "송파구", aliases: ["잠실야구장"]),
        l("가락시장", "Garak Market", .market, 37.4927, 127.1110, "seoul", "송파구"),
    ]

    static let busan: [Landmark] = [
        l("자갈치시장", "Jagalchi Market", .market, 35.0966, 129.0306, "busan", "중구"),
        l("국제시장", "Gukje Market", .market, 35.1011, 129.0274, "busan", "중구"),
        l("부평깡통시장", "Bupyeong Kkangtong Market", .market, 35.1018, 129.0262, "busan", "중구"),
        l("용두산공원", "Yongdusan Park", .park, 35.1008, 129.0324, "busan", "중구", aliases: ["부산타워"]),
        l("감천문화마을", "Gamcheon Culture Village", .village, 35.0975, 129.0106, "busan", "사하구"),
        l("다대포해수욕장", "Dadaepo Beach", .beach, 35.0465, 128.9662, "busan", "사하구"),
        l("을숙도", "Eulsukdo Island", .nature, 35.1030, 128.9420, "busan", "사하구"),
        l("태종대", "Taejongdae", .nature, 35.0532, 129.0873, "busan", "영도구"),
        l("흰여울문화마을", "Huinnyeoul Culture Village", .village, 35.0785, 129.0450, "busan", "영도구"),
        l("부산역", "Busan Station", .station, 35.1151, 129.0421, "busan", "동구"),
        l("김해국제공항", "Gimhae International Airport", .airport, 35.1795, 128.9382, "busan", "강서구", aliases: ["김해공항", "부산공항"]),
        l("부산시민공원", "Busan Citizens Park", .park, 35.1680, 129.0573, "busan", "부산진구"),
        l("사직야구장", "Sajik Baseball Stadium", .stadium, 35.1940, 129.0616, "busan", "동래구"),
        l("범어사", "Beomeosa Temple", .temple, 35.2836, 129.0683, "busan", "금정구"),
        l("부산대학교", "Pusan National University", .university, 35.2332, 129.0794, "busan", "금정구", aliases: ["부산대"]),
        l("이기대공원", "Igidae Park", .park, 35.1262, 129.1216, "busan", "남구"),
        l("오륙도", "Oryukdo Islets", .island, 35.0990, 129.1271, "busan", "남구"),
        l("부경대학교", "Pukyong National University", .university, 35.1336, 129.1030, "busan", "남구", aliases: ["부경대"]),
        l("광안대교", "Gwangan Bridge", .bridge, 35.1472, 129.1300, "busan", "수영구"),
        l("동백섬", "Dongbaekseom Island", .island, 35.1532, 129.1522, "busan", "해운대구"),
        l("청사포", "Cheongsapo", .village, 35.1605, 129.1915, "busan", "해운대구"),
        l("벡스코", "BEXCO", .museum, 35.1690, 129.1360, "busan", "해운대구"),
        l("신세계센텀시티", "Shinsegae Centum City", .shopping, 35.1690, 129.1295, "busan", "해운대구", aliases: ["센텀시티"]),
        l("영화의전당", "Busan Cinema Center", .museum, 35.1712, 129.1271, "busan", "해운대구"),
        l("해동용궁사", "Haedong Yonggungsa Temple", .temple, 35.1884, 129.2233, "busan", "기장군"),
    ]

    static let jeju: [Landmark] = [
        l("제주국제공항", "Jeju International Airport", .airport, 33.5104, 126.4914, "jeju", "제주시", aliases: ["제주공항"]),
        l("용두암", "Yongduam Rock", .nature, 33.5163, 126.5120, "jeju", "제주시"),
        l("동문시장", "Dongmun Market", .market, 33.5118, 126.5266, "jeju", "제주시"),
        l("제주대학교", "Jeju National University", .university, 33.4556, 126.5619, "jeju", "제주시", aliases: ["제주대"]),
        l("이호테우해수욕장", "Iho Tewoo Beach", .beach, 33.4977, 126.4527, "jeju", "제주시"),
        l("함덕해수욕장", "Hamdeok Beach", .beach, 33.5432, 126.6690, "jeju", "제주시"),
        l("김녕해수욕장", "Gimnyeong Beach", .beach, 33.5578, 126.7593, "jeju", "제주시"),
        l("월정리해수욕장", "Woljeong-ri Beach", .beach, 33.5563, 126.7958, "jeju", "제주시", aliases: ["월정리"]),
        l("만장굴", "Manjanggul Lava Tube", .nature, 33.5283, 126.7714, "jeju", "제주시"),
        l("비자림", "Bijarim Forest", .nature, 33.4853, 126.8076, "jeju", "제주시"),
        l("우도", "Udo Island", .island, 33.5060, 126.9530, "jeju", "제주시"),
        l("곽지해수욕장", "Gwakji Beach", .beach, 33.4506, 126.3050, "jeju", "제주시"),
        l("협재해수욕장", "Hyeopjae Beach", .beach, 33.3940, 126.2397, "jeju", "제주시"),
        l("한림공원", "Hallim Park", .park, 33.3894, 126.2393, "jeju", "제주시"),
        l("새별오름", "Saebyeol Oreum", .mountain, 33.3653, 126.3570, "jeju", "제주시"),
        l("한라산", "Hallasan", .mountain, 33.3617, 126.5292, "jeju", "서귀포시"),
        l("성산일출봉", "Seongsan Ilchulbong", .mountain, 33.4581, 126.9425, "jeju", "서귀포시"),
        l("섭지코지", "Seopjikoji", .nature, 33.4240, 126.9307, "jeju", "서귀포시"),
        l("표선해수욕장", "Pyoseon Beach", .beach, 33.3265, 126.8367, "jeju", "서귀포시"),
        l("쇠소깍", "Soesokkak", .nature, 33.2524, 126.6234, "jeju", "서귀포시"),
        l("정방폭포", "Jeongbang Falls", .nature, 33.2449, 126.5717, "jeju", "서귀포시"),
        l("천지연폭포", "Cheonjiyeon Falls", .nature, 33.2470, 126.5543, "jeju", "서귀포시"),
        l("서귀포매일올레시장", "Seogwipo Maeil Olle Market", .market, 33.2500, 126.5636, "jeju", "서귀포시", aliases: ["올레시장"]),
        l("천제연폭포", "Cheonjeyeon Falls", .nature, 33.2525, 126.4182, "jeju", "서귀포시"),
        l("주상절리대", "Jusangjeolli Cliff", .nature, 33.2378, 126.4254, "jeju", "서귀포시"),
        l("중문색달해수욕장", "Jungmun Saekdal Beach", .beach, 33.2445, 126.4113, "jeju", "서귀포시"),
        l("오설록", "O'sulloc Tea Museum", .museum, 33.3058, 126.2894, "jeju", "서귀포시"),
        l("산방산", "Sanbangsan", .mountain, 33.2394, 126.3130, "jeju", "서귀포시"),
        l("송악산", "Songaksan", .mountain, 33.2000, 126.2910, "jeju", "서귀포시"),
    ]

    static let incheon: [Landmark] = [
        l("인천국제공항", "Incheon International Airport", .airport, 37.4602, 126.4407, "incheon", "중구", aliases: ["인천공항"]),
        l("을왕리해수욕장", "Eurwangni Beach", .beach, 37.4477, 126.3723, "incheon", "중구", aliases: ["을왕리"]),
        l("인천차이나타운", "Incheon Chinatown", .district, 37.4756, 126.6178, "incheon", "중구", aliases: ["차이나타운"]),
        l("월미도", "Wolmido", .island, 37.4757, 126.5975, "incheon", "중구"),
        l("인천역", "Incheon Station", .station, 37.4765, 126.6169, "incheon", "중구"),
        l("송도센트럴파크", "Songdo Central Park", .park, 37.3926, 126.6394, "incheon", "연수구"),
        l("인하대학교", "Inha University", .university, 37.4500, 126.6537, "incheon", "미추홀구", aliases: ["인하대"]),
        l("인천문학경기장", "Incheon Munhak Stadium", .stadium, 37.4347, 126.6930, "incheon", "미추홀구"),
        l("인천대공원", "Incheon Grand Park", .park, 37.4590, 126.7545, "incheon", "남동구"),
        l("소래포구", "Sorae Port", .market, 37.4006, 126.7335, "incheon", "남동구"),
    ]

    static let otherCities: [Landmark] = [
        // 대구
        l("동대구역", "Dongdaegu Station", .station, 35.8794, 128.6286, "daegu", "동구"),
        l("대구국제공항", "Daegu International Airport", .airport, 35.8941, 128.6589, "daegu", "동구", aliases: ["대구공항"]),
        l("대구역", "Daegu Station", .station, 35.8758, 128.5963, "daegu", "북구"),
        l("서문시장", "Seomun Market", .market, 35.8687, 128.5807, "daegu", "중구"),
        l("김광석다시그리기길", "Kim Kwang-seok Street", .district, 35.8601, 128.6066, "daegu", "중구", aliases: ["김광석길"]),
        l("83타워", "83 Tower", .tower, 35.8533, 128.5664, "daegu", "달서구", aliases: ["이월드"]),
        l("수성못", "Suseongmot Lake", .lake, 35.8280, 128.6170, "daegu", "수성구"),
        l("대구삼성라이온즈파크", "Daegu Samsung Lions Park", .stadium, 35.8411, 128.6814, "daegu", "수성구", aliases: ["라이온즈파크"]),
        l("경북대학교", "Kyungpook National University", .university, 35.8903, 128.6110, "daegu", "북구", aliases: ["경북대"]),
        // 대전
        l("대전역", "Daejeon Station", .station, 36.3323, 127.4346, "daejeon", "동구"),
        l("성심당", "Sungsimdang Bakery", .shopping, 36.3276, 127.4273, "daejeon", "중구"),
        l("엑스포과학공원", "Expo Science Park", .park, 36.3761, 127.3872, "daejeon", "유성구", aliases: ["한빛탑"]),
        l("유성온천", "Yuseong Hot Springs", .district, 36.3554, 127.3418, "daejeon", "유성구"),
        l("한국과학기술원", "KAIST", .university, 36.3721, 127.3604, "daejeon", "유성구", aliases: ["카이스트"]),
        l("충남대학교", "Chungnam National University", .university, 36.3689, 127.3467, "daejeon", "유성구", aliases: ["충남대"]),
        l("한밭수목원", "Hanbat Arboretum", .park, 36.3670, 127.3880, "daejeon", "서구"),
        // 광주
        l("광주송정역", "Gwangju Songjeong Station", .station, 35.1378, 126.7914, "gwangju", "광산구", aliases: ["송정역"]),
        l("1913송정역시장", "1913 Songjeong Station Market", .market, 35.1389, 126.7940, "gwangju", "광산구"),
        l("광주공항", "Gwangju Airport", .airport, 35.1264, 126.8089, "gwangju", "광산구"),
        l("국립아시아문화전당", "Asia Culture Center", .museum, 35.1468, 126.9200, "gwangju", "동구", aliases: ["5·18민주광장"]),
        l("무등산", "Mudeungsan", .mountain, 35.1343, 126.9886, "gwangju", "동구"),
        l("전남대학교", "Chonnam National University", .university, 35.1760, 126.9114, "gwangju", "북구", aliases: ["전남대"]),
        l("광주기아챔피언스필드", "Gwangju-Kia Champions Field", .stadium, 35.1682, 126.8890, "gwangju", "북구", aliases: ["챔피언스필드"]),
        // 울산
        l("태화강국가정원", "Taehwagang National Garden", .park, 35.5490, 129.2980, "ulsan", "중구"),
        l("대왕암공원", "Daewangam Park", .park, 35.4926, 129.4395, "ulsan", "동구"),
        l("일산해수욕장", "Ilsan Beach", .beach, 35.4980, 129.4305, "ulsan", "동구"),
        l("울산대공원", "Ulsan Grand Park", .park, 35.5323, 129.2843, "ulsan", "남구"),
        l("장생포고래문화마을", "Jangsaengpo Whale Culture Village", .village, 35.4913, 129.3846, "ulsan", "남구"),
        l("울산대학교", "University of Ulsan", .university, 35.5431, 129.2570, "ulsan", "남구", aliases: ["울산대"]),
        l("울산공항", "Ulsan Airport", .airport, 35.5935, 129.3520, "ulsan", "북구"),
        l("울산역", "Ulsan Station", .station, 35.5514, 129.1385, "ulsan", "울주군"),
        l("간절곶", "Ganjeolgot Cape", .nature, 35.3596, 129.3605, "ulsan", "울주군"),
        // 수원
        l("수원화성", "Hwaseong Fortress", .palace, 37.2860, 127.0130, "suwon", "팔달구", aliases: ["화성"]),
        l("화성행궁", "Hwaseong Haenggung Palace", .palace, 37.2818, 127.0137, "suwon", "팔달구"),
        l("수원역", "Suwon Station", .station, 37.2660, 127.0001, "suwon", "팔달구"),
        l("수원월드컵경기장", "Suwon World Cup Stadium", .stadium, 37.2865, 127.0369, "suwon", "팔달구"),
        l("광교호수공원", "Gwanggyo Lake Park", .park, 37.2831, 127.0657, "suwon", "영통구"),
        l("아주대학교", "Ajou University", .university, 37.2829, 127.0436, "suwon", "영통구", aliases: ["아주대"]),
        l("수원KT위즈파크", "Suwon KT Wiz Park", .stadium, 37.2997, 127.0097, "suwon", "장안구"),
        // 부천
        l("부천역", "Bucheon Station", .station, 37.4840, 126.7827, "bucheon", "원미구"),
        l("부천중앙공원", "Bucheon Central Park", .park, 37.5040, 126.7640, "bucheon", "원미구"),
        l("가톨릭대학교 성심교정", "Catholic University of Korea, Songsim Campus", .university, 37.4866, 126.8019,
          "bucheon", "원미구", aliases: ["가톨릭대"]),
        // 의정부
        l("의정부역", "Uijeongbu Station", .station, 37.7385, 127.0459, "uijeongbu", "의정부동"),
        l("의정부부대찌개거리", "Uijeongbu Budae-jjigae Street", .district, 37.7403, 127.0463, "uijeongbu", "의정부동",
          aliases: ["부대찌개거리"]),
        // 강릉
        l("경포해변", "Gyeongpo Beach", .beach, 37.8055, 128.9080, "gangneung", "경포", aliases: ["경포해수욕장"]),
        l("경포대", "Gyeongpodae Pavilion", .palace, 37.7957, 128.8966, "gangneung", "경포"),
        l("오죽헌", "Ojukheon House", .museum, 37.7790, 128.8783, "gangneung", nil),
        l("선교장", "Seongyojang House", .museum, 37.7868, 128.8836, "gangneung", nil),
        l("강릉역", "Gangneung Station", .station, 37.7641, 128.8996, "gangneung", "교동"),
        l("강릉중앙시장", "Gangneung Jungang Market", .market, 37.7543, 128.8985, "gangneung", nil),
        l("주문진수산시장", "Jumunjin Fish Market", .market, 37.8930, 128.8265, "gangneung", "주문진"),
        l("정동진역", "Jeongdongjin Station", .station, 37.6912, 129.0343, "gangneung", "정동진"),
        // 경주
        l("불국사", "Bulguksa Temple", .temple, 35.7901, 129.3321, "gyeongju", "불국동"),
        l("석굴암", "Seokguram Grotto", .temple, 35.7950, 129.3490, "gyeongju", "불국동"),
        l("첨성대", "Cheomseongdae Observatory", .museum, 35.8347, 129.2190, "gyeongju", nil),
        l("동궁과 월지", "Donggung Palace and Wolji Pond", .palace, 35.8349, 129.2266, "gyeongju", nil, aliases: ["안압지"]),
        l("대릉원", "Daereungwon Tomb Complex", .palace, 35.8383, 129.2126, "gyeongju", "황리단길"),
        l("교촌마을", "Gyochon Hanok Village", .village, 35.8295, 129.2146, "gyeongju", nil),
        l("국립경주박물관", "Gyeongju National Museum", .museum, 35.8291, 129.2280, "gyeongju", nil),
        l("보문호", "Bomun Lake", .lake, 35.8430, 129.2870, "gyeongju", "보문관광단지"),
        l("경주월드", "Gyeongju World", .park, 35.8367, 129.2817, "gyeongju", "보문관광단지"),
        l("신경주역", "Singyeongju Station", .station, 35.7982, 129.1390, "gyeongju", nil, aliases: ["경주역"]),
        l("문무대왕릉", "Underwater Tomb of King Munmu", .palace, 35.7393, 129.4879, "gyeongju", nil),
        // 전주
        l("경기전", "Gyeonggijeon Shrine", .palace, 35.8153, 127.1498, "jeonju", "완산구"),
        l("전동성당", "Jeondong Cathedral", .temple, 35.8133, 127.1491, "jeonju", "완산구"),
        l("오목대", "Omokdae Pavilion", .palace, 35.8149, 127.1545, "jeonju", "완산구"),
        l("풍남문", "Pungnammun Gate", .palace, 35.8128, 127.1477, "jeonju", "완산구"),
        l("전주남부시장", "Jeonju Nambu Market", .market, 35.8125, 127.1470, "jeonju", "완산구", aliases: ["남부시장"]),
        l("전주역", "Jeonju Station", .station, 35.8497, 127.1617, "jeonju", "덕진구"),
        l("덕진공원", "Deokjin Park", .park, 35.8479, 127.1219, "jeonju", "덕진구"),
        l("전북대학교", "Jeonbuk National University", .university, 35.8469, 127.1294, "jeonju", "덕진구", aliases: ["전북대"]),
        // 여수
        l("오동도", "Odongdo Island", .island, 34.7440, 127.7660, "yeosu", nil),
        l("여수엑스포역", "Yeosu Expo Station", .station, 34.7527, 127.7482, "yeosu", nil),
        l("이순신광장", "Yi Sun-sin Square", .district, 34.7388, 127.7365, "yeosu", "종화동"),
        l("진남관", "Jinnamgwan Hall", .palace, 34.7411, 127.7345, "yeosu", "종화동"),
        l("돌산공원", "Dolsan Park", .park, 34.7335, 127.7370, "yeosu", "돌산읍"),
        l("향일암", "Hyangiram Hermitage", .temple, 34.5917, 127.8030, "yeosu", "돌산읍"),
        l("여수공항", "Yeosu Airport", .airport, 34.8424, 127.6169, "yeosu", nil),
        // 속초
        l("설악산", "Seoraksan National Park", .mountain, 38.1728, 128.4890, "sokcho", "설악동", aliases: ["설악산국립공원"]),
        l("속초해수욕장", "Sokcho Beach", .beach, 38.1906, 128.6032, "sokcho", "조양동"),
        l("속초관광수산시장", "Sokcho Tourist & Fishery Market", .market, 38.2043, 128.5901, "sokcho", nil,
          aliases: ["속초중앙시장"]),
        l("아바이마을", "Abai Village", .village, 38.2023, 128.5966, "sokcho", "청호동"),
        l("영금정", "Yeonggeumjeong Pavilion", .nature, 38.2130, 128.6004, "sokcho", "영랑동"),
        l("영랑호", "Yeongnangho Lake", .lake, 38.2170, 128.5880, "sokcho", "영랑동"),
        l("청초호", "Cheongchoho Lake", .lake, 38.1930, 128.5880, "sokcho", "조양동"),
        l("대포항", "Daepo Port", .market, 38.1745, 128.6075, "sokcho", "대포동"),
    ]
}
