/// A stable code for an amenity, which searches filter by (`ListingAttributeFilter`) and
/// `GET /amenities` lists with its Korean and English names.
///
/// Listings keep their amenities as the display strings their source wrote (the demo
/// generator's Korean names, Inside Airbnb's English ones, a host's codes); `codes(of:)`
/// maps those strings to codes by the patterns below. A string no pattern matches is still
/// shown on the listing, but no filter finds it.
///
/// Promises: the raw values never change once published (clients store them); at most 64
/// cases, so a listing's codes fit one `UInt64` (`mask`); a pattern is an exact string or a
/// prefix, compared by Unicode scalars (case and spacing as written), so that SQL can spell
/// the same rule (`ListingSearchSQL`).
public enum AmenityCode: String, CaseIterable, Hashable, Sendable {
    case wifi
    case kitchen
    case airConditioning = "air_conditioning"
    case heating
    case washer
    case dryer
    case freeParking = "free_parking"
    case paidParking = "paid_parking"
    case evCharger = "ev_charger"
    case tv
    case dedicatedWorkspace = "dedicated_workspace"
    case hairDryer = "hair_dryer"
    case iron
    case shampoo
    case refrigerator
    case microwave
    case coffeeMaker = "coffee_maker"
    case elevator
    case bathtub
    case patioOrBalcony = "patio_or_balcony"
    case bbqGrill = "bbq_grill"
    case pool
    case hotTub = "hot_tub"
    case gym
    case crib
    case selfCheckIn = "self_check_in"
    case petsAllowed = "pets_allowed"
    case smokingAllowed = "smoking_allowed"
    case breakfast
    case seaView = "sea_view"
    case beachAccess = "beach_access"
    case smokeAlarm = "smoke_alarm"
    case carbonMonoxideAlarm = "carbon_monoxide_alarm"
    case fireExtinguisher = "fire_extinguisher"
    case firstAidKit = "first_aid_kit"

    /// How a display string is recognised.
    public enum Pattern: Hashable, Sendable {
        /// The whole string.
        case exact(String)
        /// Strings that begin with it ("Fast wifi – 300 Mbps").
        case prefix(String)

        /// Compared by Unicode scalars, as SQL compares text (`=`, `substr`).
        public func matches(_ string: String) -> Bool {
            switch self {
            case .exact(let text): return string.unicodeScalars.elementsEqual(text.unicodeScalars)
            case .prefix(let text): return string.unicodeScalars.starts(with: text.unicodeScalars)
            }
        }
    }

    /// The code's bit in `mask(of:)`: its position in `allCases`.
    public var bit: UInt64 { Self.bits[self]! }

    private static let bits: [AmenityCode: UInt64] = Dictionary(
        uniqueKeysWithValues: allCases.enumerated().map { ($1, UInt64(1) << UInt64($0)) })

    /// The codes of a listing's amenity strings.
    public static func codes(of amenities: [String]) -> Set<AmenityCode> {
        Set(allCases.filter { code in amenities.contains { code.recognises($0) } })
    }

    /// `codes(of:)` as bits (`bit`).
    public static func mask(of amenities: [String]) -> UInt64 {
        amenities.reduce(0) { $0 | mask(of: $1) }
    }

    /// The bits of one display string (usually one code, or none).
    public static func mask(of amenity: String) -> UInt64 {
        allCases.reduce(0) { $0 | ($1.recognises(amenity) ? $1.bit : 0) }
    }

    /// `codes` as bits.
    public static func mask(_ codes: Set<AmenityCode>) -> UInt64 {
        codes.reduce(0) { $0 | $1.bit }
    }

    /// True when `amenity` names this code: one of `allPatterns`.
    public func recognises(_ amenity: String) -> Bool {
        allPatterns.contains { $0.matches(amenity) }
    }

    /// The code itself, its two names and `patterns`: every string that names it.
    public var allPatterns: [Pattern] {
        var all: [Pattern] = [.exact(rawValue)]
        for pattern in [Pattern.exact(koreanName), .exact(englishName)] + patterns where !all.contains(pattern) {
            all.append(pattern)
        }
        return all
    }

