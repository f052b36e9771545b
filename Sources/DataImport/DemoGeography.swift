/// The Korean cities, districts and neighbourhoods of the demo data: real names and
/// approximate real centre coordinates (WGS 84, good to roughly a kilometre).
///
/// `weight` is the relative listing density: a city's weight shares listings among cities,
/// a place's weight shares its city's listings among its districts and neighbourhoods.
public enum DemoGeography {
    public struct Place: Sendable {
        public let name: String
        public let nameEnglish: String
        public let latitude: Double
        public let longitude: Double
        public let weight: Double
        public let children: [Place]
    }

    public struct City: Sendable {
        public let slug: String
        public let name: String
        public let nameEnglish: String
        public let fullName: String
        public let fullNameEnglish: String
        public let latitude: Double
        public let longitude: Double
        public let weight: Double
        /// Median nightly price of a whole home, in won.
        public let medianPrice: Double
        public let districts: [Place]
    }

    private static func p(_ name: String, _ english: String, _ latitude: Double, _ longitude: Double,
                          _ weight: Double = 1, _ children: [Place] = []) -> Place {
        Place(name: name, nameEnglish: english, latitude: latitude, longitude: longitude, weight: weight, children: children)
    }

    public static let cities: [City] = [
        City(slug: "seoul", name: "서울", nameEnglish: "Seoul", fullName: "서울특별시", fullNameEnglish: "Seoul",
             latitude: 37.5665, longitude: 126.9780, weight: 34, medianPrice: 110_000, districts: [
                p("종로구", "Jongno-gu", 37.5735, 126.9790, 2.5, [p("인사동", "Insa-dong", 37.5740, 126.9850, 1), p("익선동", "Ikseon-dong", 37.5744, 126.9897, 0.8)]),
                p("중구", "Jung-gu", 37.5641, 126.9979, 2.5, [p("명동", "Myeong-dong", 37.5636, 126.9850, 1.5)]),
                p("용산구", "Yongsan-gu", 37.5326, 126.9905, 2, [p("이태원", "Itaewon", 37.5345, 126.9946, 1.5), p("한남동", "Hannam-dong", 37.5347, 127.0006, 0.6)]),
                p("성동구", "Seongdong-gu", 37.5634, 127.0369, 1.2, [p("성수동", "Seongsu-dong", 37.5445, 127.0560, 1)]),
                p("광진구", "Gwangjin-gu", 37.5385, 127.0823, 1, [p("건대입구", "Konkuk Univ.", 37.5404, 127.0692, 0.6)]),
                p("동대문구", "Dongdaemun-gu", 37.5744, 127.0396, 1),
                p("중랑구", "Jungnang-gu", 37.6063, 127.0925, 0.4),
                p("성북구", "Seongbuk-gu", 37.5894, 127.0167, 0.6),
                p("강북구", "Gangbuk-gu", 37.6396, 127.0257, 0.3),
                p("도봉구", "Dobong-gu", 37.6688, 127.0471, 0.3),
                p("노원구", "Nowon-gu", 37.6542, 127.0568, 0.4),
                p("은평구", "Eunpyeong-gu", 37.6027, 126.9291, 0.5),
                p("서대문구", "Seodaemun-gu", 37.5791, 126.9368, 1, [p("신촌", "Sinchon", 37.5598, 126.9425, 0.8)]),
                p("마포구", "Mapo-gu", 37.5663, 126.9019, 3, [p("홍대", "Hongdae", 37.5563, 126.9236, 2.5), p("연남동", "Yeonnam-dong", 37.5660, 126.9250, 1), p("합정", "Hapjeong", 37.5495, 126.9139, 0.6)]),
                p("양천구", "Yangcheon-gu", 37.5170, 126.8664, 0.4),
                p("강서구", "Gangseo-gu", 37.5509, 126.8495, 0.7),
                p("구로구", "Guro-gu", 37.4954, 126.8874, 0.5),
                p("금천구", "Geumcheon-gu", 37.4569, 126.8955, 0.3),
                p("영등포구", "Yeongdeungpo-gu", 37.5264, 126.8962, 1, [p("여의도", "Yeouido", 37.5219, 126.9245, 0.7)]),
                p("동작구", "Dongjak-gu", 37.5124, 126.9393, 0.5),
                p("관악구", "Gwanak-gu", 37.4784, 126.9516, 0.7),
                p("서초구", "Seocho-gu", 37.4837, 127.0324, 1),
                p("강남구", "Gangnam-gu", 37.5172, 127.0473, 2.5, [p("강남역", "Gangnam Station", 37.4979, 127.0276, 1.2), p("압구정", "Apgujeong", 37.5270, 127.0286, 0.6)]),
                p("송파구", "Songpa-gu", 37.5145, 127.1059, 1.2, [p("잠실", "Jamsil", 37.5133, 127.1001, 0.8)]),
                p("강동구", "Gangdong-gu", 37.5301, 127.1238, 0.5),
             ]),
        City(slug: "busan", name: "부산", nameEnglish: "Busan", fullName: "부산광역시", fullNameEnglish: "Busan",
             latitude: 35.1796, longitude: 129.0756, weight: 14, medianPrice: 95_000, districts: [
                p("중구", "Jung-gu", 35.1063, 129.0323, 1.2, [p("남포동", "Nampo-dong", 35.0975, 129.0300, 1)]),
                p("서구", "Seo-gu", 35.0979, 129.0243, 0.6, [p("송도해수욕장", "Songdo Beach", 35.0757, 129.0170, 0.5)]),
                p("동구", "Dong-gu", 35.1293, 129.0454, 0.8),
                p("영도구", "Yeongdo-gu", 35.0912, 129.0680, 0.6),
                p("부산진구", "Busanjin-gu", 35.1628, 129.0532, 1.2, [p("서면", "Seomyeon", 35.1578, 129.0600, 1.2)]),
                p("동래구", "Dongnae-gu", 35.2049, 129.0837, 0.5),
                p("남구", "Nam-gu", 35.1366, 129.0843, 0.5),
                p("북구", "Buk-gu", 35.1972, 128.9903, 0.3),
                p("해운대구", "Haeundae-gu", 35.1631, 129.1636, 3, [p("해운대해수욕장", "Haeundae Beach", 35.1587, 129.1604, 3), p("송정", "Songjeong", 35.1786, 129.1997, 0.8), p("마린시티", "Marine City", 35.1567, 129.1448, 0.8)]),
                p("사하구", "Saha-gu", 35.1046, 128.9749, 0.4),
                p("금정구", "Geumjeong-gu", 35.2430, 129.0922, 0.3),
                p("강서구", "Gangseo-gu", 35.2122, 128.9807, 0.3),
                p("연제구", "Yeonje-gu", 35.1762, 129.0798, 0.4),
                p("수영구", "Suyeong-gu", 35.1455, 129.1132, 1.5, [p("광안리", "Gwangalli", 35.1532, 129.1187, 2)]),
                p("사상구", "Sasang-gu", 35.1526, 128.9910, 0.3),
                p("기장군", "Gijang-gun", 35.2446, 129.2222, 0.8),
             ]),
        City(slug: "jeju", name: "제주", nameEnglish: "Jeju", fullName: "제주특별자치도", fullNameEnglish: "Jeju Province",
             latitude: 33.4890, longitude: 126.4983, weight: 16, medianPrice: 130_000, districts: [
                p("제주시", "Jeju-si", 33.4996, 126.5312, 3, [
                    p("애월읍", "Aewol-eup", 33.4636, 126.3310, 2), p("한림읍", "Hallim-eup", 33.4114, 126.2693, 1.2),
                    p("조천읍", "Jocheon-eup", 33.5380, 126.6340, 0.8), p("구좌읍", "Gujwa-eup", 33.5200, 126.8500, 1),
                ]),
                p("서귀포시", "Seogwipo-si", 33.2541, 126.5600, 2, [
                    p("중문", "Jungmun", 33.2504, 126.4125, 1.5), p("성산읍", "Seongsan-eup", 33.4360, 126.9110, 1.2),
                    p("표선면", "Pyoseon-myeon", 33.3260, 126.8300, 0.6), p("안덕면", "Andeok-myeon", 33.2540, 126.3330, 0.6),
                ]),
             ]),
        City(slug: "incheon", name: "인천", nameEnglish: "Incheon", fullName: "인천광역시", fullNameEnglish: "Incheon",
             latitude: 37.4563, longitude: 126.7052, weight: 5, medianPrice: 80_000, districts: [
                p("중구", "Jung-gu", 37.4738, 126.6216, 1.5, [p("영종도", "Yeongjongdo", 37.4920, 126.4930, 0.8)]),
                p("동구", "Dong-gu", 37.4737, 126.6432, 0.3),
                p("미추홀구", "Michuhol-gu", 37.4635, 126.6503, 0.6),
                p("연수구", "Yeonsu-gu", 37.4101, 126.6784, 1.2, [p("송도", "Songdo", 37.3925, 126.6390, 1)]),
                p("남동구", "Namdong-gu", 37.4469, 126.7314, 0.6),
                p("부평구", "Bupyeong-gu", 37.5071, 126.7218, 0.7),
                p("계양구", "Gyeyang-gu", 37.5373, 126.7376, 0.3),
                p("서구", "Seo-gu", 37.5455, 126.6760, 0.5),
                p("강화군", "Ganghwa-gun", 37.7468, 126.4880, 0.6),
                p("옹진군", "Ongjin-gun", 37.2370, 126.1480, 0.2),
             ]),
        City(slug: "daegu", name: "대구", nameEnglish: "Daegu", fullName: "대구광역시", fullNameEnglish: "Daegu",
             latitude: 35.8714, longitude: 128.6014, weight: 3, medianPrice: 70_000, districts: [
                p("중구", "Jung-gu", 35.8693, 128.6062, 2, [p("동성로", "Dongseong-ro", 35.8690, 128.5950, 1)]),
                p("동구", "Dong-gu", 35.8866, 128.6355, 0.6),
                p("서구", "Seo-gu", 35.8718, 128.5592, 0.3),
                p("남구", "Nam-gu", 35.8460, 128.5975, 0.4),
                p("북구", "Buk-gu", 35.8858, 128.5828, 0.6),
                p("수성구", "Suseong-gu", 35.8582, 128.6306, 1),
                p("달서구", "Dalseo-gu", 35.8299, 128.5326, 0.6),
                p("달성군", "Dalseong-gun", 35.7746, 128.4314, 0.3),
                p("군위군", "Gunwi-gun", 36.2428, 128.5727, 0.2),
             ]),
        City(slug: "daejeon", name: "대전", nameEnglish: "Daejeon", fullName: "대전광역시", fullNameEnglish: "Daejeon",
             latitude: 36.3504, longitude: 127.3845, weight: 2, medianPrice: 65_000, districts: [
                p("동구", "Dong-gu", 36.3120, 127.4548, 0.8),
                p("중구", "Jung-gu", 36.3255, 127.4213, 1),
                p("서구", "Seo-gu", 36.3554, 127.3838, 1),
                p("유성구", "Yuseong-gu", 36.3623, 127.3562, 1.2),
                p("대덕구", "Daedeok-gu", 36.3467, 127.4156, 0.4),
             ]),
        City(slug: "gwangju", name: "광주", nameEnglish: "Gwangju", fullName: "광주광역시", fullNameEnglish: "Gwangju",
             latitude: 35.1595, longitude: 126.8526, weight: 2, medianPrice: 65_000, districts: [
                p("동구", "Dong-gu", 35.1460, 126.9231, 1.2),
                p("서구", "Seo-gu", 35.1520, 126.8895, 1),
                p("남구", "Nam-gu", 35.1330, 126.9026, 0.6),
                p("북구", "Buk-gu", 35.1741, 126.9120, 0.8),
                p("광산구", "Gwangsan-gu", 35.1396, 126.7937, 0.8),
             ]),
        City(slug: "ulsan", name: "울산", nameEnglish: "Ulsan", fullName: "울산광역시", fullNameEnglish: "Ulsan",
             latitude: 35.5384, longitude: 129.3114, weight: 1.5, medianPrice: 70_000, districts: [
                p("중구", "Jung-gu", 35.5690, 129.3326, 0.8),
                p("남구", "Nam-gu", 35.5439, 129.3301, 1.2),
                p("동구", "Dong-gu", 35.5049, 129.4166, 0.6),
                p("북구", "Buk-gu", 35.5827, 129.3614, 0.4),
                p("울주군", "Ulju-gun", 35.5623, 129.1243, 0.6),
             ]),
        City(slug: "suwon", name: "수원", nameEnglish: "Suwon", fullName: "경기도 수원시", fullNameEnglish: "Suwon, Gyeonggi-do",
             latitude: 37.2636, longitude: 127.0286, weight: 2, medianPrice: 70_000, districts: [
                p("장안구", "Jangan-gu", 37.3039, 127.0103, 0.6),
                p("권선구", "Gwonseon-gu", 37.2575, 126.9718, 0.6),
                p("팔달구", "Paldal-gu", 37.2826, 127.0197, 1.2, [p("행궁동", "Haenggung-dong", 37.2826, 127.0140, 1)]),
                p("영통구", "Yeongtong-gu", 37.2596, 127.0465, 0.8),
             ]),
        City(slug: "bucheon", name: "부천", nameEnglish: "Bucheon", fullName: "경기도 부천시", fullNameEnglish: "Bucheon, Gyeonggi-do",
             latitude: 37.5034, longitude: 126.7660, weight: 1, medianPrice: 65_000, districts: [
                p("원미구", "Wonmi-gu", 37.5040, 126.7750, 1.2),
                p("소사구", "Sosa-gu", 37.4823, 126.7953, 0.6),
                p("오정구", "Ojeong-gu", 37.5271, 126.7957, 0.4),
             ]),
        City(slug: "uijeongbu", name: "의정부", nameEnglish: "Uijeongbu", fullName: "경기도 의정부시",
             fullNameEnglish: "Uijeongbu, Gyeonggi-do", latitude: 37.7381, longitude: 127.0338, weight: 0.6,
             medianPrice: 60_000, districts: [
                p("의정부동", "Uijeongbu-dong", 37.7386, 127.0457, 1.2),
                p("호원동", "Howon-dong", 37.7197, 127.0446, 0.5),
                p("민락동", "Minrak-dong", 37.7485, 127.0915, 0.6),
                p("신곡동", "Singok-dong", 37.7398, 127.0583, 0.5),
                p("가능동", "Ganeung-dong", 37.7478, 127.0414, 0.4),
             ]),
        City(slug: "gangneung", name: "강릉", nameEnglish: "Gangneung", fullName: "강원특별자치도 강릉시",
             fullNameEnglish: "Gangneung, Gangwon", latitude: 37.7519, longitude: 128.8761, weight: 4,
             medianPrice: 100_000, districts: [
                p("교동", "Gyo-dong", 37.7640, 128.8990, 1),
                p("경포", "Gyeongpo", 37.7956, 128.9087, 1.5),
                p("안목", "Anmok", 37.7724, 128.9474, 1),
                p("주문진", "Jumunjin", 37.8916, 128.8254, 0.7),
                p("정동진", "Jeongdongjin", 37.6910, 129.0340, 0.6),
             ]),
        City(slug: "gyeongju", name: "경주", nameEnglish: "Gyeongju", fullName: "경상북도 경주시",
             fullNameEnglish: "Gyeongju, Gyeongsangbuk-do", latitude: 35.8562, longitude: 129.2247, weight: 3.5,
             medianPrice: 85_000, districts: [
                p("황리단길", "Hwangnidan-gil", 35.8380, 129.2100, 1.5),
                p("보문관광단지", "Bomun Lake Resort", 35.8420, 129.2860, 1.2),
                p("불국동", "Bulguk-dong", 35.7900, 129.3320, 0.6),
                p("성건동", "Seonggeon-dong", 35.8460, 129.2090, 0.4),
                p("감포읍", "Gampo-eup", 35.8070, 129.5030, 0.3),
             ]),
        City(slug: "jeonju", name: "전주", nameEnglish: "Jeonju", fullName: "전북특별자치도 전주시",
             fullNameEnglish: "Jeonju, Jeonbuk", latitude: 35.8242, longitude: 127.1480, weight: 2.5,
             medianPrice: 75_000, districts: [
                p("완산구", "Wansan-gu", 35.8122, 127.1198, 1, [p("전주한옥마을", "Jeonju Hanok Village", 35.8151, 127.1530, 2)]),
                p("덕진구", "Deokjin-gu", 35.8294, 127.1338, 0.6),
             ]),
        City(slug: "yeosu", name: "여수", nameEnglish: "Yeosu", fullName: "전라남도 여수시",
             fullNameEnglish: "Yeosu, Jeollanam-do", latitude: 34.7604, longitude: 127.6622, weight: 2.5,
             medianPrice: 90_000, districts: [
                p("종화동", "Jonghwa-dong", 34.7390, 127.7370, 1.2),
                p("돌산읍", "Dolsan-eup", 34.7210, 127.7420, 1.2),
                p("웅천동", "Ungcheon-dong", 34.7470, 127.6700, 0.8),
                p("여천동", "Yeocheon-dong", 34.7620, 127.6630, 0.4),
                p("만성리", "Manseong-ri", 34.7810, 127.7430, 0.3),
             ]),
        City(slug: "sokcho", name: "속초", nameEnglish: "Sokcho", fullName: "강원특별자치도 속초시",
             fullNameEnglish: "Sokcho, Gangwon", latitude: 38.2070, longitude: 128.5918, weight: 2.5,
             medianPrice: 95_000, districts: [
                p("영랑동", "Yeongnang-dong", 38.2167, 128.5933, 0.6),
                p("조양동", "Joyang-dong", 38.1900, 128.6020, 1.2),
                p("청호동", "Cheongho-dong", 38.1990, 128.5980, 0.6),
                p("대포동", "Daepo-dong", 38.1750, 128.6070, 0.5),
                p("설악동", "Seorak-dong", 38.1650, 128.5200, 0.8),
             ]),
    ]
}
