import Domain
import HTTP1
import HTTPServer
import JSON

/// The one place where domain failures become HTTP problems (RFC 9457), each with its own
/// `type` (docs/API.md, "Problems"), its `title` and `detail` in English or Korean
/// (`LocalizedProblemConvertible`); `type`, `status` and the other members are the same in
/// both. `invalidParams` reasons stay English: they name a parameter's rule for developers.
extension StaysError: LocalizedProblemConvertible {
    public func problem(in language: Language) -> Problem {
        let l = language
        switch self {
        case .invalidParameters(let issues):
            return Problem.invalidParameters(issues.map { InvalidParam(name: $0.name, reason: $0.reason) }, language: l)
        case .listingNotFound(let id):
            return Problem(type: .listingNotFound, status: .notFound,
                           title: l.pick(en: "Listing not found", ko: "숙소를 찾을 수 없습니다"),
                           detail: l.pick(en: "There is no listing with id \(id).", ko: "ID가 \(id)인 숙소가 없습니다."))
        case .locationNotFound(let id):
            return Problem(type: .locationNotFound, status: .notFound,
                           title: l.pick(en: "Location not found", ko: "지역을 찾을 수 없습니다"),
                           detail: l.pick(en: "There is no location with id \(id).", ko: "ID가 \(id)인 지역이 없습니다."))
        case .unavailableDates(let dates):
            return Problem(type: .datesUnavailable, status: .conflict,
                           title: l.pick(en: "Dates not available", ko: "예약할 수 없는 날짜입니다"),
                           detail: l.pick(en: "Some nights of this stay cannot be booked.",
                                          ko: "이 숙박 기간에 예약할 수 없는 밤이 있습니다."),
                           extra: ["unavailableDates": dates.map(\.description)])
        case .datesNotOpen(let availableUntil, let dates):
            return Problem(type: .datesNotOpen, status: .conflict,
                           title: l.pick(en: "Dates not open yet", ko: "아직 예약이 열리지 않은 날짜입니다"),
                           detail: l.pick(en: "The host has not opened nights from \(availableUntil) for booking yet.",
                                          ko: "호스트가 \(availableUntil)부터의 밤은 아직 예약을 열지 않았습니다."),
                           extra: ["unavailableDates": dates.map(\.description),
                                   "availableUntil": [availableUntil.description]])
        case .stayRuleViolated(let rule):
            return Problem(type: .stayRuleViolated, status: .unprocessableContent,
                           title: l.pick(en: "Stay not allowed", ko: "예약 조건에 맞지 않는 숙박입니다"),
                           detail: rule.message(in: l), extra: ["rule": [rule.code]])
        case .unauthenticated(let reason):
            return Problem(type: .unauthenticated, status: .unauthorized,
                           title: l.pick(en: "Authentication required", ko: "인증이 필요합니다"),
                           detail: l.pick(en: reason, ko: "유효한 게스트 토큰(Authorization: Bearer)이 필요합니다."))
        case .reservationNotFound:
            // No id in the detail: an id that is not the caller's must read exactly like one
            // that does not exist.
            return Problem(type: .reservationNotFound, status: .notFound,
                           title: l.pick(en: "Reservation not found", ko: "예약을 찾을 수 없습니다"),
                           detail: l.pick(en: "You have no reservation with this id.", ko: "이 ID의 예약이 없습니다."))
        case .priceChanged(let quote):
            var writer = JSONWriter(capacity: 1024)
            writer.quote(quote)
            return Problem(type: .priceChanged, status: .conflict,
                           title: l.pick(en: "Price changed", ko: "요금이 바뀌었습니다"),
                           detail: l.pick(en: "The total of this stay is now \(quote.total); nothing was booked.",
                                          ko: "이 숙박의 총액은 이제 \(quote.total)입니다. 예약되지 않았습니다."),
                           jsonMembers: ["currentQuote": writer.bytes])
        case .stayEnded:
            return Problem(type: .stayEnded, status: .conflict,
                           title: l.pick(en: "Stay has ended", ko: "숙박이 끝났습니다"),
                           detail: l.pick(en: "A reservation cannot be cancelled once its checkout day has come.",
                                          ko: "체크아웃 날이 되면 예약을 취소할 수 없습니다."))
        case .invalidIdempotencyKey:
            return Problem(type: .invalidIdempotencyKey, status: .badRequest,
                           title: l.pick(en: "Invalid Idempotency-Key", ko: "Idempotency-Key가 올바르지 않습니다"),
                           detail: l.pick(en: "An Idempotency-Key header of 1 to 255 visible ASCII characters is required.",
                                          ko: "보이는 ASCII 문자 1~255자로 된 Idempotency-Key 헤더가 필요합니다."))
        case .idempotencyKeyReused:
            return Problem(type: .idempotencyKeyReused, status: .unprocessableContent,
                           title: l.pick(en: "Idempotency-Key reused", ko: "이미 사용한 Idempotency-Key입니다"),
                           detail: l.pick(en: "This Idempotency-Key was already used for a different request.",
                                          ko: "이 Idempotency-Key는 이미 다른 요청에 사용되었습니다."))
        }
    }
}

extension StayRule {
    /// `message` (English) or its Korean.
    func message(in language: Language) -> String {
        guard language == .ko else { return message }
        switch self {
        case .minNights(let required): return "이 숙박은 최소 \(required)박이어야 합니다."
        case .maxNights(let allowed): return "이 숙박은 최대 \(allowed)박까지 가능합니다."
        case .capacity(let maxGuests): return "이 숙소는 최대 \(maxGuests)명(성인과 어린이)까지 묵을 수 있습니다."
        case .closedToArrival(let date): return "\(date)에는 체크인할 수 없습니다."
        case .closedToDeparture(let date): return "\(date)에는 체크아웃할 수 없습니다."
        }
    }
}

/// The domain's problem kinds (the HTTP layer's are on `ProblemType` in HTTPServer).
extension ProblemType {
    static let invalidParameters = ProblemType(kind: "invalid-parameters")
    static let listingNotFound = ProblemType(kind: "listing-not-found")
    static let locationNotFound = ProblemType(kind: "location-not-found")
    static let reservationNotFound = ProblemType(kind: "reservation-not-found")
    static let datesUnavailable = ProblemType(kind: "dates-unavailable")
    static let datesNotOpen = ProblemType(kind: "dates-not-open")
    static let stayRuleViolated = ProblemType(kind: "stay-rule-violated")
    static let unauthenticated = ProblemType(kind: "unauthenticated")
    static let priceChanged = ProblemType(kind: "price-changed")
    static let stayEnded = ProblemType(kind: "stay-ended")
    static let invalidIdempotencyKey = ProblemType(kind: "invalid-idempotency-key")
    static let idempotencyKeyReused = ProblemType(kind: "idempotency-key-reused")
    static let notReady = ProblemType(kind: "not-ready")
}

extension Problem {
    /// 400 naming every bad parameter.
    static func invalidParameters(_ params: [InvalidParam], language: Language = .en) -> Problem {
        Problem(type: .invalidParameters, status: .badRequest,
                title: language.pick(en: "Invalid parameters", ko: "요청 값이 올바르지 않습니다"),
                detail: language.pick(en: "One or more parameters are missing or invalid.",
                                      ko: "빠졌거나 올바르지 않은 요청 값이 있습니다."),
                invalidParams: params)
    }
}