    /// The display strings the data has today (the demo generator's, Inside Airbnb's) that
    /// mean this amenity, besides the code and its names.
    public var patterns: [Pattern] {
        switch self {
        case .wifi: [.exact("와이파이"), .exact("Wifi"), .exact("Pocket wifi"), .prefix("Wifi – "), .prefix("Fast wifi")]
        case .kitchen: [.exact("주방"), .exact("Kitchen")]
        case .airConditioning:
            [.exact("에어컨"), .exact("Air conditioning"), .exact("Central air conditioning"), .exact("Window AC unit"),
             .exact("Portable air conditioning"), .prefix("AC - ")]
        case .heating:
            [.exact("난방"), .exact("Heating"), .exact("Central heating"), .exact("Radiant heating"),
             .exact("Portable heater"), .prefix("Heating - ")]
        case .washer:
            [.exact("세탁기"), .exact("Washer"), .exact("Free washer"), .exact("Paid washer"), .prefix("Washer –"),
             .prefix("Free washer –"), .prefix("Paid washer –")]
        case .dryer:
            [.exact("건조기"), .exact("Dryer"), .exact("Free dryer"), .exact("Paid dryer"), .prefix("Dryer –"),
             .prefix("Free dryer –"), .prefix("Paid dryer –")]
        case .freeParking:
            [.exact("무료 주차"), .exact("Free street parking"), .prefix("Free parking"), .prefix("Free driveway parking"),
             .prefix("Free carport"), .prefix("Free residential garage")]
        case .paidParking: [.exact("유료 주차"), .prefix("Paid parking"), .prefix("Paid street parking")]
        case .evCharger: [.exact("전기차 충전기"), .prefix("EV charger")]
        case .tv: [.exact("TV"), .exact("HDTV"), .prefix("TV with"), .prefix("HDTV with")]
        case .dedicatedWorkspace: [.exact("업무 전용 공간"), .prefix("Dedicated workspace")]
        case .hairDryer: [.exact("헤어드라이어"), .exact("Hair dryer")]
        case .iron: [.exact("다리미"), .exact("Iron")]
        case .shampoo: [.exact("샴푸"), .exact("Shampoo")]
        case .refrigerator: [.exact("냉장고"), .exact("Refrigerator"), .exact("Mini fridge")]
        case .microwave: [.exact("전자레인지"), .exact("Microwave")]
        case .coffeeMaker: [.exact("커피 머신"), .exact("Coffee maker"), .prefix("Coffee maker:")]
        case .elevator: [.exact("엘리베이터"), .exact("Elevator")]
        case .bathtub: [.exact("욕조"), .exact("Bathtub")]
        case .patioOrBalcony:
            [.exact("테라스"), .exact("Patio or balcony"), .exact("Private patio or balcony"), .exact("Shared patio or balcony")]
        case .bbqGrill:
            [.exact("바비큐 그릴"), .exact("BBQ grill"), .prefix("BBQ grill:"), .prefix("Private BBQ grill"),
             .prefix("Shared BBQ grill")]
        case .pool:
            [.exact("수영장"), .exact("Pool"), .prefix("Private pool"), .prefix("Shared pool"), .prefix("Private outdoor pool"),
             .prefix("Shared outdoor pool"), .prefix("Private indoor pool"), .prefix("Shared indoor pool")]
        case .hotTub: [.exact("온수 욕조"), .exact("Hot tub"), .prefix("Private hot tub"), .prefix("Shared hot tub")]
        case .gym:
            [.exact("헬스장"), .exact("Gym"), .exact("Gym in building"), .exact("Private gym in building"),
             .exact("Shared gym in building"), .exact("Private gym"), .exact("Shared gym")]
        case .crib: [.exact("아기 침대"), .exact("Crib"), .prefix("Crib - "), .prefix("Pack ’n play/Travel crib")]
        case .selfCheckIn: [.exact("셀프 체크인"), .exact("Self check-in")]
        case .petsAllowed: [.exact("반려동물 동반 가능"), .exact("Pets allowed")]
        case .smokingAllowed: [.exact("흡연 가능"), .exact("Smoking allowed")]
        case .breakfast: [.exact("조식"), .exact("Breakfast")]
        case .seaView: [.exact("바다 전망"), .exact("Sea view"), .exact("Ocean view"), .exact("Beach view")]
        case .beachAccess: [.exact("해변 바로 앞"), .prefix("Beach access"), .prefix("Public or shared beach access")]
        case .smokeAlarm: [.exact("화재경보기"), .exact("Smoke alarm")]
        case .carbonMonoxideAlarm: [.exact("일산화탄소 경보기"), .exact("Carbon monoxide alarm")]
        case .fireExtinguisher: [.exact("소화기"), .exact("Fire extinguisher")]
        case .firstAidKit: [.exact("구급상자"), .exact("First aid kit")]
        }
    }

