import Foundation
import Domain

/// Makes one demo listing and its calendar from its own random stream.
struct DemoListingMaker {
    let generator: DemoGenerator
    let index: Int
    var rng: SplitMix64

    static let coastalCities: Set<String> = ["busan", "jeju", "gangneung", "sokcho", "yeosu", "incheon"]
    static let hanokPlaces: Set<String> = ["종로구", "인사동", "익선동", "전주한옥마을", "완산구", "황리단길", "불국동"]
    static let hostNames = ["민준", "서연", "지훈", "하은", "도윤", "지우", "서준", "수아", "예준", "지유", "시우", "서윤",
                            "주원", "하린", "지호", "채원", "현우", "민서", "건우", "윤서", "우진", "다은", "선우", "은서",
                            "연우", "가은", "유준", "예린", "정우", "소율", "승현", "지안", "영희", "철수", "미경", "상훈",
                            "혜진", "동현", "수빈", "재훈"]
    static let amenities = ["와이파이", "에어컨", "난방", "주방", "세탁기", "건조기", "무료 주차", "TV", "헤어드라이어",
                            "샴푸", "냉장고", "전자레인지", "엘리베이터", "욕조", "테라스", "바비큐 그릴", "업무 전용 공간",
                            "커피 머신", "다리미", "소화기", "화재경보기", "일산화탄소 경보기", "구급상자", "넷플릭스",
                            "아기 침대", "셀프 체크인", "반려동물 동반 가능"]
    static let houseRules = ["실내 흡연 금지", "반려동물 동반 불가", "파티 및 이벤트 금지", "밤 10시 이후 정숙",
                             "외부인 방문 불가", "분리수거 부탁드려요"]