    /// The name shown in Korean.
    public var koreanName: String {
        switch self {
        case .wifi: "와이파이"
        case .kitchen: "주방"
        case .airConditioning: "에어컨"
        case .heating: "난방"
        case .washer: "세탁기"
        case .dryer: "건조기"
        case .freeParking: "무료 주차"
        case .paidParking: "유료 주차"
        case .evCharger: "전기차 충전기"
        case .tv: "TV"
        case .dedicatedWorkspace: "업무 전용 공간"
        case .hairDryer: "헤어드라이어"
        case .iron: "다리미"
        case .shampoo: "샴푸"
        case .refrigerator: "냉장고"
        case .microwave: "전자레인지"
        case .coffeeMaker: "커피 머신"
        case .elevator: "엘리베이터"
        case .bathtub: "욕조"
        case .patioOrBalcony: "테라스 또는 발코니"
        case .bbqGrill: "바비큐 그릴"
        case .pool: "수영장"
        case .hotTub: "온수 욕조"
        case .gym: "헬스장"
        case .crib: "아기 침대"
        case .selfCheckIn: "셀프 체크인"
        case .petsAllowed: "반려동물 동반 가능"
        case .smokingAllowed: "흡연 가능"
        case .breakfast: "조식"
        case .seaView: "바다 전망"
        case .beachAccess: "해변 이용"
        case .smokeAlarm: "화재경보기"
        case .carbonMonoxideAlarm: "일산화탄소 경보기"
        case .fireExtinguisher: "소화기"
        case .firstAidKit: "구급상자"
        }
    }

    /// The name shown in English.
    public var englishName: String {
        switch self {
        case .wifi: "Wifi"
        case .kitchen: "Kitchen"
        case .airConditioning: "Air conditioning"
        case .heating: "Heating"
        case .washer: "Washer"
        case .dryer: "Dryer"
        case .freeParking: "Free parking"
        case .paidParking: "Paid parking"
        case .evCharger: "EV charger"
        case .tv: "TV"
        case .dedicatedWorkspace: "Dedicated workspace"
        case .hairDryer: "Hair dryer"
        case .iron: "Iron"
        case .shampoo: "Shampoo"
        case .refrigerator: "Refrigerator"
        case .microwave: "Microwave"
        case .coffeeMaker: "Coffee maker"
        case .elevator: "Elevator"
        case .bathtub: "Bathtub"
        case .patioOrBalcony: "Patio or balcony"
        case .bbqGrill: "BBQ grill"
        case .pool: "Pool"
        case .hotTub: "Hot tub"
        case .gym: "Gym"
        case .crib: "Crib"
        case .selfCheckIn: "Self check-in"
        case .petsAllowed: "Pets allowed"
        case .smokingAllowed: "Smoking allowed"
        case .breakfast: "Breakfast"
        case .seaView: "Sea view"
        case .beachAccess: "Beach access"
        case .smokeAlarm: "Smoke alarm"
        case .carbonMonoxideAlarm: "Carbon monoxide alarm"
        case .fireExtinguisher: "Fire extinguisher"
        case .firstAidKit: "First aid kit"
        }
    }
}