    mutating func make() -> DemoListing {
        let id = generator.id(at: index)
        let slot = generator.slot(for: rng.unit())
        let city = slot.city
        let place = slot.place

        // About 1.2 km around a district centre, 0.5 km around a neighbourhood's.
        let spreadKm = slot.isNeighbourhood ? 0.5 : 1.2
        let latitude = place.latitude + rng.gaussian() * spreadKm / 111.0
        let longitude = place.longitude + rng.gaussian() * spreadKm / (111.0 * cos(place.latitude * .pi / 180))

        let roll = rng.unit()
        let roomType: RoomType = roll < 0.55 ? .entireHome : roll < 0.85 ? .privateRoom : roll < 0.95 ? .hotelRoom : .sharedRoom
        var bedrooms = 1
        var beds = 1
        var maxGuests = 1
        var bathrooms = 1.0
        switch roomType {
        case .entireHome:
            let r = rng.unit()
            bedrooms = r < 0.45 ? 1 : r < 0.8 ? 2 : r < 0.95 ? 3 : 4
            beds = bedrooms + rng.int(in: 0...1)
            maxGuests = min(12, beds * 2 + rng.int(in: 0...1) - (rng.chance(0.3) ? 1 : 0))
            bathrooms = bedrooms >= 3 ? 2 : (bedrooms == 2 && rng.chance(0.4) ? 1.5 : 1)
        case .privateRoom:
            beds = rng.chance(0.7) ? 1 : 2
            maxGuests = beds == 1 ? rng.int(in: 1...2) : 3
            bathrooms = rng.chance(0.3) ? 0.5 : 1
        case .hotelRoom:
            beds = rng.chance(0.6) ? 1 : 2
            maxGuests = beds + rng.int(in: 1...2)
        case .sharedRoom:
            beds = 1
            maxGuests = 1
        }
        maxGuests = max(1, maxGuests)

        let placeName = place.name
        let title = makeTitle(roomType: roomType, placeName: placeName, city: city, bedrooms: bedrooms)
        let fullName = slot.isNeighbourhood ? "\(city.fullName) \(slot.district.name) \(place.name)" : "\(city.fullName) \(place.name)"
        let description = makeDescription(roomType: roomType, fullName: fullName, maxGuests: maxGuests, city: city)

        // Prices: log-normal around the city median, by room type and size.
        let typeFactor: Double = switch roomType {
        case .entireHome: 1.0 + 0.3 * Double(bedrooms - 1)
        case .privateRoom: 0.55
        case .hotelRoom: 0.9
        case .sharedRoom: 0.3
        }
        var price = city.medianPrice * typeFactor * exp(rng.gaussian() * 0.4)
        if rng.chance(0.004) { price *= Double(rng.int(in: 5...20)) }  // luxury villas and penthouses
        let basePrice = Self.won(min(max(price, 10_000), 9_000_000))
        let weekendPrice: Int64? = rng.chance(0.6) ? Self.won(Double(basePrice) * (1.1 + rng.unit() * 0.2)) : nil
        let cleaningFee: Int64 = roomType == .hotelRoom || rng.chance(0.3) ? 0 : Int64(rng.int(in: 2...10) * 5_000)
        var extraGuestFee: Int64 = 0
        var guestsIncluded = 1
        if roomType == .entireHome, maxGuests >= 3, rng.chance(0.4) {
            guestsIncluded = max(1, maxGuests / 2)
            extraGuestFee = Int64(rng.int(in: 1...4) * 5_000)
        } else {
            guestsIncluded = maxGuests
        }
        let weekly = rng.chance(0.5) ? rng.int(in: 5...15) * 100 : 0
        let monthly = rng.chance(0.4) ? max(weekly, rng.int(in: 10...30) * 100) : 0
        let pricing = PricingRules(basePrice: basePrice, weekendPrice: weekendPrice, extraGuestFee: extraGuestFee,
                                   guestsIncluded: guestsIncluded, cleaningFee: cleaningFee,
                                   weeklyDiscountBasisPoints: weekly, monthlyDiscountBasisPoints: monthly)

        let nightsRoll = rng.unit()
        let minNights = nightsRoll < 0.6 ? 1 : nightsRoll < 0.9 ? 2 : 3
        let maxNights = rng.pick([30, 60, 90, 180, 365])

        // Reviews: long-tailed; ratings skewed high; some new listings have none.
        let reviewCount = rng.chance(0.08) ? 0 : min(1_500, Int(exp(2.6 + rng.gaussian() * 1.1).rounded()) + 1)
        let rating: Double? = reviewCount == 0 ? nil
            : (max(3.0, min(5.0, 4.95 - abs(rng.gaussian()) * 0.3)) * 100).rounded() / 100
        let isSuperhost = rng.chance(0.2)
        let host = Host(name: rng.pick(Self.hostNames), isSuperhost: isSuperhost,
                        since: generator.today.adding(days: -rng.int(in: 60...3_650)))

        let photoCount = rng.int(in: 3...8)
        let photos = (1...photoCount).map { DemoImagePath.listingPhoto(id: id, number: $0) }
        var amenities = Self.amenities.filter { _ in rng.chance(0.45) }
        if !amenities.contains("와이파이") { amenities.insert("와이파이", at: 0) }
        if Self.coastalCities.contains(city.slug), rng.chance(0.4) { amenities.append("바다 전망") }
        let rules = Self.houseRules.filter { _ in rng.chance(0.4) }

        let listing = Listing(
            id: id, locationID: LocationID(0), title: title, description: description, roomType: roomType,
            coordinate: Coordinate(latitude: latitude, longitude: longitude), timeZone: DemoGenerator.timeZone,
            currency: .krw, photoURLs: photos, amenities: amenities, host: host, maxGuests: maxGuests,
            bedrooms: bedrooms, beds: beds, bathrooms: bathrooms, rating: rating, reviewCount: reviewCount,
            pricing: pricing, minNights: minNights, maxNights: maxNights,
            checkinTime: rng.chance(0.7) ? "15:00" : "16:00", checkoutTime: rng.chance(0.7) ? "11:00" : "10:00",
            houseRules: rules, availableUntil: generator.today.adding(days: DemoGenerator.calendarDays),
            recommendationScore: RecommendationScore.compute(rating: rating, reviewCount: reviewCount, isSuperhost: isSuperhost),
            cancellationPolicy: Self.cancellationPolicy(of: id))
        return DemoListing(locationKey: slot.key, template: listing, calendar: makeCalendar(listing))
    }

    /// A realistic mix (3 in 10 flexible, half moderate, 1 in 5 strict), from the id alone so
    /// the rest of a listing's random draws stay as they were before policies existed.
    static func cancellationPolicy(of id: ListingID) -> CancellationPolicy {
        var mixed = UInt64(bitPattern: id.rawValue) &* 0x9E37_79B9_7F4A_7C15
        mixed ^= mixed >> 29
        switch mixed % 10 {
        case 0..<3: return .flexible
        case 3..<8: return .moderate
        default: return .strict
        }
    }

    /// Rounds to whole 1,000 won, at least 1,000.
    static func won(_ value: Double) -> Int64 {
        max(1_000, Int64((value / 1_000).rounded()) * 1_000)
    }

    private mutating func makeTitle(roomType: RoomType, placeName: String, city: DemoGeography.City, bedrooms: Int) -> String {
        let minutes = rng.int(in: 1...10)
        var templates: [String]
        switch roomType {
        case .entireHome:
            templates = ["\(placeName) 역세권 \(minutes)분 감성 숙소", "\(placeName) 루프탑 \(bedrooms)룸 하우스",
                         "\(placeName) 가족 여행 독채", "\(placeName) 신축 오피스텔 \(bedrooms)룸",
                         "\(placeName) 넓은 거실 아파트", "\(placeName) 뷰 맛집 스테이"]
            if Self.coastalCities.contains(city.slug) { templates += ["\(placeName) 오션뷰 스위트", "\(placeName) 바다 앞 독채 펜션"] }
            if Self.hanokPlaces.contains(placeName) { templates += ["\(placeName) 한옥 스테이", "\(placeName) 전통 한옥 독채"] }
            if city.slug == "jeju" { templates += ["\(placeName) 돌담 감귤밭 독채", "\(placeName) 제주 감성 타운하우스"] }
        case .privateRoom:
            templates = ["\(placeName) 역 \(minutes)분 감성 원룸", "\(placeName) 아늑한 개인실", "\(placeName) 조용한 프라이빗 룸",
                         "\(placeName) 여행자를 위한 깔끔한 방"]
        case .hotelRoom:
            templates = ["\(placeName) 비즈니스 호텔 더블룸", "\(placeName) 부티크 호텔 스탠다드", "\(placeName) 호텔 트윈룸"]
            if Self.coastalCities.contains(city.slug) { templates.append("\(placeName) 오션뷰 호텔 객실") }
        case .sharedRoom:
            templates = ["\(placeName) 게스트하우스 도미토리", "\(placeName) 여성 전용 다인실", "\(placeName) 배낭여행자 쉐어룸"]
        }
        return rng.pick(templates)
    }

    private mutating func makeDescription(roomType: RoomType, fullName: String, maxGuests: Int, city: DemoGeography.City) -> String {
        let kind = switch roomType {
        case .entireHome: "집 전체"
        case .privateRoom: "개인실"
        case .hotelRoom: "호텔 객실"
        case .sharedRoom: "다인실"
        }
        let features = ["대중교통으로 어디든 편하게 이동할 수 있어요.", "주변에 맛집과 카페가 많아요.",
                        "매 예약마다 침구를 새로 교체합니다.", "조용한 동네라 푹 쉬기 좋아요.",
                        "창밖으로 멋진 전망이 펼쳐져요.", "장기 숙박 게스트를 환영합니다."]
        var text = "\(fullName)에 있는 \(kind)입니다. 최대 \(maxGuests)명까지 머물 수 있어요.\n"
        text += rng.pick(features) + " " + rng.pick(features)
        if Self.coastalCities.contains(city.slug), rng.chance(0.5) { text += " 바다까지 걸어서 갈 수 있어요." }
        return text + "\n편안한 여행 되세요!"
    }

    /// A year of calendar from today: booked runs (denser on weekends, in summer and on
    /// holidays, and in the near term), host-blocked runs, seasonal price overrides with a
    /// 2-night minimum over holidays, and closed-to-arrival days for a few hosts.
    private mutating func makeCalendar(_ listing: Listing) -> [CalendarEntry] {
        let today = generator.today
        let days = DemoGenerator.calendarDays
        let demand = 0.04 + rng.unit() * 0.16
        let seasonal = rng.chance(0.8)
        let holidayFactor = 1.3 + rng.unit() * 0.3
        let summerFactor = 1.2 + rng.unit() * 0.3
        let closesSundays = rng.chance(0.1)
        var status = [DayStatus](repeating: .available, count: days)
        var day = 0
        while day < days {
            let date = today.adding(days: day)
            let lead = day < 30 ? 1.0 : day < 90 ? 0.6 : 0.3
            var factor = date.isWeekendNight ? 1.8 : 1.0
            if DemoSeasons.isSummerPeak(date) { factor *= 1.6 }
            if DemoSeasons.isHolidayPeak(date) { factor *= 2.0 }
            if rng.chance(min(0.9, demand * factor * lead)) {
                let length = max(listing.minNights, min(7, 1 + Int(-log(max(rng.unit(), 1e-9)) * 1.5)))
                for night in day..<min(days, day + length) { status[night] = .booked }
                day += length
            } else if rng.chance(0.004) {
                let length = rng.int(in: 1...5)
                for night in day..<min(days, day + length) { status[night] = .blocked }
                day += length
            } else {
                day += 1
            }
        }
        var entries: [CalendarEntry] = []
        for offset in 0..<days {
            let date = today.adding(days: offset)
            var entry = CalendarEntry(date: date, status: status[offset])
            let defaultPrice = NightlyPricer.basePrice(override: nil, isWeekendNight: date.isWeekendNight,
                                                       rules: listing.pricing)
            if seasonal, DemoSeasons.isHolidayPeak(date) {
                entry.price = Self.won(Double(defaultPrice) * holidayFactor)
                if listing.minNights < 2 { entry.minNights = 2 }
            } else if seasonal, DemoSeasons.isSummerPeak(date) {
                entry.price = Self.won(Double(defaultPrice) * summerFactor)
            }
            if closesSundays, date.weekday == 1, entry.status == .available { entry.closedToArrival = true }
            if entry.status != .available || entry.price != nil || entry.minNights != nil || entry.closedToArrival {
                entries.append(entry)
            }
        }
        return entries
    }
}
